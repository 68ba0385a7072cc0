import type { CategoryListingQueryVariables, SearchResultsQueryVariables } from './catalog.generated';
import { listingFilter, readListingParams } from './listing-url';

/**
 * Variables of a listing's query from its URL (filters and sort), shared by the page (useShopQuery) and the
 * server's data load so that both hit the same cache entry. Page size lives in the document; no filter and the
 * default sort are left out.
 */
export function categoryListingVariables(
  listing: { category?: string; collection?: string },
  params: URLSearchParams,
): CategoryListingQueryVariables {
  const state = readListingParams(params);
  const filter = listingFilter(state, false);
  return {
    category: listing.category,
    collection: listing.collection,
    filter,
    sort: state.sort === 'RELEVANCE' ? undefined : state.sort,
  };
}

/** The search text as the page shows and queries it (spaces collapsed). */
export function searchText(params: URLSearchParams): string {
  return readListingParams(params).q.replace(/\s+/g, ' ').trim();
}

/** Variables of /buscar's results query, shared by SearchPage and the server's data load. */
export function searchVariables(params: URLSearchParams): SearchResultsQueryVariables {
  const state = readListingParams(params);
  const q = searchText(params);
  return {
    query: q || undefined,
    filter: listingFilter(state, true),
    sort: state.sort === 'RELEVANCE' ? undefined : state.sort,
  };
}
