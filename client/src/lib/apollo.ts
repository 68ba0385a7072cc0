import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { relayStylePagination } from '@apollo/client/utilities';
import possibleTypesResult from '../gql/possible-types';

interface SearchEntry {
  products: { edges: unknown[] };
}

/** Supplies a bearer token for staff requests (set by the dashboard once Firebase is loaded). */
let tokenProvider: (() => Promise<string | null>) | null = null;
export function setAuthTokenProvider(provider: (() => Promise<string | null>) | null): void {
  tokenProvider = provider;
}

export function createApolloClient(uri = '/graphql'): ApolloClient {
  const auth = new SetContextLink(async (prevContext) => {
    const token = tokenProvider ? await tokenProvider() : null;
    return token ? { headers: { ...prevContext.headers, authorization: `Bearer ${token}` } } : {};
  });
  return new ApolloClient({
    link: auth.concat(new HttpLink({ uri })),
    cache: new InMemoryCache({
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
                return { ...incoming, products: { ...incoming.products, edges: [...existing.products.edges, ...incoming.products.edges] } };
              },
            },
          },
        },
        Product: { keyFields: ['id'] },
        // Campaigns are identified by their slug (a staff change updates every list that shows one).
        Campaign: { keyFields: ['slug'] },
        StaffCampaign: { keyFields: ['slug'] },
      },
    }),
  });
}
