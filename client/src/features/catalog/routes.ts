/** Route entry of the catalog feature (lazy-loaded by app/routes). */
export { CategoryPage } from './category-page';
export { ProductRoute } from './product-route';
export type { ProductRouteProps } from './product-route';
