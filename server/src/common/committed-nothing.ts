import type { GraphQLContext } from './context.js';

const KEY = Symbol('mutation-fields-that-committed-nothing');

/**
 * Records that a mutation field answered without committing anything (a refusal whose transaction rolled back, or
 * that never opened one). A mutation whose every field did so skips the catalog cache's sync
 * (modules/cache/catalog-cache.http.ts): there is no notification of its own to wait for. In a flash sale that is
 * most of the requests.
 */
export function committedNothing(ctx: GraphQLContext): void {
  ctx.scoped(KEY, () => ({ fields: 0 })).fields++;
}

/** How many of this request's mutation fields said `committedNothing`. */
export function fieldsThatCommittedNothing(ctx: GraphQLContext): number {
  return ctx.scoped(KEY, () => ({ fields: 0 })).fields;
}
