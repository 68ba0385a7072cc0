import type { ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { canonicalPathFor } from '#shared/canonical-path.js';

/**
 * Where a GET of `url` (path and query) moves permanently: shared links typed by people (`/chaquetas/`, `/COLLARES`)
 * go to the page's one spelling before anything is rendered (the rule is shared with the browser, which fixes its
 * address bar the same way). Only known pages are targets, so this never redirects elsewhere; the query string is
 * kept. Null when the URL is already canonical.
 */
export function canonicalTarget(url: string): string | null {
  const query = url.indexOf('?');
  const target = canonicalPathFor(query === -1 ? url : url.slice(0, query));
  if (!target) return null;
  return query === -1 ? target : `${target}${url.slice(query)}`;
}

/** Sends the permanent move to `location` (on Node's own response: pages are answered outside Express too). */
export function sendCanonicalRedirect(res: ServerResponse, location: string): void {
  res.statusCode = 301;
  res.setHeader('Cache-Control', 'public, max-age=3600');
  res.setHeader('Location', location);
  res.end();
}

/** canonicalTarget for requests Express answers (not pages: app/page-http.ts). */
export function canonicalRedirect(req: Request, res: Response, next: NextFunction): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') return next();
  const target = canonicalTarget(req.originalUrl);
  if (!target) return next();
  sendCanonicalRedirect(res, target);
}
