import { randomUUID } from 'node:crypto';
import { config, TARGETS } from './bench-config.js';
import { sql } from './bench-database.js';
import { PLACE_ORDER, firstError, gql, placeOrderInput, type CartLine, type GqlResult } from './graphql-operations.js';
import { percentile } from './stats.js';

type PlaceOrderData = {
  placeOrder?: {
    __typename: string;
    reference?: string;
    message?: string;
    lines?: Array<{ sizeId: string; problem: { kind: string; message: string } | null }>;
  };
};

export interface Throughput {
  buyers: number;
  seconds: number;
  attempts: number;
  placed: number;
  ordersPerSec: number;
  p50: number;
  p99: number;
  outcomes: Record<string, number>;
  /** The warm-up before the measured seconds (not in the figures above), or null without one (BENCH_WARMUP=0). */
  warmup: { seconds: number; placed: number; ordersPerSec: number; p99: number } | null;
}

export interface OversellRound {
  round: number;
  sizeId: number;
  initialStock: number;
  buyers: number;
  placed: number;
  rejected: number;
  stockAfter: number;
  reservedAfter: number;
  orderedUnits: number;
  oversold: number;
  consistent: boolean;
  ms: number;
}

/** A flash sale: every buyer at once (own email and client address) for 1 unit of one size with a small stock. */
export interface FlashSale {
  buyers: number;
  initialStock: number;
  placed: number;
  /** Refusals that name the size as sold out in Spanish (CartProblem, «Agotado» / «Se agotó…»). */
  refusedSoldOut: number;
  /** Any other answer (an error, a limit, a timeout), by kind: none in a valid run. */
  otherOutcomes: Record<string, number>;
  stockAfter: number;
  reservedAfter: number;
  orderedUnits: number;
  /** Exactly the stock sold, the rest refused as sold out, stock + reserved = initial, reserved = units ordered. */
  exact: boolean;
  p50: number;
  p99: number;
  ms: number;
}

export interface CheckoutResult {
  note: string | null;
  throughput: Throughput | null;
  rounds: OversellRound[];
  oversold: number | null;
  flash: FlashSale | null;
}

/** One "buyer" = one client IP behind the shop's trusted proxy (198.18.0.0/15 is the RFC 2544 benchmarking range; header only). */
const buyerHeaders = (buyer: number) => ({
  'x-forwarded-for': `198.18.${Math.floor(buyer / 250) % 256}.${(buyer % 250) + 1}`,
});

function outcome(r: GqlResult<PlaceOrderData>): string {
  if (r.data?.placeOrder?.__typename) return r.data.placeOrder.__typename;
  return r.errors?.[0]?.extensions?.code ?? `HTTP ${r.status}`;
}

async function placeOrder(
  url: string,
  lines: CartLine[],
  buyer: number,
): Promise<{ ms: number; result: GqlResult<PlaceOrderData> }> {
  const started = performance.now();
  const result = await gql<PlaceOrderData>(
    url,
    PLACE_ORDER,
    { input: placeOrderInput(lines, buyer, `bench-${randomUUID()}`) },
    buyerHeaders(buyer),
  );
  return { ms: performance.now() - started, result };
}

/** Synthetic sizes (never used by the API or cart fixtures) for checkout. */
async function syntheticSizes(
  dbUrl: string,
  count: number,
  offset: number,
): Promise<Array<{ productId: number; sizeId: number }>> {
  const rows = await sql<{ product_id: number; size_id: number }>(
    dbUrl,
    `SELECT p.id AS product_id, s.id AS size_id FROM product p JOIN product_size s ON s.product_id = p.id AND s.label = 'M'
      WHERE p.slug LIKE 'bench-%' AND p.active ORDER BY p.id DESC LIMIT $1 OFFSET $2`,
    [count, offset],
  );
  return rows.map((r) => ({ productId: r.product_id, sizeId: r.size_id }));
}

/** Places `count` orders (a few at a time) so the staff listing has pages to show. */
export async function createOrders(shopUrl: string, dbUrl: string, count: number): Promise<number> {
  const sizes = await syntheticSizes(dbUrl, 20, 500);
  await sql(dbUrl, `UPDATE product_size SET stock = stock + 1000 WHERE id = ANY($1::int[])`, [
    sizes.map((s) => s.sizeId),
  ]);
  let placed = 0;
  for (let i = 0; i < count; i += 5) {
    const batch = Array.from({ length: Math.min(5, count - i) }, (_, j) => {
      const a = sizes[(i + j) % sizes.length]!;
      const b = sizes[(i + j + 7) % sizes.length]!;
      const lines = [a, b].map((s) => ({ productId: String(s.productId), sizeId: String(s.sizeId), quantity: 1 }));
      return placeOrder(shopUrl, lines, i + j);
    });
    for (const { result } of await Promise.all(batch)) if (outcome(result) === 'OrderPlaced') placed++;
  }
  return placed;
}

/** Is placeOrder implemented? Tries one real order; returns the problem or null. */
export async function placeOrderProblem(shopUrl: string, dbUrl: string): Promise<string | null> {
  const [s] = await syntheticSizes(dbUrl, 1, 600);
  const { result } = await placeOrder(
    shopUrl,
    [{ productId: String(s!.productId), sizeId: String(s!.sizeId), quantity: 1 }],
    0,
  );
  const error = firstError(result);
  if (error) return error;
  return outcome(result) === 'OrderPlaced' ? null : `${outcome(result)}: ${result.data?.placeOrder?.message ?? ''}`;
}

/**
 * 50 concurrent checkouts for BENCH_DURATION seconds, each order 1 unit of a size with plenty of stock, after
 * BENCH_WARMUP seconds of the same load whose orders are kept apart (as the API section discards its warm-up): in its
 * first seconds the shop compiles placeOrder with graphql-jit and V8 optimises it, and each of PostgreSQL's
 * connections prepares the order's statements once.
 */
async function throughput(shopUrl: string, dbUrl: string): Promise<Throughput> {
  const sizes = await syntheticSizes(dbUrl, 200, 0);
  await sql(dbUrl, `UPDATE product_size SET stock = 100000 WHERE id = ANY($1::int[])`, [sizes.map((s) => s.sizeId)]);
  let next = 0;
  const buyFor = async (duration: number) => {
    const latencies: number[] = [];
    const outcomes: Record<string, number> = {};
    const started = performance.now();
    const deadline = started + duration * 1000;
    await Promise.all(
      Array.from({ length: config.buyers }, async () => {
        while (performance.now() < deadline) {
          // Each attempt is a new shopper (own email and client IP): 50 checkouts in flight at all times.
          const shopper = next++;
          const s = sizes[shopper % sizes.length]!;
          const { ms, result } = await placeOrder(
            shopUrl,
            [{ productId: String(s.productId), sizeId: String(s.sizeId), quantity: 1 }],
            2000 + shopper,
          );
          latencies.push(ms);
          const o = outcome(result);
          outcomes[o] = (outcomes[o] ?? 0) + 1;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    return { latencies, outcomes, seconds, placed: outcomes.OrderPlaced ?? 0 };
  };
  const warm = config.warmupS > 0 ? await buyFor(config.warmupS) : null;
  const { latencies, outcomes, seconds, placed } = await buyFor(config.duration);
  return {
    buyers: config.buyers,
    seconds,
    attempts: latencies.length,
    placed,
    ordersPerSec: placed / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    outcomes,
    warmup: warm && {
      seconds: warm.seconds,
      placed: warm.placed,
      ordersPerSec: warm.placed / warm.seconds,
      p99: percentile(warm.latencies, 99),
    },
  };
}

/**
 * 50 buyers at once for one size never ordered before, stock 20, 1 unit each: at most 20 orders,
 * stock ≥ 0, stock + reserved = 20 and reserved = units in order lines = orders placed.
 */
async function oversellRound(
  shopUrl: string,
  dbUrl: string,
  round: number,
  size: { productId: number; sizeId: number },
): Promise<OversellRound> {
  const initialStock = config.oversellStock;
  await sql(dbUrl, `UPDATE product_size SET stock = $2, reserved = 0 WHERE id = $1`, [size.sizeId, initialStock]);
  const line = [{ productId: String(size.productId), sizeId: String(size.sizeId), quantity: 1 }];
  const started = performance.now();
  const results = await Promise.all(
    Array.from({ length: config.buyers }, (_, buyer) => placeOrder(shopUrl, line, 1000 + round * 100 + buyer)),
  );
  const ms = performance.now() - started;
  const placed = results.filter((r) => outcome(r.result) === 'OrderPlaced').length;
  const [after] = await sql<{ stock: number; reserved: number; units: number }>(
    dbUrl,
    `SELECT s.stock, s.reserved,
            (SELECT coalesce(sum(l.quantity), 0)::int FROM order_line l WHERE l.size_id = s.id) AS units
       FROM product_size s WHERE s.id = $1`,
    [size.sizeId],
  );
  const oversold = Math.max(0, placed - initialStock, after!.units - initialStock, -after!.stock);
  return {
    round,
    sizeId: size.sizeId,
    initialStock,
    buyers: config.buyers,
    placed,
    rejected: results.length - placed,
    stockAfter: after!.stock,
    reservedAfter: after!.reserved,
    orderedUnits: after!.units,
    oversold,
    consistent:
      after!.stock >= 0 &&
      after!.stock + after!.reserved === initialStock &&
      after!.reserved === after!.units &&
      placed === after!.units,
    ms,
  };
}

const SOLD_OUT_MESSAGE = /agot/i;

/**
 * TARGETS.flashBuyers buyers at once (each a new shopper with their own address) for 1 unit of a size never ordered
 * before with TARGETS.flashStock units: exactly that many orders, every other buyer told in Spanish that it sold out.
 */
async function flashSale(
  shopUrl: string,
  dbUrl: string,
  size: { productId: number; sizeId: number },
): Promise<FlashSale> {
  const initialStock = TARGETS.flashStock;
  await sql(dbUrl, `UPDATE product_size SET stock = $2, reserved = 0 WHERE id = $1`, [size.sizeId, initialStock]);
  const line = [{ productId: String(size.productId), sizeId: String(size.sizeId), quantity: 1 }];
  const started = performance.now();
  const results = await Promise.all(
    Array.from({ length: TARGETS.flashBuyers }, (_, buyer) => placeOrder(shopUrl, line, 20_000 + buyer)),
  );
  const ms = performance.now() - started;
  let placed = 0;
  let refusedSoldOut = 0;
  const otherOutcomes: Record<string, number> = {};
  for (const { result } of results) {
    const o = outcome(result);
    const problem = result.data?.placeOrder?.lines?.find((l) => l.sizeId === String(size.sizeId))?.problem;
    if (o === 'OrderPlaced') placed++;
    else if (o === 'CartProblem' && problem?.kind === 'SOLD_OUT' && SOLD_OUT_MESSAGE.test(problem.message))
      refusedSoldOut++;
    else otherOutcomes[o] = (otherOutcomes[o] ?? 0) + 1;
  }
  const [after] = await sql<{ stock: number; reserved: number; units: number }>(
    dbUrl,
    `SELECT s.stock, s.reserved,
            (SELECT coalesce(sum(l.quantity), 0)::int FROM order_line l WHERE l.size_id = s.id) AS units
       FROM product_size s WHERE s.id = $1`,
    [size.sizeId],
  );
  const latencies = results.map((r) => r.ms);
  return {
    buyers: TARGETS.flashBuyers,
    initialStock,
    placed,
    refusedSoldOut,
    otherOutcomes,
    stockAfter: after!.stock,
    reservedAfter: after!.reserved,
    orderedUnits: after!.units,
    exact:
      placed === initialStock &&
      refusedSoldOut === TARGETS.flashBuyers - initialStock &&
      after!.stock === 0 &&
      after!.stock + after!.reserved === initialStock &&
      after!.units === initialStock,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    ms,
  };
}

export async function runCheckout(shopUrl: string, dbUrl: string): Promise<CheckoutResult> {
  const problem = await placeOrderProblem(shopUrl, dbUrl);
  if (problem)
    return {
      note: `placeOrder no disponible: ${problem.slice(0, 160)}`,
      throughput: null,
      rounds: [],
      oversold: null,
      flash: null,
    };
  const tp = await throughput(shopUrl, dbUrl);
  const fresh = await syntheticSizes(dbUrl, config.oversellRounds + 1, 1000);
  const rounds: OversellRound[] = [];
  for (const [i, size] of fresh.slice(0, config.oversellRounds).entries())
    rounds.push(await oversellRound(shopUrl, dbUrl, i + 1, size));
  const flash = await flashSale(shopUrl, dbUrl, fresh[config.oversellRounds]!);
  return { note: null, throughput: tp, rounds, oversold: rounds.reduce((n, r) => n + r.oversold, 0), flash };
}
