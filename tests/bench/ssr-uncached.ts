import autocannon from 'autocannon';
import { CATEGORY_ROUTES, productPath, SEARCH_PATH } from '#shared/storefront-routes.js';
import { PRICE_RANGES } from '#shared/shop.js';
import { config, TARGETS } from './bench-config.js';
import { sql } from './bench-database.js';
import { measured, type Measured } from './api-throughput.js';
import type { ProductSortKey } from '../../server/src/modules/catalog/catalog-rows.js';

/** One page kind rendered on every request: each request a URL not asked for before in the run. */
export interface UncachedRow {
  page: 'producto' | 'categoría' | 'búsqueda';
  /** An example of the URLs (all differ by id, filters or words). */
  example: string;
  /** Distinct URLs available; more requests than this would have been answered from the page cache. */
  urls: number;
  shop: Measured;
  /** The bare baseline (node:http + pg) answering the same reads as JSON: the same product, filters, words. */
  baseline: Measured;
  ratio: number | null;
  /** Requests beyond the distinct URLs (then some answers came from the page cache): 0 in a valid run. */
  repeated: number;
  meetsRatio: boolean | null;
  meetsP99: boolean;
}

export interface SsrUncachedResult {
  rows: UncachedRow[];
}

interface Target {
  /** The page's path and query. */
  path: string;
  /** The baseline's endpoint and variables for the same data. */
  baselinePath: string;
  variables: Record<string, unknown>;
}

const PRICE_RANGES_PARAMS = PRICE_RANGES.map((r) => ({ ...r, param: `${r.min}-${r.max ?? ''}` }));
const SIZE_SETS: string[][] = [
  [],
  ['XS'],
  ['S'],
  ['M'],
  ['L'],
  ['XL'],
  ['S', 'M'],
  ['M', 'L'],
  ['L', 'XL'],
  ['XS', 'S'],
];
const PETS: Array<{ param: string | null; pet: string | null }> = [
  { param: null, pet: null },
  { param: 'perro', pet: 'DOG' },
  { param: 'gato', pet: 'CAT' },
];

/**
 * A listing's orders as its URL carries them (`orden`, client/src/features/catalog/listing-url.ts): with every filter
 * set, enough distinct category URLs that none is asked twice in a run (without them there were 2 100: any rate over
 * ~160 req/s asked some twice, and those came from the page cache).
 */
const ORDERS: Array<{ param: string | null; sort: ProductSortKey }> = [
  { param: null, sort: 'RELEVANCE' },
  { param: 'menor-precio', sort: 'PRICE_ASC' },
  { param: 'mayor-precio', sort: 'PRICE_DESC' },
  { param: 'nuevos', sort: 'NEWEST' },
];

/** Listing filters as the page's URL carries them and as GraphQL receives them (client/src/features/catalog/listing-url.ts). */
function* filters(): Generator<{ query: string[]; filter: Record<string, unknown> | undefined }> {
  for (const sizes of SIZE_SETS)
    for (const pets of PETS)
      for (const inStock of [false, true])
        for (const price of [null, ...PRICE_RANGES_PARAMS]) {
          const query = [
            ...sizes.map((s) => `talla=${s}`),
            ...(pets.param ? [`mascota=${pets.param}`] : []),
            ...(inStock ? ['disponible=1'] : []),
            ...(price ? [`precio=${price.param}`] : []),
          ];
          const filter: Record<string, unknown> = {};
          if (sizes.length) filter.sizes = sizes;
          if (pets.pet) filter.pets = [pets.pet];
          if (inStock) filter.inStock = true;
          if (price) {
            filter.minPrice = price.min;
            if (price.max !== null) filter.maxPrice = price.max;
          }
          yield { query, filter: Object.keys(filter).length ? filter : undefined };
        }
}

/** A deterministic shuffle, so consecutive requests do not walk one category or one word. */
function shuffled<T>(items: T[]): T[] {
  let seed = 7;
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const j = seed % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

async function targets(dbUrl: string): Promise<Record<UncachedRow['page'], Target[]>> {
  const products = await sql<{ id: number; slug: string; category_slug: string; collections: string[] }>(
    dbUrl,
    `SELECT id, slug, category_slug, collections FROM product WHERE active ORDER BY id DESC LIMIT 20000`,
  );
  const product = products.map((r) => ({
    path: productPath({ id: r.id, slug: r.slug, categorySlug: r.category_slug, collections: r.collections }),
    baselinePath: '/product',
    variables: { id: String(r.id) },
  }));
  const category: Target[] = [];
  const search: Target[] = [];
  const words = await sql<{ word: string }>(
    dbUrl,
    `SELECT DISTINCT lower(w) AS word FROM product, regexp_split_to_table(name, '\\s+') AS w
      WHERE active AND length(w) >= 4 AND w ~ '^[[:alpha:]]+$' ORDER BY 1 LIMIT 200`,
  );
  for (const f of filters()) {
    for (const route of CATEGORY_ROUTES)
      for (const order of ORDERS) {
        const query = [...f.query, ...(order.param ? [`orden=${order.param}`] : [])];
        category.push({
          path: query.length ? `${route.listPath}?${query.join('&')}` : route.listPath,
          baselinePath: '/filtered-listing',
          variables: { category: route.slug, first: 24, filter: f.filter ?? null, sort: order.sort },
        });
      }
    for (const { word } of words)
      search.push({
        path: `${SEARCH_PATH}?${[`q=${encodeURIComponent(word)}`, ...f.query].join('&')}`,
        baselinePath: '/search',
        variables: { query: word, first: 24, filter: f.filter ?? null },
      });
  }
  return { producto: shuffled(product), categoría: shuffled(category), búsqueda: shuffled(search) };
}

const isPage = (body: string) => body.startsWith('<!doctype html>') && body.includes('id="root"');

/**
 * Pages rendered per request (a crawler, a campaign sending clicks to many products): GET text/html of a URL never
 * asked for before in the run (a different product, category filters or search words each time), 50 connections,
 * after a warm-up on other URLs; beside the bare baseline reading the same data in the same run.
 */
export async function runSsrUncached(shopUrl: string, baselineUrl: string, dbUrl: string): Promise<SsrUncachedResult> {
  const all = await targets(dbUrl);
  const rows: UncachedRow[] = [];
  for (const page of ['producto', 'categoría', 'búsqueda'] as const) {
    const list = all[page];
    process.stdout.write(`  · ${page}: ${list.length.toLocaleString('en-US')} URLs distintas…`);
    const first = await fetch(`${shopUrl}${list[0]!.path}`, { headers: { accept: 'text/html' } });
    const body = await first.text();
    if (first.status !== 200 || !isPage(body))
      throw new Error(`${list[0]!.path}: la página no se dibujó (${first.status})`);
    // Warm-up on the last URLs of the list, measurement from the second one on: no URL is asked for twice.
    let warm = list.length - 1;
    let next = 1;
    const shopRun = (duration: number, pick: () => Target) =>
      autocannon({
        url: shopUrl,
        headers: { accept: 'text/html' },
        connections: config.connections,
        duration,
        timeout: 10,
        verifyBody: isPage,
        requests: [
          {
            setupRequest: (req) => {
              req.path = pick().path;
              return req;
            },
          },
        ],
      });
    await shopRun(config.warmupS, () => list[warm-- % list.length]!);
    const warmed = list.length - 1 - warm;
    const shop = measured(await shopRun(config.duration, () => list[next++ % list.length]!));
    const repeated = Math.max(0, next - 1 + warmed - list.length);
    process.stdout.write(' línea base…');
    let b = 0;
    const base = (duration: number) =>
      autocannon({
        url: baselineUrl,
        method: 'POST',
        connections: config.connections,
        duration,
        timeout: 10,
        verifyBody: (r) => r.startsWith('{"data"'),
        requests: [
          {
            setupRequest: (req) => {
              const t = list[b++ % list.length]!;
              req.path = t.baselinePath;
              req.body = JSON.stringify({ variables: t.variables });
              return req;
            },
          },
        ],
      });
    await base(1);
    const baseline = measured(await base(config.duration));
    process.stdout.write(' ✓\n');
    const ratio = baseline.rps > 0 ? shop.rps / baseline.rps : null;
    const target = TARGETS.ssrUncachedRatio[page];
    rows.push({
      page,
      example: list[1]!.path,
      urls: list.length,
      shop,
      baseline,
      ratio,
      repeated,
      meetsRatio: target === null || ratio === null ? null : ratio >= target,
      meetsP99: shop.p99 <= TARGETS.ssrUncachedP99Ms && shop.non2xx === 0 && shop.errors === 0,
    });
  }
  return { rows };
}
