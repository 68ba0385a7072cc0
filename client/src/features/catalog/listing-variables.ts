import type { CategoryListingQueryVariables } from './catalog.generated';
import type { ProductSort } from '../../gql/types';

/**
 * Variables of a listing's query, shared by the page (useQuery) and the server's data load so that both hit
 * the same cache entry. Page size and default sort live in the document.
 */
export function listingVariables(filter: { category?: string; collection?: string }, sort: ProductSort): CategoryListingQueryVariables {
  const variables: CategoryListingQueryVariables = { sort };
  if (filter.category) variables.category = filter.category;
  if (filter.collection) variables.collection = filter.collection;
  return variables;
}
