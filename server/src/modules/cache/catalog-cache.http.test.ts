import { describe, expect, it, vi } from 'vitest';
import { parse, type OperationDefinitionNode } from 'graphql';
import { catalogCachePlugin } from './catalog-cache.http.js';
import type { CatalogCache } from './catalog-cache.js';
import { committedNothing } from '../../common/committed-nothing.js';
import type { GraphQLContext } from '../../common/context.js';

function context(): GraphQLContext {
  const scope = new Map<symbol, unknown>();
  return {
    scoped<T>(key: symbol, create: () => T): T {
      if (!scope.has(key)) scope.set(key, create());
      return scope.get(key) as T;
    },
  } as GraphQLContext;
}

/** Runs the plugin's willSendResponse for `source` and says whether it waited for the cache's sync. */
async function synced(source: string, refusals: number): Promise<boolean> {
  const sync = vi.fn(() => Promise.resolve());
  const plugin = catalogCachePlugin({ sync } as unknown as CatalogCache);
  const ctx = context();
  for (let i = 0; i < refusals; i++) committedNothing(ctx);
  const operation = parse(source).definitions[0] as OperationDefinitionNode;
  const listener = await plugin.requestDidStart!({} as never);
  await listener!.willSendResponse!({
    request: { http: { method: 'POST' } },
    response: { body: { kind: 'single', singleResult: {} }, http: { headers: new Map() } },
    operation,
    errors: undefined,
    contextValue: ctx,
  } as never);
  return sync.mock.calls.length > 0;
}

describe('catalogCachePlugin: a mutation waits for the catalog sync unless it committed nothing', () => {
  it('waits after a mutation that may have committed', async () => {
    expect(await synced('mutation { placeOrder(input: {}) { __typename } }', 0)).toBe(true);
  });

  it('answers at once when its only field was refused', async () => {
    expect(await synced('mutation { placeOrder(input: {}) { __typename } }', 1)).toBe(false);
    expect(await synced('mutation { __typename placeOrder(input: {}) { __typename } }', 1)).toBe(false);
  });

  it('waits when another field of the same mutation may have committed', async () => {
    expect(await synced('mutation { a: placeOrder(input: {}) { __typename } b: releaseOrder { __typename } }', 1)).toBe(
      true,
    );
    expect(
      await synced('mutation { a: placeOrder(input: {}) { __typename } b: placeOrder(input: {}) { __typename } }', 2),
    ).toBe(false);
  });

  it('waits when a fragment at the root hides which fields ran', async () => {
    expect(await synced('mutation { ... on Mutation { placeOrder(input: {}) { __typename } } }', 1)).toBe(true);
  });

  it('never waits for a query', async () => {
    expect(await synced('query { products { __typename } }', 0)).toBe(false);
  });
});
