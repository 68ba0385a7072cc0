import { parseEnv } from '../../server/src/config/env.js';
import { createLogger, startShop } from '../../server/src/app/start-shop.js';
import { randomUUID } from 'node:crypto';
import {
  CART_QUOTE,
  LISTING,
  PLACE_ORDER,
  SEARCH,
  STAFF_ORDERS,
  firstError,
  gql,
  placeOrderInput,
} from './graphql-operations.js';
import type { Fixtures } from './fixtures.js';
import { onCleanup } from './lifecycle.js';
import { captureStatements, requestStatements } from './statement-counter.js';
import { sql } from './bench-database.js';

export interface SqlRow {
  operation: string;
  statements: number | null;
  note?: string;
  /** The statements of the measured request (whitespace collapsed). */
  sql?: string[];
}

export interface SqlResult {
  rows: SqlRow[];
  listingMax: number | null;
  listingConstant: boolean | null;
  cartConstant: boolean | null;
  staffConstant: boolean | null;
  searchConstant: boolean | null;
}

interface Probe {
  operation: string;
  query: string;
  /** A function for a mutation that must differ on every call (a new order each time). */
  variables: Record<string, unknown> | (() => Record<string, unknown>);
  headers?: Record<string, string>;
}

const vars = (p: Probe) => (typeof p.variables === 'function' ? p.variables() : p.variables);

/**
 * A second shop, in this process, over the same database: every statement its pool sends while one
 * request is in flight is counted (pg-level hook, no server change). One warm-up request first;
 * requests run one at a time.
 */
export async function runSqlCount(
  dbUrl: string,
  dataDir: string,
  authHost: string | null,
  staffToken: string | null,
  fixtures: Fixtures,
): Promise<SqlResult> {
  const env = parseEnv({
    DATABASE_URL: dbUrl,
    PORT: '0',
    LOG_LEVEL: 'silent',
    SEED_ON_START: 'false',
    TEST_SHOP: 'true',
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    ...(authHost ? { FIREBASE_AUTH_EMULATOR_HOST: authHost } : {}),
  });
  // A size of a synthetic product sold out while this section runs (its stock is given back at the end): the refusal
  // every buyer past the last unit of a flash sale gets. Before the shop starts: the change's notification would
  // otherwise empty its catalog cache while a request is being counted.
  const [soldOut] = await sql<{ id: number; product_id: number; stock: number }>(
    dbUrl,
    `SELECT s.id, s.product_id, s.stock FROM product_size s JOIN product p ON p.id = s.product_id
      WHERE p.slug LIKE 'bench-%' AND p.active AND s.stock > 0 ORDER BY s.id LIMIT 1`,
  );
  if (soldOut) await sql(dbUrl, `UPDATE product_size SET stock = 0 WHERE id = $1`, [soldOut.id]);
  const shop = await startShop(env, createLogger(env));
  const stop = onCleanup('tienda que cuenta SQL', () => shop.close());
  let orderCalls = 0;
  try {
    const probes: Probe[] = [
      { operation: 'listado de 24', query: LISTING, variables: { category: fixtures.listingCategory, first: 24 } },
      { operation: 'listado de 48', query: LISTING, variables: { category: fixtures.listingCategory, first: 48 } },
      { operation: 'búsqueda con facetas, 24', query: SEARCH, variables: { query: 'arnes', first: 24 } },
      { operation: 'búsqueda con facetas, 48', query: SEARCH, variables: { query: 'arnes', first: 48 } },
      { operation: 'cartQuote, 5 líneas', query: CART_QUOTE, variables: { input: { lines: fixtures.cartLines(5) } } },
      { operation: 'cartQuote, 20 líneas', query: CART_QUOTE, variables: { input: { lines: fixtures.cartLines(20) } } },
      {
        operation: 'pedidos del personal, página de 10',
        query: STAFF_ORDERS,
        variables: { first: 10 },
        headers: staffToken ? { authorization: `Bearer ${staffToken}` } : undefined,
      },
      {
        operation: 'pedidos del personal, página de 50',
        query: STAFF_ORDERS,
        variables: { first: 50 },
        headers: staffToken ? { authorization: `Bearer ${staffToken}` } : undefined,
      },
      {
        // One unit of one size: a new shopper and idempotency key on every call (the warm-up places one too).
        operation: 'placeOrder, 1 línea',
        query: PLACE_ORDER,
        variables: () => ({
          input: placeOrderInput(fixtures.cartLines(1), 90_000 + orderCalls++, `sql-${randomUUID()}`),
        }),
      },
      ...(soldOut
        ? [
            {
              // As in a flash sale once the units are gone: a new shopper and key each time, refused as sold out.
              operation: 'placeOrder rechazado (talla agotada)',
              query: PLACE_ORDER,
              variables: () => ({
                input: placeOrderInput(
                  [{ productId: String(soldOut.product_id), sizeId: String(soldOut.id), quantity: 1 }],
                  90_000 + orderCalls++,
                  `sql-${randomUUID()}`,
                ),
              }),
            },
          ]
        : []),
    ];
    const rows: SqlRow[] = [];
    for (const probe of probes) {
      if (probe.query === STAFF_ORDERS && !staffToken) {
        rows.push({ operation: probe.operation, statements: null, note: 'n/d (sin token del personal)' });
        continue;
      }
      await gql(shop.url, probe.query, vars(probe), probe.headers);
      const capture = captureStatements();
      let result;
      try {
        result = await gql<Record<string, { edges?: unknown[]; __typename?: string }>>(
          shop.url,
          probe.query,
          vars(probe),
          probe.headers,
        );
      } finally {
        capture.stop();
      }
      const error = firstError(result);
      if (error) {
        const missing = /null for non-nullable|Cannot query field|not implemented/i.test(error);
        rows.push({
          operation: probe.operation,
          statements: null,
          note: missing ? 'n/d (no implementado)' : `n/d (${error.slice(0, 100)})`,
        });
        continue;
      }
      const answer = Object.values(result.data ?? {})[0];
      const edges = answer?.edges;
      const own = requestStatements(capture.statements);
      rows.push({
        operation: probe.operation,
        statements: own.length,
        note: Array.isArray(edges) ? `${edges.length} elementos` : answer?.__typename,
        sql: own,
      });
    }
    const count = (name: string) => rows.find((r) => r.operation === name)?.statements ?? null;
    const pageStatements = (name: string) => {
      const sql = rows.find((r) => r.operation === name)?.sql;
      return sql ? sql.filter((q) => !/\bFROM staff_member WHERE uid = \$1\b/.test(q)).length : null;
    };
    const same = (a: number | null, b: number | null) => (a !== null && b !== null ? a === b : null);
    const [l24, l48] = [count('listado de 24'), count('listado de 48')];
    return {
      rows,
      listingMax: l24 !== null && l48 !== null ? Math.max(l24, l48) : null,
      listingConstant: same(l24, l48),
      cartConstant: same(count('cartQuote, 5 líneas'), count('cartQuote, 20 líneas')),
      // The staff member's own row is read on every staff request, whatever the page's size: the page's own
      // statements are compared.
      staffConstant: same(
        pageStatements('pedidos del personal, página de 10'),
        pageStatements('pedidos del personal, página de 50'),
      ),
      searchConstant: same(count('búsqueda con facetas, 24'), count('búsqueda con facetas, 48')),
    };
  } finally {
    if (soldOut) await sql(dbUrl, `UPDATE product_size SET stock = $2 WHERE id = $1`, [soldOut.id, soldOut.stock]);
    await stop();
  }
}
