import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { ROOT, config, TARGETS } from './bench-config.js';
import { launchChromium } from './chromium.js';
import { median } from './stats.js';

export interface LighthouseRun {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Script resources of the initial load, and the page's inline first script (gzip): bytes on the wire and decoded. */
  jsTransferBytes: number;
  jsResourceBytes: number;
  benchmarkIndex: number | null;
  /**
   * For reading a slow run: the LCP of the unthrottled load Lighthouse recorded, and the script bytes that had
   * finished by then. Lantern's simulated LCP counts every request finished before the observed LCP, so scripts
   * that beat the largest picture's paint in the recording add their download to the simulated LCP.
   */
  observedLcpMs: number | null;
  jsBeforeLcpBytes: number;
}

export interface PageResult {
  page: string;
  path: string;
  runs: LighthouseRun[];
  median: Omit<LighthouseRun, 'benchmarkIndex' | 'observedLcpMs' | 'jsBeforeLcpBytes'> | null;
  error?: string;
}

export interface StorefrontResult {
  pages: PageResult[];
  /** True when transferSize ≈ resourceSize for scripts (the server sends them uncompressed). */
  uncompressed: boolean | null;
  clientBuilt: boolean;
}

/** Builds the client when dist/client is missing (codegen + vite build, as `npm run build`). */
export function ensureClientBuilt(): boolean {
  // The client and the server render bundle, rebuilt only when their inputs changed (as `npm start` does).
  const fresh = !fs.existsSync(path.join(config.clientDist, 'index.html'));
  const r = spawnSync('node', ['scripts/build.mjs', '--if-changed'], { cwd: ROOT, stdio: 'inherit', timeout: 300_000 });
  if (r.status !== 0) throw new Error('No se pudo compilar el cliente');
  return fresh;
}

interface NetworkItem {
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
  networkEndTime?: number;
}

/**
 * The scripts a page carries inline (its first script, client/src/start/page-start.ts; not the JSON data blocks): part of
 * its JavaScript though no request of their own carries them. Counted gzip-compressed, as the page is sent.
 */
async function inlineScriptBytes(url: string) {
  const html = await (await fetch(url, { headers: { accept: 'text/html' } })).text();
  const code = [
    ...html.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g),
  ]
    .map((m) => m[1]!)
    .join('');
  return { transfer: code ? gzipSync(code).length : 0, resource: Buffer.byteLength(code) };
}

async function audit(url: string, port: number): Promise<LighthouseRun> {
  // Default config = mobile (Moto G Power emulation) with simulated throttling.
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  if (!result) throw new Error('Lighthouse no devolvió resultado');
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const inline = await inlineScriptBytes(url);
  const items = (
    (lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? []
  ).filter((i) => i.resourceType === 'Script');
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const observed = (
    lhr.audits.metrics?.details as { items?: Array<{ observedLargestContentfulPaint?: number }> } | undefined
  )?.items?.[0];
  const observedLcpMs = observed?.observedLargestContentfulPaint ?? null;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    jsTransferBytes: inline.transfer + items.reduce((n, i) => n + (i.transferSize ?? 0), 0),
    jsResourceBytes: inline.resource + items.reduce((n, i) => n + (i.resourceSize ?? 0), 0),
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    observedLcpMs,
    jsBeforeLcpBytes:
      observedLcpMs === null
        ? 0
        : items
            .filter((i) => (i.networkEndTime ?? Infinity) <= observedLcpMs)
            .reduce((n, i) => n + (i.transferSize ?? 0), 0),
  };
}

/** Lighthouse (mobile, simulated throttling, performance only), N runs per page, per-metric medians. */
export async function runStorefront(
  shopUrl: string,
  productPagePath: string,
  clientBuilt: boolean,
): Promise<StorefrontResult> {
  const targets = [
    { page: 'inicio', path: '/' },
    { page: 'collares', path: '/collares' },
    { page: 'producto', path: productPagePath },
    { page: 'búsqueda', path: '/buscar?q=collar' },
  ];
  const chrome = await launchChromium();
  const pages: PageResult[] = [];
  try {
    for (const t of targets) {
      const runs: LighthouseRun[] = [];
      let error: string | undefined;
      process.stdout.write(`  · ${t.path}: `);
      for (let i = 0; i < config.lighthouseRuns; i++) {
        try {
          runs.push(await audit(`${shopUrl}${t.path}`, chrome.port));
          process.stdout.write('●');
        } catch (err) {
          error = err instanceof Error ? err.message : String(err);
          process.stdout.write('✖');
        }
      }
      process.stdout.write('\n');
      const m = (k: keyof LighthouseRun) => median(runs.map((r) => r[k] as number));
      pages.push({
        page: t.page,
        path: t.path,
        runs,
        median: runs.length
          ? {
              score: m('score'),
              lcpMs: m('lcpMs'),
              tbtMs: m('tbtMs'),
              cls: m('cls'),
              jsTransferBytes: m('jsTransferBytes'),
              jsResourceBytes: m('jsResourceBytes'),
            }
          : null,
        error,
      });
    }
  } finally {
    await chrome.stop();
  }
  const all = pages.flatMap((p) => p.runs);
  const transfer = all.reduce((n, r) => n + r.jsTransferBytes, 0);
  const resource = all.reduce((n, r) => n + r.jsResourceBytes, 0);
  return { pages, uncompressed: all.length ? transfer >= resource * 0.9 : null, clientBuilt };
}

export function storefrontMeets(p: PageResult) {
  const m = p.median;
  if (!m) return null;
  return {
    score: m.score >= TARGETS.lighthouseScore,
    lcp: m.lcpMs <= TARGETS.lcpMs,
    tbt: m.tbtMs <= TARGETS.tbtMs,
    cls: m.cls <= TARGETS.cls,
    js: m.jsTransferBytes <= TARGETS.firstLoadJsBytes,
  };
}
