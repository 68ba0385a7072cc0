import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { ApolloServerPlugin } from '@apollo/server';
import { Kind, type OperationDefinitionNode } from 'graphql';
import { PUBLIC_CACHE_CONTROL, PUBLIC_CATALOG_FIELDS } from '#shared/public-catalog.js';
import type { CachedRead, CatalogCache } from './catalog-cache.js';
import { countCacheLookup } from '../../common/metrics.js';
import { fieldsThatCommittedNothing } from '../../common/committed-nothing.js';
import type { GraphQLContext } from '../../common/context.js';

/** A query that reads only public catalog fields (the same test the browser uses to send it as a GET). */
export function isPublicCatalogOperation(operation: OperationDefinitionNode): boolean {
  return (
    operation.operation === 'query' &&
    operation.selectionSet.selections.every(
      (s) => s.kind === Kind.FIELD && (PUBLIC_CATALOG_FIELDS.has(s.name.value) || s.name.value === '__typename'),
    )
  );
}

/** Whether every root field of a mutation said it committed nothing (common/committed-nothing.ts). */
function committedNothing(operation: OperationDefinitionNode, ctx: GraphQLContext): boolean {
  const roots = operation.selectionSet.selections;
  // A fragment at the root could hide any number of fields: sync.
  if (!roots.every((s) => s.kind === Kind.FIELD)) return false;
  const fields = roots.filter((s) => s.kind === Kind.FIELD && s.name.value !== '__typename').length;
  return fields > 0 && fieldsThatCommittedNothing(ctx) >= fields;
}

/**
 * Apollo Server plugin: a successful public catalog query sent as GET gets a public Cache-Control (browsers and
 * CDNs may keep it; the GET cache below keeps its bytes); everything else stays `no-store`. A mutation answers
 * only after this instance has handled the catalog notifications it caused (CatalogCache.sync), so the next read
 * here sees the change; one that committed nothing (a refused order) answers at once.
 */
export function catalogCachePlugin(cache: CatalogCache): ApolloServerPlugin<GraphQLContext> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ request, response, operation, errors, contextValue }) {
          if (!operation) return;
          if (operation.operation === 'mutation') {
            if (!committedNothing(operation, contextValue)) await cache.sync();
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

/** What the /graphql handler learns about a GET before running it: a kept answer, or how to keep the new one. */
export interface GetCacheLookup {
  hit?: CachedRead & { cacheControl: string };
  /** Called with the answer just produced: its ETag when it is a public catalog answer (kept if the catalog is unchanged). */
  keep(status: number, headers: Map<string, string>, body: string): string | undefined;
}

export type GraphqlGetCache = (req: IncomingMessage) => GetCacheLookup | undefined;

/**
 * GET /graphql answers kept by URL (persisted-query hash and variables) until the catalog changes: a repeated
 * public read skips parsing, validation and execution. Every public GET answer gets its ETag here (the handler
 * answers 304 when it matches), cached or not; POST answers get none (they are `no-store`).
 */
export function graphqlGetCache(cache: CatalogCache): GraphqlGetCache {
  return (req) => {
    if (req.method !== 'GET') return undefined;
    const key = `${req.headers.accept ?? ''}|${req.url ?? ''}`;
    const hit = cache.enabled ? cache.reads.get(key) : undefined;
    if (cache.enabled) countCacheLookup('reads', hit !== undefined);
    const version = cache.version;
    return {
      hit: hit && { ...hit, cacheControl: PUBLIC_CACHE_CONTROL },
      keep(status, headers, body) {
        if (status !== 200 || headers.get('cache-control') !== PUBLIC_CACHE_CONTROL) return undefined;
        const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
        if (cache.enabled && cache.version === version) {
          cache.reads.set(key, {
            body,
            etag,
            contentType: headers.get('content-type') ?? 'application/json; charset=utf-8',
          });
        }
        return etag;
      },
    };
  };
}
