import { createGunzip } from 'node:zlib';
import { pipeline } from 'node:stream/promises';
import type { Express, NextFunction, Request, Response } from 'express';
import type { FeedKind, FeedService } from './feed.service.js';

/** Crawlers fetch feeds a few times a day: caches may keep one for a while; the ETag makes re-fetching cheap. */
export const FEED_CACHE_CONTROL = 'public, max-age=300, s-maxage=300';

export const FEED_PATHS: Record<FeedKind, string> = { google: '/feeds/google.xml', meta: '/feeds/meta.csv' };

/** `/feeds/google.xml` and `/feeds/meta.csv`: gzip to clients that accept it, 304 when the ETag matches. */
export function mountFeedRoutes(app: Express, feeds: FeedService): void {
  for (const kind of ['google', 'meta'] as const) {
    app.get(FEED_PATHS[kind], async (req: Request, res: Response, next: NextFunction) => {
      try {
        const feed = await feeds.feed(kind);
        res.setHeader('Cache-Control', FEED_CACHE_CONTROL);
        res.setHeader('ETag', feed.etag);
        res.setHeader('Vary', 'Accept-Encoding');
        res.setHeader('Content-Type', feed.contentType);
        const asked = (req.headers['if-none-match'] ?? '').split(',').map((t) => t.trim().replace(/^W\//, ''));
        if (asked.includes(feed.etag)) {
          res.status(304).end();
          return;
        }
        if (req.acceptsEncodings('gzip') === 'gzip') {
          res.setHeader('Content-Encoding', 'gzip');
          res.setHeader('Content-Length', String(feed.gzip.length));
          res.end(req.method === 'HEAD' ? undefined : feed.gzip);
          return;
        }
        if (req.method === 'HEAD') {
          res.end();
          return;
        }
        const gunzip = createGunzip();
        gunzip.end(feed.gzip);
        await pipeline(gunzip, res);
      } catch (err) {
        next(err);
      }
    });
  }
}
