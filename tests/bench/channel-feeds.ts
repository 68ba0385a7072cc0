import { fork } from 'node:child_process';
import http from 'node:http';
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
  const run = async (label: string, kind: string) => {
    const measured = await feedInChild(kind, dbUrl, mediaDir);
    console.log(`  · ${label}: ${(measured.ms / 1000).toFixed(1)} s, ${measured.peakRssMb.toFixed(0)} MB de RSS pico`);
    runs.push({ label, ...measured });
  };
  await run('Google, primera vez (dibuja las copias PNG)', 'google');
  const [{ n: drawnCopies }] = await sql<{ n: number }>(dbUrl, `SELECT count(*)::int AS n FROM feed_image`);
  await run('Google (XML)', 'google');
  await run('Meta (CSV)', 'meta');
  await run('línea base: SELECT + texto + gzip', 'baseline');

  // node:http rather than fetch: no client-side time limit on the first answer (the shop builds the feed first), and
  // the gzip body is counted as sent.
  const get = () =>
    new Promise<{ ms: number; bytes: number }>((resolve, reject) => {
      const started = performance.now();
      const req = http.get(`${shopUrl}/feeds/google.xml`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => (bytes += c.length));
        res.on('end', () =>
          res.statusCode === 200
            ? resolve({ ms: performance.now() - started, bytes })
            : reject(new Error(`/feeds/google.xml: HTTP ${res.statusCode}`)),
        );
        res.on('error', reject);
      });
      req.on('error', reject);
    });
  let served: ChannelFeedsResult['http'] = null;
  let httpError: string | undefined;
  try {
    const cold = await get();
    const warm = await get();
    served = { coldMs: cold.ms, warmMs: warm.ms, bytes: cold.bytes };
  } catch (err) {
    httpError = err instanceof Error ? `${err.message}${err.cause ? ` (${String(err.cause)})` : ''}` : String(err);
  }

  const google = runs[1]!;
  const meta = runs[2]!;
  const meets = (r: FeedRun) => r.ms < TARGETS.feedMs && r.peakRssMb < TARGETS.feedPeakRssMb;
  return { products, drawnCopies, runs, http: served, httpError, meets: { google: meets(google), meta: meets(meta) } };
}
