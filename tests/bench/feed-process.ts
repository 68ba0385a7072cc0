/**
 * Child process entry: builds one product feed (or the baseline) once over the bench database and reports its time
 * and memory to the parent, then exits. Its own process, so that its peak resident memory is this build's alone.
 * argv[2]: `google`, `meta` or `baseline`. Env: FEED_DATABASE_URL, FEED_MEDIA_DIR.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import pg from 'pg';
import { openDatabase } from '../../server/src/db/data-source.js';
import { FeedService } from '../../server/src/modules/channels/index.js';
import { ShippingService } from '../../server/src/modules/shipping/index.js';
import { LocalMediaStore } from '../../server/src/modules/media/index.js';

export interface FeedRun {
  kind: string;
  ms: number;
  items: number;
  gzipBytes: number;
  textBytes: number;
  /** Resident memory before building (modules loaded, database connected), and the process's peak. */
  rssBeforeMb: number;
  peakRssMb: number;
  /** Highest V8 heap seen (sampled every 10 ms while building). */
  peakHeapMb: number;
}

const PUBLIC_URL = 'https://tienda.example';
const mb = (bytes: number) => bytes / 1024 / 1024;

const escapeXml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/**
 * Baseline: one bare SELECT of every item (size × published product with its first picture) and the RSS text built
 * with string concatenation, then gzip, as the feed is kept: what a feed costs at the least, without batches, the
 * feed's rules (exclusions, categories, shipping, SVG copies) or an XML writer.
 */
async function baseline(url: string): Promise<{ text: string; gzip: Buffer }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{
      sku: string;
      product_id: number;
      name: string;
      description: string;
      price: number;
      label: string;
      stock: number;
      category_slug: string;
      slug: string;
      image: string | null;
    }>(
      `SELECT s.sku, p.id AS product_id, p.name, p.description, p.price, s.label, s.stock, p.category_slug, p.slug,
              (SELECT i.url FROM product_image i WHERE i.product_id = p.id ORDER BY i.position LIMIT 1) AS image
         FROM product p JOIN product_size s ON s.product_id = p.id
        WHERE p.active AND p.archived_at IS NULL ORDER BY p.id, s.position`,
    );
    let text = `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel><title>Enzo</title>`;
    for (const r of rows)
      text += `<item><g:id>${escapeXml(r.sku)}</g:id><g:item_group_id>${r.product_id}</g:item_group_id><g:title>${escapeXml(`${r.name} - Talla ${r.label}`)}</g:title><g:description>${escapeXml(r.description)}</g:description><g:link>${PUBLIC_URL}/${r.category_slug}/${r.product_id}/${r.slug}</g:link><g:image_link>${PUBLIC_URL}${escapeXml(r.image ?? '')}</g:image_link><g:availability>${r.stock > 0 ? 'in_stock' : 'out_of_stock'}</g:availability><g:price>${r.price}.00 COP</g:price><g:brand>Enzo</g:brand><g:condition>new</g:condition><g:size>${escapeXml(r.label)}</g:size></item>\n`;
    text += '</channel></rss>\n';
    return { text, gzip: gzipSync(text, { level: 6 }) };
  } finally {
    await client.end();
  }
}

async function main(): Promise<FeedRun> {
  const kind = process.argv[2] ?? 'google';
  const url = process.env.FEED_DATABASE_URL!;
  const ds = kind === 'baseline' ? null : await openDatabase({ url });
  const noCache = {
    remember: <T>(_key: string, load: () => Promise<T>) => load(),
    rememberTyped: <T>(_key: string, load: () => Promise<T>) => load(),
  };
  const feeds = ds
    ? new FeedService(
        ds,
        new ShippingService(ds, noCache),
        new LocalMediaStore(process.env.FEED_MEDIA_DIR!),
        () => PUBLIC_URL,
      )
    : null;
  const rssBefore = process.memoryUsage().rss;
  let peakHeap = process.memoryUsage().heapUsed;
  const sampler = setInterval(() => (peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed)), 10);
  const started = performance.now();
  let gzip: Buffer;
  if (feeds) gzip = (await feeds.feed(kind === 'meta' ? 'meta' : 'google')).gzip;
  else gzip = (await baseline(url)).gzip;
  const ms = performance.now() - started;
  clearInterval(sampler);
  peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
  const peakRss = process.resourceUsage().maxRSS * 1024;
  await ds?.destroy();
  const text = gunzipSync(gzip).toString('utf8');
  const items = kind === 'meta' ? (parse(text) as unknown[]).length - 1 : text.split('<item>').length - 1;
  return {
    kind,
    ms,
    items,
    gzipBytes: gzip.length,
    textBytes: Buffer.byteLength(text),
    rssBeforeMb: mb(rssBefore),
    peakRssMb: mb(peakRss),
    peakHeapMb: mb(peakHeap),
  };
}

main().then(
  (run) => {
    process.send?.({ type: 'feed', run });
    process.exit(0);
  },
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
