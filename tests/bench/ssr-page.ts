import autocannon, { type Options, type Result } from 'autocannon';
import { productPath } from '#shared/storefront-routes.js';
import { config, TARGETS } from './bench-config.js';
import { sql } from './bench-database.js';
import type { Measured } from './api-throughput.js';

export interface SsrPageResult {
  path: string;
  /** The same product page again and again: served from the instance's page cache after the first render. */
  cached: Measured;
  /** A different product page on every request: each one loaded and rendered with React (cache misses). */
  cold: Measured;
  /** The bare baseline's product read (node:http + pg, the same SQL, JSON). */
  baseline: Measured;
  ratio: number | null;
  meetsRatio: boolean;
  meetsP99: boolean;
  bytes: number;
}

function measured(r: Result): Measured {
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

const isPage = (b: string) => b.startsWith('<!doctype html>') && b.includes('class="product-page__price"');

/**
 * GET of a server-rendered product page (Accept: text/html, no compression, as the baseline's JSON), 50
 * connections: one URL (the cached path shoppers hit) and a different product per request (every request
 * renders); the baseline's product endpoint in the same run.
 */
export async function runSsrPage(
  shopUrl: string,
  baselineUrl: string,
  dbUrl: string,
  productId: string,
): Promise<SsrPageResult> {
  const rows = await sql<{ id: number; slug: string; category_slug: string; collections: string[] }>(
    dbUrl,
    `SELECT id, slug, category_slug, collections FROM product WHERE active ORDER BY id DESC LIMIT 5000`,
  );
  const paths = rows.map((r) =>
    productPath({ id: r.id, slug: r.slug, categorySlug: r.category_slug, collections: r.collections }),
  );
  const one = paths[0]!;
  const first = await fetch(`${shopUrl}${one}`, { headers: { accept: 'text/html' } });
  const body = await first.text();
  if (first.status !== 200 || !isPage(body)) throw new Error(`La página de producto no se dibujó (${first.status})`);
  const headers = { accept: 'text/html' };
  const run = (opts: Partial<Options>, duration: number) =>
    autocannon({
      url: `${shopUrl}${one}`,
      headers,
      connections: config.connections,
      duration,
      timeout: 10,
      verifyBody: isPage,
      ...opts,
    });

  process.stdout.write('  · página de producto (misma URL)…');
  await run({}, config.warmupS);
  const cached = measured(await run({}, config.duration));
  process.stdout.write(' distinta en cada petición…');
  let next = 1;
  const cold = measured(
    await run(
      {
        requests: [
          {
            setupRequest: (req) => {
              req.path = paths[next++ % paths.length]!;
              return req;
            },
          },
        ],
      },
      config.duration,
    ),
  );
  process.stdout.write(' línea base…');
  const baseBody = JSON.stringify({ variables: { id: productId } });
  const base = (duration: number) =>
    autocannon({
      url: `${baselineUrl}/product`,
      method: 'POST',
      body: baseBody,
      connections: config.connections,
      duration,
      timeout: 10,
      verifyBody: (b) => b.startsWith('{"data"'),
    });
  await base(1);
  const baseline = measured(await base(config.duration));
  process.stdout.write(' ✓\n');
  const ratio = baseline.rps > 0 ? cached.rps / baseline.rps : null;
  return {
    path: one,
    cached,
    cold,
    baseline,
    ratio,
    meetsRatio: ratio !== null && ratio >= TARGETS.ssrPageRatio,
    meetsP99: cached.p99 <= TARGETS.ssrPageP99Ms,
    bytes: Buffer.byteLength(body),
  };
}
