/**
 * `npm run bench`: API throughput vs a bare baseline, SQL statements per operation, checkout under
 * contention, storefront Lighthouse and start-up time. Prints one table per section plus a summary
 * of the targets, and writes every figure to bench-results/bench-<timestamp>.json and latest.json.
 *
 * Development knobs: BENCH_DURATION (s per load run, default 10), BENCH_SKIP=api,ssr,large,sql,checkout,lighthouse,taps,channels,catalog,startup,search,
 * BENCH_ONLY=search (only those sections), BENCH_SEARCH_PRODUCTS=10000,100000, BENCH_PRODUCTS, BENCH_LIGHTHOUSE_RUNS, BENCH_OVERSELL_ROUNDS, BENCH_TIMEOUT_MIN, CHROME_PATH.
 */
import os from 'node:os';
import path from 'node:path';
import { config } from './bench-config.js';
import { createBenchDatabase, sql } from './bench-database.js';
import { loadFixtures } from './fixtures.js';
import { startBenchAuthEmulator, staffIdToken, type BenchAuthEmulator } from './auth-emulator.js';
import { startChildServer, startShopChild } from './child-server.js';
import { runApiThroughput } from './api-throughput.js';
import { createOrders, placeOrderProblem, runCheckout } from './checkout.js';
import { runSqlCount } from './sql-count.js';
import { ensureClientBuilt, runStorefront } from './storefront.js';
import { runStartup } from './startup.js';
import { runSsrPage } from './ssr-page.js';
import { runSsrUncached } from './ssr-uncached.js';
import { runStorefrontTaps } from './storefront-taps.js';
import { sampleMemory } from './memory.js';
import { runLargeCatalog } from './large-catalog.js';
import { TARGETS } from './bench-config.js';
import { runSearch } from './search.js';
import { runChannelFeeds } from './channel-feeds.js';
import { runCatalogImport } from './catalog-import.js';
import { cleanupAll, installSignalHandlers } from './lifecycle.js';
import { newReport, printReport, summarize, writeReport, type BenchReport } from './report.js';

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Told when a section starts (the shop's memory is sampled per section). */
let onSection: (name: string) => void = () => {};

async function section(report: BenchReport, name: string, title: string, fn: () => Promise<void>): Promise<void> {
  if (config.skip(name)) return;
  onSection(name);
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  try {
    await fn();
    console.log(`  (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  } catch (err) {
    report.errors[name] = message(err);
    console.error(`  ✖ ${title}: ${message(err)}`);
  }
}

async function main(): Promise<number> {
  installSignalHandlers(config.hardLimitMs);
  const report = newReport();
  let code = 0;
  try {
    console.log(
      `▶ Preparando: PostgreSQL embebido, migraciones, seed y ${config.products.toLocaleString('en-US')} productos; emulador de Firebase Auth`,
    );
    const authStarting = startBenchAuthEmulator().catch((err: unknown) => {
      report.errors.auth = `emulador de Firebase Auth: ${message(err)}`;
      return null;
    });
    const db = await createBenchDatabase(config.products);
    report.database = { products: db.productCount, sizes: db.sizeCount, images: db.imageCount, setupMs: db.setupMs };
    const fixtures = await loadFixtures(db.url);
    // The shop child renders pages with the build (dist/client, dist/ssr): up to date before it starts.
    const clientBuilt = ensureClientBuilt();
    const auth: BenchAuthEmulator | null = await authStarting;
    let staffToken: string | null = null;
    if (auth) {
      staffToken = await staffIdToken(auth.host).catch((err: unknown) => {
        report.errors.auth = `token del personal: ${message(err)}`;
        return null;
      });
    }
    const authEnv: Record<string, string> = auth ? { FIREBASE_AUTH_EMULATOR_HOST: auth.host } : {};
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
    // The shop's variables are its process environment, NODE_ENV included as `npm start` sets it: libraries read
    // it at load time (graphql-js skips its development-only cross-realm checks, Express its debug paths).
    const shop = await startShopChild(shopEnv, 'tienda (proceso hijo)');
    console.log(`  tienda en ${shop.url} (pid ${shop.pid}); base en ${path.basename(db.dir)}`);

    const memory = sampleMemory(shop.pid);
    onSection = (name) => memory.section(name);

    await section(report, 'api', 'API: tienda vs línea base (autocannon)', async () => {
      const baseline = await startChildServer(
        './baseline-server.ts',
        { BASELINE_DATABASE_URL: db.url },
        'línea base (proceso hijo)',
      );
      try {
        report.api = await runApiThroughput(shop.url, baseline.url, {
          listingCategory: fixtures.listingCategory,
          productId: fixtures.productId,
          cartLines: fixtures.cartLines(5),
        });
      } finally {
        await baseline.stop();
      }
    });

    await section(
      report,
      'ssr',
      'Páginas dibujadas en el servidor: en caché y en cada petición, vs línea base',
      async () => {
        const baseline = await startChildServer(
          './baseline-server.ts',
          { BASELINE_DATABASE_URL: db.url },
          'línea base (proceso hijo)',
        );
        try {
          report.ssrPage = await runSsrPage(shop.url, baseline.url, db.url, fixtures.productId);
          report.ssr = { uncached: await runSsrUncached(shop.url, baseline.url, db.url) };
        } finally {
          await baseline.stop();
        }
      },
    );

    await section(
      report,
      'large',
      `Listado con ${TARGETS.largeProducts.toLocaleString('en-US')} productos`,
      async () => {
        report.largeCatalog = await runLargeCatalog(TARGETS.largeProducts, fixtures.listingCategory, authEnv);
      },
    );

    await section(report, 'checkout', 'Checkout: placeOrder concurrente y sobreventa', async () => {
      report.checkout = await runCheckout(shop.url, db.url);
    });

    await section(report, 'sql', 'Sentencias SQL por operación', async () => {
      const [{ n }] = await sql<{ n: number }>(db.url, 'SELECT count(*)::int AS n FROM shop_order');
      if (n < 60 && !(await placeOrderProblem(shop.url, db.url))) await createOrders(shop.url, db.url, 60 - n);
      report.sql = await runSqlCount(db.url, db.dir, auth?.host ?? null, staffToken, fixtures);
    });

    await section(report, 'lighthouse', 'Tienda: Lighthouse', async () => {
      const lighthouse = await runStorefront(shop.url, fixtures.productPagePath, clientBuilt);
      report.storefront = { ...report.storefront, lighthouse };
    });

    await section(report, 'taps', 'Tienda: toques en un teléfono lento (CPU 4×, slow 4G)', async () => {
      const taps = await runStorefrontTaps(shop.url, fixtures.productPagePath);
      report.storefront = { ...report.storefront, taps };
    });

    // The feeds over the catalogue as generated (10,000 products), before the import adds to it.
    await section(report, 'channels', 'Canales: feeds de Google y Meta con 10.000 productos', async () => {
      report.channels = { feed: await runChannelFeeds(shop.url, db.url, db.dir) };
    });

    await section(
      report,
      'catalog',
      'Catálogo: importar 1.000 productos × 5 tallas desde una hoja de cálculo',
      async () => {
        if (!staffToken) throw new Error(`sin token del personal (${report.errors.auth ?? 'emulador de Auth'})`);
        report.catalog = { import: await runCatalogImport(shop.url, db.url, staffToken) };
      },
    );

    // Last with the shop: it grows the database to 100,000 products.
    await section(report, 'search', 'Búsqueda: tienda vs línea base a 10.000 y 100.000 productos', async () => {
      report.search = await runSearch(
        shop.url,
        () => startChildServer('./baseline-server.ts', { BASELINE_DATABASE_URL: db.url }, 'línea base (proceso hijo)'),
        db.url,
      );
    });

    onSection = () => {};
    report.memory = await memory.finish();
    await shop.stop();

    await section(report, 'startup', 'Arranque de la tienda', async () => {
      report.startup = await runStartup(auth?.host ?? null);
    });
  } catch (err) {
    report.errors.general = message(err);
    console.error(`\n✖ El benchmark falló: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    code = 1;
  } finally {
    await cleanupAll();
  }
  report.finishedAt = new Date().toISOString();
  report.machine.loadavgEnd = os.loadavg();
  report.summary = summarize(report);
  printReport(report);
  const file = await writeReport(report);
  console.log(`\nResultados: ${path.relative(process.cwd(), file)} (y bench-results/latest.json)`);
  return code;
}

process.exitCode = await main();
