import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gunzipSync } from 'node:zlib';
import accepts from 'accepts';
import fresh from 'fresh';

/** A strong ETag of a page's bytes. */
export function etagOf(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/**
 * A complete page; a GET whose ETag the browser already has gets 304 with no body. `body` is the page, or its
 * gzip bytes (`gzipped`), sent as they are to a client that accepts gzip and as the page (`plain`, or inflated) to
 * one that does not (the compression step adds `Vary: Accept-Encoding` and leaves a response that has a
 * Content-Encoding alone).
 */
export function sendHtml(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: Buffer | { gzipped: Buffer; plain?: Buffer },
  cacheControl: string,
  etag?: string,
): void {
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
}
