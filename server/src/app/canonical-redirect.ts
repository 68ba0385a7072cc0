import type { NextFunction, Request, Response } from 'express';
import { canonicalPathFor } from '#shared/canonical-path.js';

/**
 * Shared links typed by people (`/chaquetas/`, `/COLLARES`) move permanently to the page's one spelling
 * before anything is rendered (the rule is shared with the browser, which fixes its address bar the same
 * way). Only known pages are targets, so this never redirects elsewhere; the query string is kept.
 */
export function canonicalRedirect(req: Request, res: Response, next: NextFunction): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') return next();
  const target = canonicalPathFor(req.path);
  if (!target) return next();
  const query = req.originalUrl.indexOf('?');
  res.setHeader('Cache-Control', 'public, max-age=3600');
  res.redirect(301, query === -1 ? target : `${target}${req.originalUrl.slice(query)}`);
}
