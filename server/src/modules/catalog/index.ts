// Catalog: categories and products for shoppers, product management for staff.
export { CatalogService, productFromRow, sizeFromRow, type CategoryWithCount, type ProductRow, type ProductSortKey } from './catalog.service.js';
export { CatalogAdminService, type AddImageInput, type ProductChangeResult, type UpdateProductInput } from './catalog-admin.service.js';
export { createCatalogResolvers } from './catalog.resolvers.js';
export { prefetchProductData, productData, type ProductData } from './product-prefetch.js';
export { CategoryEntity } from './category.entity.js';
export { ProductEntity } from './product.entity.js';
export { ProductSizeEntity } from './product-size.entity.js';
export { ProductImageEntity } from './product-image.entity.js';
