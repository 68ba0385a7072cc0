import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { PersistedQueryLink } from '@apollo/client/link/persisted-queries';
import { relayStylePagination } from '@apollo/client/utilities';
import { Kind, type DocumentNode } from 'graphql';
import { PUBLIC_CATALOG_FIELDS } from '#shared/public-catalog.js';
import possibleTypesResult from '../gql/possible-types';

interface SearchEntry {
  products: { edges: unknown[] };
}

export type { QueryClient } from './query-client';

/** Supplies a bearer token for staff requests (set by the dashboard once Firebase is loaded). */
let tokenProvider: (() => Promise<string | null>) | null = null;
export function setAuthTokenProvider(provider: (() => Promise<string | null>) | null): void {
  tokenProvider = provider;
}

export function createCache(): InMemoryCache {
  return new InMemoryCache({
    // Union and interface members (the server answers expected refusals as union members).
    possibleTypes: possibleTypesResult.possibleTypes,
    typePolicies: {
      Query: {
        fields: {
          products: relayStylePagination(['category', 'collection', 'filter', 'sort']),
          // One entry per query, filter and sort; "Ver más" (a page `after` the last) appends its edges.
          search: {
            keyArgs: ['query', 'filter', 'sort'],
            merge(existing: SearchEntry | undefined, incoming: SearchEntry, { args }) {
              if (!existing || !args?.after) return incoming;
              return {
                ...incoming,
                products: { ...incoming.products, edges: [...existing.products.edges, ...incoming.products.edges] },
              };
            },
          },
        },
      },
      Product: { keyFields: ['id'] },
      // Campaigns are identified by their slug (a staff change updates every list that shows one).
      Campaign: { keyFields: ['slug'] },
      StaffCampaign: { keyFields: ['slug'] },
      // Settings the shop has one of (they carry no id): one cache entry each, so the answer of a staff save
      // updates every query that shows them (the page said «Ahora: desactivado» after switching it on).
      CashOnDeliverySettings: { keyFields: [] },
      ShippingSettings: { keyFields: [] },
    },
  });
}

/** A query that reads only public catalog fields (shared/public-catalog.ts). */
export function isPublicCatalogQuery(document: DocumentNode): boolean {
  const operation = document.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION);
  if (!operation || operation.kind !== Kind.OPERATION_DEFINITION || operation.operation !== 'query') return false;
  return operation.selectionSet.selections.every(
    (s) => s.kind === Kind.FIELD && (PUBLIC_CATALOG_FIELDS.has(s.name.value) || s.name.value === '__typename'),
  );
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Public catalog reads go out as GET with the document's SHA-256 instead of its text (automatic persisted
 * queries), so browsers and CDNs can cache them; everything else is a POST. Without Web Crypto (plain http on
 * a non-local host) the GET carries the full document.
 */
function browserLink(uri: string, persisted: boolean): ApolloLink {
  const auth = new SetContextLink(async (prevContext) => {
    const token = tokenProvider ? await tokenProvider() : null;
    return token ? { headers: { ...prevContext.headers, authorization: `Bearer ${token}` } } : {};
  });
  // `apollo-require-preflight` satisfies Apollo Server's CSRF prevention for GET (same origin: no preflight).
  const get = new HttpLink({ uri, useGETForQueries: true, headers: { 'apollo-require-preflight': 'true' } });
  const hashedGet =
    persisted && typeof crypto !== 'undefined' && crypto.subtle
      ? new PersistedQueryLink({ sha256, useGETForHashedQueries: true }).concat(get)
      : get;
  const post = auth.concat(new HttpLink({ uri }));
  return ApolloLink.split((op) => isPublicCatalogQuery(op.query), hashedGet, post);
}

/**
 * The browser's client; `link` replaces the HTTP link (the server render executes in-process), `persisted: false`
 * sends GETs with the document's text (component tests: MSW reads the operation from it).
 */
export function createApolloClient(
  options: { uri?: string; link?: ApolloLink; ssrMode?: boolean; persisted?: boolean } = {},
): ApolloClient {
  return new ApolloClient({
    link: options.link ?? browserLink(options.uri ?? '/graphql', options.persisted ?? true),
    cache: createCache(),
    ssrMode: options.ssrMode,
  });
}
