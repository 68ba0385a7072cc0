/** Route entry of the catalog listing and search (lazy-loaded by app/routes; the product page is app/product-page). */
import type { QueryClient } from '../../lib/apollo';
import { CategoryListingDocument, SearchFallbackDocument, SearchResultsDocument } from './catalog.generated';
import { categoryListingVariables, searchVariables } from './listing-variables';

export { CategoryPage } from './category-page';
export { SearchPage } from './search-page';
export type { ProductRouteProps } from './product-route';

/** The first page CategoryPage queries (run by the server before rendering), with the same variables. */
export function loadCategoryListing(
  client: QueryClient,
  listing: { category?: string; collection?: string },
  params: URLSearchParams,
) {
  return client.query({ query: CategoryListingDocument, variables: categoryListingVariables(listing, params) });
}

/** The results SearchPage queries (run by the server before rendering), with the same variables. */
export async function loadSearch(client: QueryClient, params: URLSearchParams) {
  const { data } = await client.query({ query: SearchResultsDocument, variables: searchVariables(params) });
  // Nothing found: the page suggests categories and best sellers instead.
  if (data?.search.products.totalCount === 0) await client.query({ query: SearchFallbackDocument });
}
