import type { ApolloClient } from '@apollo/client';
import type { DocumentNode } from 'graphql';

/**
 * The server embeds the result of the landing route's first query in the HTML
 * (`<script type="application/json" id="enzo-initial-data">`, see server/src/modules/seo/initial-data.ts),
 * so the first render has its data without a GraphQL round trip. Route chunks list the documents they
 * accept in `INITIAL_QUERIES`.
 */
export const INITIAL_DATA_ELEMENT_ID = 'enzo-initial-data';

export interface InitialQueryResult {
  operationName: string;
  variables: Record<string, unknown>;
  data: Record<string, unknown>;
}

function isEntry(value: unknown): value is InitialQueryResult {
  if (!value || typeof value !== 'object') return false;
  const e = value as Record<string, unknown>;
  return typeof e.operationName === 'string' && !!e.variables && typeof e.variables === 'object' && !!e.data && typeof e.data === 'object';
}

/** Reads (once) and removes the embedded results; anything malformed is ignored. */
export function takeInitialData(doc: Document = document): InitialQueryResult[] {
  const el = doc.getElementById(INITIAL_DATA_ELEMENT_ID);
  if (!el) return [];
  el.remove();
  try {
    const value: unknown = JSON.parse(el.textContent ?? '');
    return Array.isArray(value) ? value.filter(isEntry) : [];
  } catch {
    return [];
  }
}

function operationName(document: DocumentNode): string | undefined {
  for (const d of document.definitions) if (d.kind === 'OperationDefinition') return d.name?.value;
  return undefined;
}

/** Writes the embedded results of these documents into the cache (a mismatch just means a normal fetch). */
export function primeCache(client: ApolloClient, documents: readonly DocumentNode[], entries: readonly InitialQueryResult[]): void {
  for (const entry of entries) {
    const query = documents.find((d) => operationName(d) === entry.operationName);
    if (!query) continue;
    try {
      client.writeQuery({ query, variables: entry.variables, data: entry.data });
    } catch {
      // Shape drift between server and client: the page fetches as usual.
    }
  }
}
