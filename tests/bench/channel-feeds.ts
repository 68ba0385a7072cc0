import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TARGETS } from './bench-config.js';
import { sql } from './bench-database.js';
import { stopChild, startNodeOptions } from './child-server.js';
import { onCleanup, withTimeout } from './lifecycle.js';
import type { FeedRun } from './feed-process.js';

export interface ChannelFeedsResult {
  products: number;
  /** SVG pictures drawn as PNG by the first build (the synthetic products share the seed's artwork). */
  drawnCopies: number;
  runs: Array<FeedRun & { label: string }>;
  http: { coldMs: number; warmMs: number; bytes: number } | null;
  /** Why the shop's feed could not be fetched (the builds above are measured all the same). */
  httpError?: string;
  meets: { google: boolean; meta: boolean };
}

/** Builds one feed (or the baseline) in its own Node process, with the options of `npm start`. */
async function feedInChild(kind: string, dbUrl: string, mediaDir: string): Promise<FeedRun> {
  const entry = fileURLToPath(new URL('./feed-process.ts', import.meta.url));
  const child = fork(entry, [kind], {
    execArgv: ['--import', 'tsx', ...startNodeOptions()],
    env: { ...process.env, FEED_DATABASE_URL: dbUrl, FEED_MEDIA_DIR: mediaDir, NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const stop = onCleanup(`feed ${kind} (proceso hijo)`, () => stopChild(child));
  try {
    return await withTimeout(
      new Promise<FeedRun>((resolve, reject) => {
        child.on('message', (m: { type?: string; run?: FeedRun }) => {
          if (m?.type === 'feed' && m.run) resolve(m.run);
        });
        child.once('exit', (code) => reject(new Error(`feed ${kind}: el proceso terminó (código ${code})`)));
      }),
      10 * 60_000,
      `feed ${kind}`,
    );
  } finally {
    await stop();
  }
}

/**
 * The product feeds over the bench catalogue (10,000 products × 5 sizes): each build in a process of its own (time,
 * peak resident memory, peak heap): Google's first build (it also draws the PNG copies of the seed's SVG artwork),
 * Google and Meta again, and the baseline (a bare SELECT and string building, gzipped) in the same run; then
 * `/feeds/google.xml` from the running shop, first (built) and again (kept until the catalogue changes).
 */
export async function runChannelFeeds(shopUrl: string, dbUrl: string, dataDir: string): Promise<ChannelFeedsResult> {
  const mediaDir = path.join(dataDir, 'media');
  const [{ n: products }] = await sql<{ n: number }>(
    dbUrl,
    `SELECT count(*)::int AS n FROM product WHERE active AND archived_at IS NULL`,
  );
  const runs: ChannelFeedsResult['runs'] = [];
  runs.push({
    label: 'Google, primera vez (dibuja las copias PNG)',
    ...(await feedInChild('google', dbUrl, mediaDir)),
  });
  const [{ n: drawnCopies }] = await sql<{ n: number }>(dbUrl, `SELECT count(*)::int AS n FROM feed_image`);
  runs.push({ label: 'Google (XML)', ...(await feedInChild('google', dbUrl, mediaDir)) });
  runs.push({ label: 'Meta (CSV)', ...(await feedInChild('meta', dbUrl, mediaDir)) });
  runs.push({ label: 'línea base: SELECT + texto + gzip', ...(await feedInChild('baseline', dbUrl, mediaDir)) });

  const get = async () => {
    const started = performance.now();
    const res = await fetch(`${shopUrl}/feeds/google.xml`, { headers: { 'accept-encoding': 'gzip' } });
    const body = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200) throw new Error(`/feeds/google.xml: HTTP ${res.status}`);
    return { ms: performance.now() - started, body };
  };
  let http: ChannelFeedsResult['http'] = null;
  let httpError: string | undefined;
  try {
    const cold = await get();
    const warm = await get();
    // fetch unpacks the gzip: the length is the feed's text.
    http = { coldMs: cold.ms, warmMs: warm.ms, bytes: cold.body.length };
  } catch (err) {
    httpError = err instanceof Error ? `${err.message}${err.cause ? ` (${String(err.cause)})` : ''}` : String(err);
  }

  const google = runs[1]!;
  const meta = runs[2]!;
  const meets = (r: FeedRun) => r.ms < TARGETS.feedMs && r.peakRssMb < TARGETS.feedPeakRssMb;
  return { products, drawnCopies, runs, http, httpError, meets: { google: meets(google), meta: meets(meta) } };
}
