import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { Services } from './services.js';
import { createApollo } from './apollo.js';
import { bodyErrorAnswer, createGraphqlHttp, isGraphqlUrl } from './graphql-http.js';
import { createRateCounter } from './rate-limits.js';
import { createContext } from './context.js';
import { createResolvers } from './resolvers.js';
import { LocalMediaStore } from '../modules/media/index.js';
import proxyaddr from 'proxy-addr';
import { lazyStaffAuth } from '../modules/staff/index.js';
import type { StaffAuthResult } from '../common/context.js';
import { applySecurity } from './security.js';
import { mountRequestLog } from './request-log.js';
import { mountSeoRoutes } from '../modules/seo/seo.http.js';
import { canonicalRedirect } from './canonical-redirect.js';
import { withTestShopNotice } from '../common/test-shop-notice.js';
import { repoPath } from '../common/repo-root.js';
import { CatalogCache } from '../modules/cache/catalog-cache.js';
import { catalogCachePlugin, graphqlGetCache } from '../modules/cache/catalog-cache.http.js';
import { createPageRenderer } from './render/page-renderer.js';
import { createPageHttp, pageRequests } from './page-http.js';
import { readPageStart } from './render/client-assets.js';
import { createInProcessExecutor } from './render/in-process-executor.js';
import { deferSsrEntry } from './render/ssr-entry.js';
import client from 'prom-client';
import { graphqlMetricsPlugin, metricsHandler, observeHttp } from './metrics.js';
import { readiness } from './readiness.js';

export const DEFAULT_CLIENT_DIST = repoPath('dist', 'client');

/** Paths owned by the server: never answered with the SPA's index.html. */
const API_PREFIXES = ['/graphql', '/media', '/webhooks', '/healthz', '/readyz', '/metrics', '/api', '/playground'];

function isApiPath(p: string): boolean {
  return API_PREFIXES.some((prefix) => p === prefix || p.startsWith(`${prefix}/`) || p.startsWith(prefix));
}

/** Errors from Express routes (a body that cannot be read, a bug): GraphQL-shaped JSON, never an HTML stack. */
function jsonErrorHandler(err: unknown, _req: Request, res: Response, next: NextFunction) {
  if (res.headersSent) return next(err);
  const { status, body } = bodyErrorAnswer(err);
  res.status(status).type('json').send(body);
}

/**
 * Built assets: their names carry their content's hash, so they are cached for a year and never revalidated (no
 * ETag or Last-Modified to send with each of the dozen scripts of a page), and never fetched in ranges.
 */
const IMMUTABLE_ASSET = {
  immutable: true,
  maxAge: '1y',
  etag: false,
  lastModified: false,
  acceptRanges: false,
} as const;

/**
 * Hashed assets that the build also wrote Brotli-compressed (`.br`, quality 11): sent as such to browsers that
 * accept `br` (the compression middleware leaves responses that already have a Content-Encoding alone). The
 * request is pointed at the `.br` file, which the static handler that follows sends with the asset's type.
 */
function servePrecompressed(dir: string) {
  let files: Set<string>;
  try {
    files = new Set(
      fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.br'))
        .map((f) => `/${f.slice(0, -3)}`),
    );
  } catch {
    files = new Set();
  }
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !files.has(req.path)) return next();
    res.vary('Accept-Encoding');
    if (req.acceptsEncodings('br') !== 'br') return next();
    res.type(path.extname(req.path));
    res.setHeader('Content-Encoding', 'br');
    req.url = `${req.path}.br`;
    next();
  };
}

export interface HttpAppOptions {
  services: Services;
  log: Logger;
  /** Extra routes mounted before the SPA fallback (webhooks, sandbox pages...). */
  routes?: Array<(app: Express) => void>;
  /** This instance's catalog cache (started by the caller); without one nothing is cached. */
  catalogCache?: CatalogCache;
  /** The figures /metrics reads from the database at scrape time (none when not given). */
  shopMetrics?: client.Registry;
  /** Whether this instance's job runner is running (for /readyz; the caller starts it once the shop listens). */
  jobsRunning?: () => boolean;
}

export interface HttpApp {
  /** The shop's request listener, for http.createServer. */
  handler: (req: IncomingMessage, res: ServerResponse) => void;
  /**
   * Loads what pages need but /healthz does not (the server render bundle); the caller starts it once the shop
   * listens. Pages asked for earlier wait for it. Rejects when the bundle cannot be loaded.
   */
  warmUp: () => Promise<void>;
  stop: () => Promise<void>;
}

export async function createHttpApp({
  services,
  log,
  routes = [],
  catalogCache = new CatalogCache(null),
  shopMetrics = new client.Registry(),
  jobsRunning = () => true,
}: HttpAppOptions): Promise<HttpApp> {
  const { env } = services;
  const app = express();
  app.disable('x-powered-by');
  // Which proxies may say who the client is (TRUST_PROXY): rate limits and order caps count per client address.
  app.set('trust proxy', env.trustProxy);

  const tagRequest = mountRequestLog(
    app,
    log,
    (url) =>
      url === '/healthz' ||
      url === '/readyz' ||
      url === '/metrics' ||
      url.startsWith('/assets/') ||
      url.startsWith('/media/'),
  );

  const CLIENT_DIST = env.CLIENT_DIST_DIR ? path.resolve(env.CLIENT_DIST_DIR) : DEFAULT_CLIENT_DIST;
  const hasClient = fs.existsSync(path.join(CLIENT_DIST, 'index.html'));
  // The first script of a server-rendered page is inlined: the CSP allows it by its hash.
  const pageStart = hasClient ? readPageStart(CLIENT_DIST) : null;
  const securitySteps = applySecurity(app, env, pageStart ? [pageStart.cspSource] : []);

  /** The server render bundle failed to load: pages cannot be served, so the instance is not healthy. */
  let renderFailed = false;
  app.get('/healthz', async (_req, res) => {
    if (renderFailed) {
      res.status(503).json({ status: 'error', render: 'unavailable' });
      return;
    }
    try {
      await Promise.race([
        services.ds.query('SELECT 1'),
        new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000)),
      ]);
      res.status(200).json({ status: 'ok', database: 'ok' });
    } catch {
      res.status(503).json({ status: 'error', database: 'unavailable' });
    }
  });

  // Ready for shoppers: the database answers, its schema is this version's, and this instance runs background jobs.
  app.get('/readyz', async (_req, res) => {
    const checks = await readiness(services.ds, jobsRunning);
    const ok = Object.values(checks).every((c) => c === 'ok');
    res.status(ok ? 200 : 503).json({ status: ok ? 'ok' : 'error', ...checks });
  });
  app.get('/metrics', metricsHandler(env, shopMetrics));

  const apollo = createApollo(env, log, createResolvers(services), createRateCounter(services.ds), [
    catalogCachePlugin(catalogCache),
    graphqlMetricsPlugin(),
  ]);
  await apollo.start();
  const trust = app.get('trust proxy fn') as (addr: string, i: number) => boolean;
  // One token check per request: the body limit may need it before the body is read, the resolvers after.
  const staffAuthOf = new WeakMap<IncomingMessage, () => Promise<StaffAuthResult>>();
  const staffAuthFor = (req: IncomingMessage) => {
    let check = staffAuthOf.get(req);
    if (!check) {
      const facts = { ip: proxyaddr(req, trust), requestId: (req as { id?: string }).id ?? '' };
      staffAuthOf.set(req, (check = lazyStaffAuth(services.staffAuth, req.headers.authorization, facts)));
    }
    return check;
  };
  const graphql = createGraphqlHttp({
    apollo,
    before: [tagRequest, ...securitySteps.api],
    trust,
    getCache: graphqlGetCache(catalogCache),
    context: async (req, ip) =>
      createContext(services.staffAuth, services.activityLog, {
        requestId: req.id ?? randomUUID(),
        ip,
        staffAuth: staffAuthFor(req),
      }),
    mayUseLargeBody: async (req) => (await staffAuthFor(req)()).kind === 'staff',
    log,
  });

  if (services.media instanceof LocalMediaStore) {
    app.use(
      '/media',
      express.static(services.media.root, { fallthrough: false, maxAge: '1d', index: false, dotfiles: 'deny' }),
    );
  }

  mountSeoRoutes(app, env, services.seo);
  // Documents without an icon link (a PDF opened in the browser's viewer) ask for /favicon.ico: the shop's icon is SVG.
  app.get('/favicon.ico', (_req, res) => res.redirect(301, '/favicon.svg'));
  app.use(canonicalRedirect);
  for (const mount of routes) mount(app);

  if (hasClient) {
    app.use('/assets', servePrecompressed(path.join(CLIENT_DIST, 'assets')));
    app.use(
      '/assets',
      express.static(path.join(CLIENT_DIST, 'assets'), { ...IMMUTABLE_ASSET, fallthrough: false, index: false }),
    );
    if (env.playground) {
      app.get('/playground', (_req, res) => res.sendFile(path.join(CLIENT_DIST, 'playground.html')));
    }
    app.use(express.static(CLIENT_DIST, { index: false, maxAge: '1h' }));
  }

  app.use(jsonErrorHandler);

  // Storefront pages are rendered on the server with the built render bundle (dist/ssr) and the same resolvers.
  const entry = hasClient ? deferSsrEntry(path.join(CLIENT_DIST, '..', 'ssr')) : null;
  if (hasClient && !entry) log.warn('Falta dist/ssr (npm run build): las páginas se dibujan solo en el navegador');
  const renderPage = entry
    ? createPageRenderer({
        clientDist: CLIENT_DIST,
        entry,
        execute: createInProcessExecutor(apollo, catalogCache, () =>
          createContext(services.staffAuth, services.activityLog, { requestId: randomUUID(), ip: '' }),
        ),
        cache: catalogCache,
        publicUrl: () => env.publicUrl,
        log,
        testShopNotice: !env.paymentsAreReal,
        pageStart,
      })
    : null;
  app.use(async (req: Request, res: Response, next: NextFunction) => {
    if ((req.method === 'GET' || req.method === 'HEAD') && hasClient && !isApiPath(req.path) && req.accepts('html')) {
      if (renderPage) return renderPage(req, res, next);
      res.setHeader('Cache-Control', 'no-cache');
      const html = fs.readFileSync(path.join(CLIENT_DIST, 'index.html'), 'utf8');
      res.type('html').send(env.paymentsAreReal ? html : withTestShopNotice(html));
      return;
    }
    res.status(404).json({ error: 'NOT_FOUND', message: 'No encontrado.' });
  });
  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    log.error({ err, path: req.path }, 'render: no se pudo dibujar la página');
    if (res.headersSent) {
      res.end();
      return;
    }
    res.status(500).type('html').setHeader('Cache-Control', 'no-store');
    res.send(
      '<!doctype html><html lang="es-CO"><meta charset="utf-8"><title>Enzo</title><h1>Algo salió mal</h1><p>No pudimos mostrar esta página. Recarga para intentarlo de nuevo.</p></html>',
    );
  });

  // Rendered pages are answered outside Express too (app/page-http.ts); Express keeps everything else.
  const isPage = renderPage ? pageRequests(CLIENT_DIST) : () => false;
  const page = renderPage ? createPageHttp({ before: [tagRequest, ...securitySteps.page], renderPage, log }) : null;

  return {
    // /graphql and the pages are answered before Express sees the request (app/graphql-http.ts, app/page-http.ts).
    handler: (req, res) => {
      observeHttp(req, res);
      if (isGraphqlUrl(req.url)) graphql(req, res);
      else if (page && isPage(req)) page(req, res);
      else app(req, res);
    },
    warmUp: async () => {
      try {
        await entry?.load();
      } catch (err) {
        // A load balancer stops sending shoppers here (/healthz answers 503) instead of serving error pages.
        renderFailed = true;
        throw err;
      }
    },
    stop: () => apollo.stop(),
  };
}
