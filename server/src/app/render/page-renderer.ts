import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import { gunzipSync, gzip } from 'node:zlib';
import accepts from 'accepts';
import fresh from 'fresh';
import pLimit from 'p-limit';
import type { Logger } from 'pino';
import {
  QUERY_RESULTS_ELEMENT_ID,
  ROUTE_CHUNKS_META,
  type PageHead,
  type RenderRequest,
  type SsrEntry,
} from '#shared/ssr-contract.js';
import { SEARCH_PATH } from '#shared/storefront-routes.js';
import type { CatalogCache } from '../../modules/cache/catalog-cache.js';
import { ClientAssets, type PageStartScript, type RouteAssets } from './client-assets.js';
import { escapeHtml, headTags, jsonForScript } from './head-tags.js';
import { withTestShopNotice } from '../../common/test-shop-notice.js';
import { countCacheLookup } from '../../common/metrics.js';
import { splitTrackingParams, withTrackingParams } from '#shared/tracking-params.js';

/** Pages: browsers revalidate (ETag → 304), shared caches keep them briefly and refresh in the background. */
export const PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=30, stale-while-revalidate=300';
/** Pages not to be indexed (search results, previews): the browser revalidates, shared caches keep nothing. */
export const NOINDEX_CACHE_CONTROL = 'private, no-cache';
/** What a page that is not to be indexed also says in its headers (as its robots meta tag does). */
export const NOINDEX_ROBOTS = 'noindex, nofollow';
/** Longer search URLs are answered but not kept: no query can make a cache key of any size. */
const MAX_SEARCH_KEY = 300;

const ROOT = '<div id="root"></div>';

export interface PageRendererOptions {
  clientDist: string;
  entry: SsrEntry;
  execute: RenderRequest['execute'];
  cache: CatalogCache;
  /** Read per request (with PORT=0 it is known only once the server listens). */
  publicUrl: () => string;
  log: Logger;
  /** Payments are not real: every page starts with the test-shop notice. */
  testShopNotice?: boolean;
  /** The first script of a server-rendered page (readPageStart); without it pages load index.html's entry. */
  pageStart?: PageStartScript | null;
}

const gzipAsync = promisify(gzip);

/**
 * Pages rendered at once by this instance; the rest wait their turn in arrival order. Rendering is CPU work: with
 * every request rendering at once each page takes as long as all of them, and every render's data and tree stays in
 * memory meanwhile. A few at a time keep the processor busy while some wait for PostgreSQL (tests/bench/README.md).
 */
export const RENDER_SLOTS = 4;

function etagOf(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/**
 * Server rendering of the storefront: index.html from the client build with the page's head, the route's
 * stylesheets and chunks, the React markup into #root, then the query results for hydration. Pages that
 * rendered with status 200 are kept in this instance's cache (by path and query) until the catalog changes.
 */
export function createPageRenderer({
  clientDist,
  entry,
  execute,
  cache,
  publicUrl,
  log,
  testShopNotice = false,
  pageStart = null,
}: PageRendererOptions) {
  const css = new Map<string, string>();
  /** A stylesheet of the build, inlined: no render-blocking request before the first paint (a few KB each). */
  const inlineStyle = (href: string) => {
    let text = css.get(href);
    if (text === undefined) {
      try {
        text = fs.readFileSync(path.join(clientDist, href), 'utf8').replace(/<\/style/gi, '<\\/style');
        // Relative url() would resolve against the page instead of /assets/: keep such a sheet as a link.
        if (/url\(\s*(?!['"]?(?:data:|https?:|\/))/i.test(text)) text = '';
      } catch {
        text = '';
      }
      css.set(href, text);
    }
    const link = `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}"`;
    // The disabled link is neither fetched nor parsed; it tells Vite's chunk loader that the sheet is already on
    // the page, so hydration does not load it again (the inline copy applies to every medium, print included).
    return text ? `<style>${text}</style>${link} disabled />` : `${link} />`;
  };
  const html = fs.readFileSync(path.join(clientDist, 'index.html'), 'utf8');
  // While payments are not real, every page says so first thing (common/test-shop-notice.ts).
  const browserTemplate = (testShopNotice ? withTestShopNotice(html) : html)
    // The page writes its own title and description.
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+name="description"[^>]*>\s*/i, '')
    .replace(/<link rel="stylesheet" crossorigin href="([^"]+)">/g, (_m, href: string) => inlineStyle(href));
  const assets = new ClientAssets(clientDist);
  // A server-rendered page fetches no script before it is painted: its first script, inlined, imports the entry
  // afterwards (client/src/start/page-start.ts), so index.html's entry tags go.
  const renderedTemplate =
    pageStart && assets.entry
      ? [assets.entry.file, ...assets.entry.imports].reduce(
          (tpl, file) =>
            tpl
              .replace(`<script type="module" crossorigin src="${file}"></script>`, '')
              .replace(`<link rel="modulepreload" crossorigin href="${file}">`, ''),
          browserTemplate,
        )
      : browserTemplate;
  const layoutOf = (template: string) => {
    const rootAt = template.indexOf(ROOT);
    if (rootAt < 0) throw new Error('index.html no tiene <div id="root"></div>');
    return { template, rootAt, headEnd: template.search(/<\/head>/i) };
  };
  const layouts = { rendered: layoutOf(renderedTemplate), browser: layoutOf(browserTemplate) };

  /**
   * A server-rendered page starts with its first script inlined, which fetches the entry and the chunks listed
   * here once the page is painted (client/src/start/page-start.ts); a page rendered in the browser only needs them at once.
   */
  function scriptTags(scripts: string[], rendered: boolean): string[] {
    if (!rendered || !pageStart || !assets.entry)
      return scripts.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`);
    // Runs while the page is still being read: taps before hydration are kept.
    return [
      `<script data-entry="${escapeHtml(assets.entry.file)}">${pageStart.code}</script>`,
      `<meta name="${ROUTE_CHUNKS_META}" content="${escapeHtml([...assets.entry.imports, ...scripts].join(' '))}" />`,
    ];
  }

  function documentStart(head: PageHead, routeAssets: RouteAssets, rendered: boolean): string {
    const { template, headEnd, rootAt } = rendered ? layouts.rendered : layouts.browser;
    const extra = [
      headTags(head, publicUrl()),
      ...scriptTags(routeAssets.scripts, rendered),
      // After the entry's stylesheet, as Vite appends a lazily loaded chunk's CSS (same cascade order).
      ...routeAssets.styles.map(inlineStyle),
    ].join('\n    ');
    return `${template.slice(0, headEnd)}  ${extra}\n  ${template.slice(headEnd, rootAt)}<div id="root">`;
  }
  // A page that read no query (a policy page) sends no results block.
  const documentEnd = (state: Record<string, unknown>, rendered: boolean) => {
    const { template, rootAt } = rendered ? layouts.rendered : layouts.browser;
    return `</div>${Object.keys(state).length > 0 ? `<script type="application/json" id="${QUERY_RESULTS_ELEMENT_ID}">${jsonForScript(state)}</script>` : ''}${template.slice(rootAt + ROOT.length)}`;
  };

  const renders = pLimit(RENDER_SLOTS);

  const storeFor = (isSearch: boolean, noindex: boolean, key: string) =>
    isSearch ? (key.length <= MAX_SEARCH_KEY ? cache.searchPages : null) : noindex ? null : cache.pages;

  /**
   * A complete page; a GET whose ETag the browser already has gets 304 with no body. `body` is the page, or its
   * gzip bytes (`gzipped`), sent as they are to a client that accepts gzip and as the page (`plain`, or inflated) to
   * one that does not (the compression step adds `Vary: Accept-Encoding` and leaves a response that has a
   * Content-Encoding alone).
   */
  const sendHtml = (
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    body: Buffer | { gzipped: Buffer; plain?: Buffer },
    cacheControl: string,
    etag?: string,
  ) => {
    res.statusCode = status;
    res.setHeader('Cache-Control', cacheControl);
    if (etag) {
      res.setHeader('ETag', etag);
      if (status === 200 && fresh(req.headers, { etag })) {
        res.statusCode = 304;
        res.end();
        return;
      }
    }
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    let bytes: Buffer;
    if (Buffer.isBuffer(body)) bytes = body;
    else if (accepts(req).encoding(['gzip']) === 'gzip') {
      res.setHeader('Content-Encoding', 'gzip');
      bytes = body.gzipped;
    } else bytes = body.plain ?? gunzipSync(body.gzipped);
    res.setHeader('Content-Length', bytes.length);
    res.end(req.method === 'HEAD' ? undefined : bytes);
  };

  /**
   * Renders (or sends from the cache) the page at the request's URL, on Node's own request and response (pages are
   * answered outside Express: app/page-http.ts). `fail` answers an error before anything was sent.
   */
  return async function renderPage(
    req: IncomingMessage,
    res: ServerResponse,
    fail: (err: unknown) => void,
  ): Promise<void> {
    // Path and query: listings filter and sort by the URL, /buscar searches by it (a bounded LRU). An ad's click
    // parameters (utm_*, gclid, fbclid…) change nothing on the page: without them, such a click is the same page.
    const { url, tracking } = splitTrackingParams(req.url ?? '/');
    const key = url;
    const isSearch = url.split('?', 1)[0] === SEARCH_PATH;
    if (cache.enabled) {
      const hit = isSearch ? cache.searchPages.get(key) : cache.pages.get(key);
      countCacheLookup(isSearch ? 'searchPages' : 'pages', hit !== undefined);
      if (hit) {
        if (hit.noindex) res.setHeader('X-Robots-Tag', NOINDEX_ROBOTS);
        const cacheControl = hit.noindex ? NOINDEX_CACHE_CONTROL : PAGE_CACHE_CONTROL;
        sendHtml(req, res, hit.status, { gzipped: hit.gzip }, cacheControl, hit.etag);
        return;
      }
    }
    await renders(() => (res.destroyed ? undefined : renderFresh(req, res, fail, url, key, tracking, isSearch)));
  };

  /** Renders the page, sends it and keeps it; resolves once the page is handed to the response (or failed). */
  async function renderFresh(
    req: IncomingMessage,
    res: ServerResponse,
    fail: (err: unknown) => void,
    url: string,
    key: string,
    tracking: readonly string[],
    isSearch: boolean,
  ): Promise<void> {
    const version = cache.version;
    let result;
    try {
      result = await entry.render({ url, execute });
    } catch (err) {
      fail(err);
      return;
    }
    if (result.kind === 'redirect') {
      res.statusCode = result.status;
      res.setHeader('Cache-Control', 'no-cache');
      // A moved page keeps the click's parameters: the page it lands on is where analytics reads them.
      res.setHeader('Location', withTrackingParams(result.location, tracking));
      res.end();
      return;
    }
    const noindex = Boolean(result.head.noindex);
    if (noindex) res.setHeader('X-Robots-Tag', NOINDEX_ROBOTS);
    if (result.kind === 'client-only') {
      const html = `${documentStart(result.head, assets.forModules(result.modules), false)}${documentEnd({}, false)}`;
      sendHtml(req, res, 200, Buffer.from(html), 'no-cache');
      return;
    }
    // Kept here only when indexable, or a search page in its own bounded cache; never a preview or such.
    const store = result.status === 200 && !result.failed ? storeFor(isSearch, noindex, key) : null;
    const start = documentStart(result.head, assets.forModules(result.modules), true);
    const end = documentEnd(result.state, true);
    // The whole tree was ready before the render began (entry-server waits for it): the page leaves in one write,
    // with its length and ETag, instead of a write per chunk React flushes.
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        chunks.push(chunk);
        done();
      },
    });
    const piped = new Promise<Buffer | null>((resolve) => {
      // React's chunks are UTF-8 already: the page is encoded once.
      sink.on('finish', () => resolve(Buffer.concat([Buffer.from(start), ...chunks, Buffer.from(end)])));
      // A visitor who left gives the turn back even if the render never ends.
      res.once('close', () => resolve(null));
      sink.on('error', (err) => {
        log.error({ err }, 'render: error al transmitir la página');
        fail(err);
        resolve(null);
      });
    });
    result.pipe(sink);
    const body = await piped;
    if (!body) return;
    if (!store) {
      sendHtml(req, res, result.status, body, 'no-cache');
      return;
    }
    const etag = etagOf(body);
    const cacheControl = noindex ? NOINDEX_CACHE_CONTROL : PAGE_CACHE_CONTROL;
    // Compressed once, off the event loop (and out of the render's turn): the bytes kept are the ones a browser gets
    // now and on every hit.
    const status = result.status;
    void gzipAsync(body).then(
      (gzipped) => {
        if (cache.enabled && cache.version === version) store.set(key, { status, gzip: gzipped, etag, noindex });
        sendHtml(req, res, status, { gzipped, plain: body }, cacheControl, etag);
      },
      (err: unknown) => {
        log.warn({ err }, 'render: no se pudo comprimir la página; se envía sin guardar');
        sendHtml(req, res, status, body, cacheControl, etag);
      },
    );
  }
}
