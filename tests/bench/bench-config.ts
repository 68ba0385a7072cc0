import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Benchmark knobs (env vars only shorten or skip sections for development; defaults are the real run). */
function num(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} debe ser un número positivo (recibido: ${raw})`);
  return n;
}

const list = (raw: string | undefined) =>
  new Set(
    (raw ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
const skip = list(process.env.BENCH_SKIP);
/** BENCH_ONLY=search (comma-separated) runs only those sections. */
const only = list(process.env.BENCH_ONLY);

export const ROOT = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));

export const config = {
  /** Seconds per autocannon run (and per checkout throughput phase). */
  duration: num('BENCH_DURATION', 10),
  connections: num('BENCH_CONNECTIONS', 50),
  /**
   * Seconds of load before each measured run, discarded: the shop compiles each operation (graphql-jit) and V8
   * optimises its hot paths in its first seconds under load; 1 s left the shop's first round ~10 % below the next.
   */
  warmupS: num('BENCH_WARMUP', 3),
  products: num('BENCH_PRODUCTS', 10_000),
  buyers: 50,
  oversellRounds: num('BENCH_OVERSELL_ROUNDS', 3),
  oversellStock: 20,
  lighthouseRuns: num('BENCH_LIGHTHOUSE_RUNS', 3),
  /** Whole run bounded in time; everything is cleaned up when it is hit. */
  hardLimitMs: num('BENCH_TIMEOUT_MIN', 30) * 60_000,
  chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  resultsDir: path.join(ROOT, 'bench-results'),
  clientDist: path.join(ROOT, 'dist', 'client'),
  /** Product counts the search section measures at (the database grows to the largest during the run). */
  searchSizes: (process.env.BENCH_SEARCH_PRODUCTS ?? '10000,100000')
    .split(',')
    .map((v) => Number(v.trim()))
    .filter((v) => Number.isInteger(v) && v > 0),
  /**
   * Comma-separated sections to skip while developing:
   * api,ssr,large,sql,checkout,lighthouse,taps,channels,catalog,startup,search
   * (or BENCH_ONLY).
   */
  skip: (section: string) => skip.has(section) || (only.size > 0 && !only.has(section)),
};

/** Targets each figure is held to (tests/bench/README.md says what each measures). */
export const TARGETS = {
  apiRatio: 0.5,
  /** Listing GraphQL, uncached path (POST). */
  listingRatio: 0.7,
  apiP99Ms: 30,
  /** Search with facets at 50 connections on the 2-core reference machine (100,000 products). */
  searchP99Ms: 150,
  /** Each search query's p50 at 100,000 products within this many times its p50 at 10,000 (same run). */
  searchP50GrowthRatio: 2,
  /** At 10,000 products, each faceted search serves at least this share of the listing's req/s. */
  facetedSearchVsListing: 0.5,
  listingStatements: 3,
  /** Server-rendered product page at 50 connections. */
  ssrPageRatio: 0.5,
  ssrPageP99Ms: 60,
  /** Pages rendered per request (ssr-uncached.ts) vs the baseline's read of the same data; null: reported only. */
  ssrUncachedRatio: { producto: 0.35, categoría: null, búsqueda: null } as Record<string, number | null>,
  ssrUncachedP99Ms: 250,
  /** placeOrder at 50 concurrent buyers (each a new shopper). */
  checkoutOrdersPerSec: 300,
  /** Flash sale: 500 buyers at once for 20 units of one size. */
  flashBuyers: 500,
  flashStock: 20,
  flashP99Ms: 1000,
  /** Throttled phone taps (storefront-taps.ts): INP of a tap after load, and of a tap while the page starts. */
  tapInpAfterLoadMs: 200,
  tapInpDuringLoadMs: 500,
  /** The shop's resident memory while the bench loads it. */
  rssMb: 250,
  /** Listing p50 at 100,000 products vs 10,000. */
  largeListingP50Ratio: 1.5,
  largeProducts: 100_000,
  /** Lighthouse mobile on home, a category, a product and a search page. */
  lighthouseScore: 100,
  lcpMs: 1000,
  tbtMs: 50,
  cls: 0,
  firstLoadJsBytes: 90 * 1024,
  /** `npm start` again with nothing changed, to healthy. */
  restartMs: 3000,
  /** The catalogue import of 1,000 products × 5 sizes through the shop: preview and apply. */
  importPreviewMs: 10_000,
  importApplyMs: 60_000,
  /** A product feed of 10,000 products × 5 sizes built from scratch, and the peak resident memory of its process. */
  feedMs: 30_000,
  feedPeakRssMb: 400,
};
