/**
 * Root query fields that are the same for every shopper (no cart, no order, no staff data): a query that reads
 * only these goes out as a cacheable GET (hashed, persisted) and the server may answer it from its catalog
 * cache. Anything else (cart quotes, receipts, staff) is a POST and never cached.
 */
export const PUBLIC_CATALOG_FIELDS: ReadonlySet<string> = new Set([
  'categories',
  'category',
  'products',
  'search',
  'searchSuggestions',
  'bestSellers',
  'product',
  'homeMedia',
  'campaigns',
  'shopSettings',
  'paymentOptions',
]);

/** HTTP caching of public catalog reads and pages (browsers briefly, shared caches a little longer, then revalidate). */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=30, s-maxage=60, stale-while-revalidate=300';
