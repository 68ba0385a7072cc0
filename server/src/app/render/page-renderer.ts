import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import pLimit from 'p-limit';
import type { Logger } from 'pino';
import type { RenderRequest, SsrEntry } from '#shared/ssr-contract.js';
import { SEARCH_PATH } from '#shared/storefront-routes.js';
import { splitTrackingParams, withTrackingParams } from '#shared/tracking-params.js';
import type { CatalogCache } from '../../modules/cache/catalog-cache.js';
import { countCacheLookup } from '../../common/metrics.js';
import { createPageDocument, type PageDocumentOptions } from './page-document.js';
import { etagOf, sendHtml } from './send-html.js';

/** Pages: browsers revalidate (ETag → 304), shared caches keep them briefly and refresh in the background. */
export const PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=30, stale-while-revalidate=300';
/** Pages not to be indexed (search results, previews): the browser revalidates, shared caches keep nothing. */
export const NOINDEX_CACHE_CONTROL = 'private, no-cache';
/** What a page that is not to be indexed also says in its headers (as its robots meta tag does). */
export const NOINDEX_ROBOTS = 'noindex, nofollow';
/** Longer search URLs are answered but not kept: no query can make a cache key of any size. */
const MAX_SEARCH_KEY = 300;

export interface PageRendererOptions extends PageDocumentOptions {
  entry: SsrEntry;
  execute: RenderRequest['execute'];
  cache: CatalogCache;
  log: Logger;
}

const gzipAsync = promisify(gzip);

/**
 * Pages rendered at once by this instance; the rest wait their turn in arrival order. Rendering is CPU work: with
 * every request rendering at once each page takes as long as all of them, and every render's data and tree stays in
 * memory meanwhile. A few at a time keep the processor busy while some wait for PostgreSQL (tests/bench/README.md).
 */
export const RENDER_SLOTS = 4;

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
  const { assets, documentStart, documentEnd } = createPageDocument({
    clientDist,
    publicUrl,
    testShopNotice,
    pageStart,
  });
  const renders = pLimit(RENDER_SLOTS);

  const storeFor = (isSearch: boolean, noindex: boolean, url: string) =>
    isSearch ? (url.length <= MAX_SEARCH_KEY ? cache.searchPages : null) : noindex ? null : cache.pages;

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
    const isSearch = url.split('?', 1)[0] === SEARCH_PATH;
    if (cache.enabled) {
      const hit = isSearch ? cache.searchPages.get(url) : cache.pages.get(url);
      countCacheLookup(isSearch ? 'searchPages' : 'pages', hit !== undefined);
      if (hit) {
        if (hit.noindex) res.setHeader('X-Robots-Tag', NOINDEX_ROBOTS);
        const cacheControl = hit.noindex ? NOINDEX_CACHE_CONTROL : PAGE_CACHE_CONTROL;
        sendHtml(req, res, hit.status, { gzipped: hit.gzip }, cacheControl, hit.etag);
        return;
      }
    }
    await renders(() => (res.destroyed ? undefined : renderFresh(req, res, fail, url, tracking, isSearch)));
  };

  /** Renders the page, sends it and keeps it; resolves once the page is handed to the response (or failed). */
  async function renderFresh(
    req: IncomingMessage,
    res: ServerResponse,
    fail: (err: unknown) => void,
    url: string,
    tracking: readonly string[],
    isSearch: boolean,
  ): Promise<void> {
    const version = cache.version;
    // A visitor who left gives the turn back even if the render never ends.
    const left = new Promise<null>((resolve) => res.once('close', () => resolve(null)));
    let result;
    try {
      result = await Promise.race([entry.render({ url, execute }), left]);
    } catch (err) {
      fail(err);
      return;
    }
    if (!result) return;
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
    const store = result.status === 200 && !result.failed ? storeFor(isSearch, noindex, url) : null;
    // One write with the page's length and ETag; the page is encoded to UTF-8 once.
    const body = Buffer.from(
      `${documentStart(result.head, assets.forModules(result.modules), true)}${result.html}${documentEnd(result.state, true)}`,
    );
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
        if (cache.enabled && cache.version === version) store.set(url, { status, gzip: gzipped, etag, noindex });
        sendHtml(req, res, status, { gzipped, plain: body }, cacheControl, etag);
      },
      (err: unknown) => {
        log.warn({ err }, 'render: no se pudo comprimir la página; se envía sin guardar');
        sendHtml(req, res, status, body, cacheControl, etag);
      },
    );
  }
}
