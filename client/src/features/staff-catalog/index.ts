export { ProductsPage } from './products-page';
export { EditProductPage, NewProductPage } from './product-form-page';
export { LowStockPage } from './low-stock-page';
export type { StaffProductFieldsFragment } from './staff-catalog.generated';
