import type { TypedDocumentNode } from '@graphql-typed-document-node/core';

/**
 * A query's identity: its operation and variables (key order and undefined values do not count). The server
 * render files its results under it and the browser looks them up with it (lib/shop-data.tsx).
 */
export function queryKey(query: TypedDocumentNode<unknown, never>, variables: object | undefined): string {
  const op = query.definitions.find((d) => (d.kind as string) === 'OperationDefinition');
  const name = op && 'name' in op ? op.name?.value : undefined;
  return `${name ?? '?'}:${stableJson(variables ?? {})}`;
}

/**
 * The variables without undefined values: Apollo Client writes `{ sort: undefined }` under no sort, where it
 * reads (and its own queries run) with the document's default.
 */
export function definedOnly<T extends object>(variables: T): T {
  return Object.fromEntries(Object.entries(variables).filter(([, v]) => v !== undefined)) as T;
}

/** Whether two query results hold the same data (key order and undefined values do not count). */
export function sameData(a: unknown, b: unknown): boolean {
  return a === b || stableJson(a) === stableJson(b);
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(definedOnly(value));
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
