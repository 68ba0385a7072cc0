import { createHash } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { ApolloServerPlugin } from '@apollo/server';
import { Kind, type OperationDefinitionNode } from 'graphql';
import { PUBLIC_CACHE_CONTROL, PUBLIC_CATALOG_FIELDS } from '#shared/public-catalog.js';
import type { CatalogCache } from './catalog-cache.js';

/** A query that reads only public catalog fields (the same test the browser uses to send it as a GET). */
export function isPublicCatalogOperation(operation: OperationDefinitionNode): boolean {
  return (
    operation.operation === 'query' &&
    operation.selectionSet.selections.every((s) => s.kind === Kind.FIELD && (PUBLIC_CATALOG_FIELDS.has(s.name.value) || s.name.value === '__typename'))
  );
}

/**
 * Apollo Server plugin: a successful public catalog query sent as GET gets a public Cache-Control (browsers and
 * CDNs may keep it; the GET cache below keeps its bytes); everything else stays `no-store`. A mutation answers
 * only after this instance has handled the catalog notifications it caused (CatalogCache.sync), so the next read
 * here sees the change.
 */
export function catalogCachePlugin(cache: CatalogCache): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ request, response, operation, errors }) {
          if (!operation) return;
          if (operation.operation === 'mutation') {
            await cache.sync();
            return;
          }
          if (request.http?.method !== 'GET' || errors?.length || !isPublicCatalogOperation(operation)) return;
          if (response.body.kind !== 'single' || response.body.singleResult.errors?.length) return;
          response.http.headers.set('cache-control', PUBLIC_CACHE_CONTROL);
        },
      };
    },
  };
}

/**
 * GET /graphql answers kept by URL (persisted-query hash and variables) until the catalog changes: a repeated
 * public read skips parsing, validation and execution. Every public GET answer gets its ETag here (Express then
 * answers 304 when it matches); /graphql turns Express's own ETag off, which hashed every POST answer for nothing.
 */
export function graphqlGetCache(cache: CatalogCache) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET') return next();
    const key = `${req.headers.accept ?? ''}|${req.originalUrl}`;
    const hit = cache.enabled ? cache.reads.get(key) : undefined;
    if (hit) {
      res.setHeader('Cache-Control', PUBLIC_CACHE_CONTROL);
      res.setHeader('Content-Type', hit.contentType);
      res.setHeader('ETag', hit.etag);
      res.send(hit.body);
      return;
    }
    const version = cache.version;
    const send = res.send.bind(res);
    res.send = (body: unknown) => {
      const cacheControl = res.getHeader('cache-control');
      if (res.statusCode === 200 && typeof body === 'string' && cacheControl === PUBLIC_CACHE_CONTROL) {
        const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
        res.setHeader('ETag', etag);
        if (cache.enabled && cache.version === version) {
          cache.reads.set(key, { body, etag, contentType: String(res.getHeader('content-type') ?? 'application/json; charset=utf-8') });
        }
      }
      return send(body);
    };
    next();
  };
}
