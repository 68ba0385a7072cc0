import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import accepts from 'accepts';
import type { Logger } from 'pino';
import { runSteps, type Step } from './step-chain.js';
import { canonicalTarget, sendCanonicalRedirect } from './canonical-redirect.js';

/** Renders the page at a request's URL (render/page-renderer.ts); `fail` answers an error before anything was sent. */
export type PageRenderer = (req: IncomingMessage, res: ServerResponse, fail: (err: unknown) => void) => Promise<void>;

/**
 * Path prefixes Express answers before its page fallback: the API, media, health, readiness and metrics, the
 * product feeds, the sandbox gateway's API, assets. A route mounted on Express under any other path must be added
 * here, or a browser asking it for HTML gets a storefront page instead.
 */
const NOT_PAGES = [
  '/graphql',
  '/media',
  '/webhooks',
  '/healthz',
  '/readyz',
  '/metrics',
  '/api',
  '/playground',
  '/assets',
  '/feeds/',
  '/pasarela-sandbox/v1',
];
/** Single files Express answers: the SEO files and the favicon redirect. */
const SERVER_FILES = new Set(['/robots.txt', '/sitemap.xml', '/favicon.ico']);

/** The files of the client build Express serves as they are (`/favicon.svg`…), outside `assets/` and dot folders. */
function servedFiles(clientDist: string): Set<string> {
  const files = new Set<string>();
  const walk = (dir: string, prefix: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || (prefix === '' && entry.name === 'assets')) continue;
      if (entry.isDirectory()) walk(path.join(dir, entry.name), `${prefix}/${entry.name}`);
      else files.add(`${prefix}/${entry.name}`);
    }
  };
  walk(clientDist, '');
  return files;
}

/**
 * Which requests are storefront pages: GET or HEAD of a path that no route, file or API of the app answers, from
 * a client that takes HTML. Exactly the requests Express would only have handed to its page fallback.
 */
export function pageRequests(clientDist: string): (req: IncomingMessage) => boolean {
  const files = servedFiles(clientDist);
  return (req) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const pathname = query === -1 ? url : url.slice(0, query);
    if (NOT_PAGES.some((prefix) => pathname.startsWith(prefix)) || SERVER_FILES.has(pathname) || files.has(pathname))
      return false;
    return accepts(req).type('html') === 'html';
  };
}

export interface PageHttpOptions {
  /** Steps every page needs first: request id and log, the document's security headers, compression. */
  before: Step[];
  renderPage: PageRenderer;
  log: Logger;
}

const ERROR_PAGE =
  '<!doctype html><html lang="es-CO"><meta charset="utf-8"><title>Enzo</title><h1>Algo salió mal</h1><p>No pudimos mostrar esta página. Recarga para intentarlo de nuevo.</p></html>';

/**
 * Storefront pages on Node's own request and response, outside Express, as /graphql is (app/graphql-http.ts): a page
 * rendered per request (a crawler, a campaign sending clicks to many products) paid Express's router, a stat of the
 * client build for its static files and its request and response prototypes on top of the render
 * (tests/bench/README.md). Every page still gets the request id and access log, the same security headers and
 * compression, and the canonical-spelling redirect, in the same order as before.
 */
export function createPageHttp({ before, renderPage, log }: PageHttpOptions) {
  const fail = (req: IncomingMessage, res: ServerResponse, err: unknown) => {
    log.error({ err, path: (req.url ?? '').split('?')[0] }, 'render: no se pudo dibujar la página');
    if (res.headersSent) {
      res.end();
      return;
    }
    res.statusCode = 500;
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Content-Length', Buffer.byteLength(ERROR_PAGE));
    res.end(req.method === 'HEAD' ? undefined : ERROR_PAGE);
  };

  return runSteps(before, fail, (req, res) => {
    const target = canonicalTarget(req.url ?? '/');
    if (target) return sendCanonicalRedirect(res, target);
    return renderPage(req, res, (e) => fail(req, res, e));
  });
}
