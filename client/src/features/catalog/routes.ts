/** Route entry of the catalog listing and search (lazy-loaded by app/routes; the product page is app/product-page). */
import { CategoryListingDocument } from './catalog.generated';

export { CategoryPage } from './category-page';
export { SearchPage } from './search-page';
export type { ProductRouteProps } from './product-route';
/** Queries whose results the server may embed in the HTML of this route (lib/initial-data). */
export const INITIAL_QUERIES = [CategoryListingDocument];
