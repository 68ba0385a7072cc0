/** Route entry of the catalog listing (lazy-loaded by app/routes; the product page is app/product-page). */
import type { ApolloClient } from '@apollo/client';
import { CategoryListingDocument } from './catalog.generated';
import { listingVariables } from './listing-variables';

export { CategoryPage } from './category-page';
export type { ProductRouteProps } from './product-route';

/** The first page CategoryPage queries (run by the server before rendering), with the same variables. */
export function loadCategoryListing(client: ApolloClient, filter: { category?: string; collection?: string }) {
  return client.query({ query: CategoryListingDocument, variables: listingVariables(filter, 'RELEVANCE') });
}
