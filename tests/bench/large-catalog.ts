import autocannon from 'autocannon';
import { parseEnv } from '../../server/src/config/env.js';
import { createLogger, startShop } from '../../server/src/app/start-shop.js';
import { config } from './bench-config.js';
import { createBenchDatabase } from './bench-database.js';
import { startShopChild } from './child-server.js';
import { LISTING, gql, firstError } from './graphql-operations.js';
import { captureStatements, requestStatements } from './statement-counter.js';
import { onCleanup } from './lifecycle.js';
import type { Measured } from './api-throughput.js';

export interface LargeCatalogResult {
  products: number;
  setupMs: number;
  listing: Measured;
  statements: number | null;
}

/**
 * The same listing (POST, uncached path) over a catalog of `products` products (5 sizes and 2 images each),
 * in its own PostgreSQL and shop child process, plus the SQL statements of one such request.
 */
export async function runLargeCatalog(
  products: number,
  category: string,
  authEnv: Record<string, string>,
): Promise<LargeCatalogResult> {
  process.stdout.write(`  · base de ${products.toLocaleString('en-US')} productos…`);
  const db = await createBenchDatabase(products);
  const variables = { category, first: 24 };
  // SQL statements of one listing (an in-process shop: the counter hooks pg in this process).
  const env = parseEnv({
    DATABASE_URL: db.url,
    PORT: '0',
    LOG_LEVEL: 'silent',
    SEED_ON_START: 'false',
    TEST_SHOP: 'true',
    NODE_ENV: 'production',
    DATA_DIR: db.dir,
    ...authEnv,
  });
  const counting = await startShop(env, createLogger(env));
  const stopCounting = onCleanup('tienda que cuenta SQL (catálogo grande)', () => counting.close());
  let statements: number | null;
  try {
    await gql(counting.url, LISTING, variables);
    const capture = captureStatements();
    const result = await gql(counting.url, LISTING, variables);
    capture.stop();
    statements = firstError(result) ? null : requestStatements(capture.statements).length;
  } finally {
    await stopCounting();
  }
  const shopEnv = {
    DATABASE_URL: db.url,
    PORT: '0',
    LOG_LEVEL: 'silent',
    SEED_ON_START: 'false',
    TEST_SHOP: 'true',
    NODE_ENV: 'production',
    DATA_DIR: db.dir,
    ...authEnv,
  };
  const shop = await startShopChild(shopEnv, 'tienda (catálogo grande)');
  try {
    const body = JSON.stringify({ query: LISTING, variables });
    const run = (duration: number) =>
      autocannon({
        url: `${shop.url}/graphql`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        connections: config.connections,
        duration,
        timeout: 10,
        verifyBody: (b) => b.startsWith('{"data"') && !b.includes('"errors"'),
      });
    process.stdout.write(' listado…');
    await run(config.warmupS);
    const r = await run(config.duration);
    process.stdout.write(' ✓\n');
    return {
      products: db.productCount,
      setupMs: db.setupMs,
      listing: {
        rps: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        requests: r['2xx'] + r.non2xx,
        non2xx: r.non2xx,
        errors: r.errors,
        mismatches: r.mismatches,
      },
      statements,
    };
  } finally {
    await shop.stop();
  }
}
