import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { relayStylePagination } from '@apollo/client/utilities';
import possibleTypesResult from '../gql/possible-types';

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
        Query: { fields: { products: relayStylePagination(['category', 'collection', 'sort']) } },
        Product: { keyFields: ['id'] },
      },
    }),
  });
}
