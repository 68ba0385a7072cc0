import autocannon, { type Result } from 'autocannon';
import { config, TARGETS } from './bench-config.js';
import { CART_QUOTE, LISTING, PRODUCT, firstError, gql, type CartLine } from './graphql-operations.js';

export interface ApiFixtures {
  listingCategory: string;
  productId: string;
  cartLines: CartLine[];
}

export interface Measured {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  mismatches: number;
}

export interface ApiRow {
  operation: string;
  shop: Measured | null;
  baseline: Measured | null;
  ratio: number | null;
  meetsRatio: boolean | null;
  meetsP99: boolean | null;
  note?: string;
}

interface Operation {
  name: string;
  query: string;
  baselinePath: string;
  variables: Record<string, unknown>;
}

function operations(f: ApiFixtures): Operation[] {
  return [
    {
      name: 'listado (collares, 24)',
      query: LISTING,
      baselinePath: '/listing',
      variables: { category: f.listingCategory, first: 24 },
    },
    { name: 'detalle de producto', query: PRODUCT, baselinePath: '/product', variables: { id: f.productId } },
    {
      name: 'cartQuote (5 líneas)',
      query: CART_QUOTE,
      baselinePath: '/cart-quote',
      variables: { input: { lines: f.cartLines } },
    },
  ];
}

export function measured(r: Result): Measured {
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r['2xx'] + r.non2xx,
    non2xx: r.non2xx,
    errors: r.errors,
    mismatches: r.mismatches,
  };
}

/** Rounds per operation (shop and baseline alternate); BENCH_DURATION is split between them. */
const ROUNDS = 3;

/** Several runs as one: throughput averaged, p50 the median run's, p99 the worst run's. */
function combined(runs: Result[]): Measured {
  const all = runs.map(measured);
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const sum = (key: 'requests' | 'non2xx' | 'errors' | 'mismatches') => all.reduce((n, m) => n + m[key], 0);
  return {
    rps: all.reduce((n, m) => n + m.rps, 0) / all.length,
    p50: median(all.map((m) => m.p50)),
    p99: Math.max(...all.map((m) => m.p99)),
    requests: sum('requests'),
    non2xx: sum('non2xx'),
    errors: sum('errors'),
    mismatches: sum('mismatches'),
  };
}

/** `nextBody`: a body for each request instead of the same `body` every time. */
export async function cannon(url: string, body: string, duration: number, nextBody?: () => string): Promise<Result> {
  return autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    connections: config.connections,
    duration,
    timeout: 10,
    // A GraphQL error answers 200: such bodies are counted as mismatches, not as throughput.
    verifyBody: (b) => b.startsWith('{"data"') && !b.includes('"errors"'),
    ...(nextBody && {
      requests: [
        {
          setupRequest: (req) => {
            req.body = nextBody();
            return req;
          },
        },
      ],
    }),
  });
}

/**
 * Load generator (autocannon) in this process; the shop and the baseline each in their own child
 * process, measured one after the other against the same database. config.warmupS s of warm-up (discarded)
 * before each measured run.
 */
export async function runApiThroughput(shopUrl: string, baselineUrl: string, fixtures: ApiFixtures): Promise<ApiRow[]> {
  const rows: ApiRow[] = [];
  for (const op of operations(fixtures)) {
    const body = JSON.stringify({ query: op.query, variables: op.variables });
    const check = await gql(shopUrl, op.query, op.variables);
    const problem = firstError(check);
    if (problem) {
      rows.push({
        operation: op.name,
        shop: null,
        baseline: null,
        ratio: null,
        meetsRatio: null,
        meetsP99: null,
        note: `n/d: ${problem.slice(0, 120)}`,
      });
      continue;
    }
    const baseCheck = await fetch(`${baselineUrl}${op.baselinePath}`, { method: 'POST', body });
    const baseBody = await baseCheck.text();
    if (baseCheck.status !== 200) throw new Error(`La línea base falla en ${op.name}: ${baseBody.slice(0, 200)}`);
    const [a, b] = [JSON.stringify(JSON.parse(baseBody)), JSON.stringify({ data: check.data })];
    if (a !== b) {
      let i = 0;
      while (i < a.length && a[i] === b[i]) i++;
      console.warn(
        `  ⚠ ${op.name}: la línea base difiere de la tienda en …${a.slice(Math.max(0, i - 40), i + 60)}… vs …${b.slice(Math.max(0, i - 40), i + 60)}…`,
      );
    }
    process.stdout.write(`  · ${op.name}:`);
    await cannon(`${shopUrl}/graphql`, body, config.warmupS);
    await cannon(`${baselineUrl}${op.baselinePath}`, body, config.warmupS);
    // Shop and baseline alternate in short rounds: the machine's load drifts (2 cores shared with PostgreSQL and
    // autocannon), and one long run of each would put the drift into the ratio. The ratio is the median round's.
    const shopRuns: Result[] = [];
    const baseRuns: Result[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      process.stdout.write(` ${round}/${ROUNDS}`);
      shopRuns.push(await cannon(`${shopUrl}/graphql`, body, config.duration / ROUNDS));
      baseRuns.push(await cannon(`${baselineUrl}${op.baselinePath}`, body, config.duration / ROUNDS));
    }
    process.stdout.write(' ✓\n');
    const shop = combined(shopRuns);
    const baseline = combined(baseRuns);
    const ratios = shopRuns
      .map((r, i) => (baseRuns[i]!.requests.average > 0 ? r.requests.average / baseRuns[i]!.requests.average : 0))
      .sort((a, b) => a - b);
    const ratio = baseline.rps > 0 ? ratios[Math.floor(ratios.length / 2)]! : null;
    rows.push({
      operation: op.name,
      shop,
      baseline,
      ratio,
      meetsRatio: ratio !== null && ratio >= (op.query === LISTING ? TARGETS.listingRatio : TARGETS.apiRatio),
      meetsP99: shop.p99 <= TARGETS.apiP99Ms,
    });
  }
  return rows;
}
