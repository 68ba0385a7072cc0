/** Route entry of the home feature (lazy-loaded by app/routes). */
import type { QueryClient } from '../../lib/apollo';
import { HomeMediaDocument } from './home.generated';

export { HomeRoute } from './home-route';

/** The data HomeRoute queries (run by the server before rendering). */
export function loadHomeData(client: QueryClient) {
  return client.query({ query: HomeMediaDocument });
}
