/** Route entry of the home feature (lazy-loaded by app/routes). */
import type { ApolloClient } from '@apollo/client';
import { HomeMediaDocument } from './home.generated';

export { HomeRoute } from './home-route';

/** The data HomeRoute queries (run by the server before rendering). */
export function loadHomeData(client: ApolloClient) {
  return client.query({ query: HomeMediaDocument });
}
