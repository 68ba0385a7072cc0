export { ProductsPage } from './products-page';
