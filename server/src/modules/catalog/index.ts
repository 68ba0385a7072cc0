// Catalog: categories and products for shoppers, product management and stock alerts for staff.
export { CatalogService } from './catalog.service.js';
export {
  sizeWithProductFromRow,
  type CategoryWithCount,
  type SizeWithProductRow,
  type ProductSortKey,
} from './catalog-rows.js';
export {
  CatalogAdminService,
  type AddImageInput,
  type ImageOrderInput,
  type ProductChangeResult,
  type UpdateProductInput,
} from './catalog-admin.service.js';
export {
  StockAlertsService,
  DEFAULT_LOW_STOCK_THRESHOLD,
  type LowStockRow,
  type LowStockReport,
} from './stock-alerts.service.js';
export {
  groupBySize,
  releaseStock,
  reserveStock,
  restockReturned,
  sellReserved,
  stockAvailable,
  takeFromShelf,
  type SizeQuantities,
} from './size-stock.js';
export { createCatalogResolvers } from './catalog.resolvers.js';
export { prefetchProductData, productData, type ProductData } from './product-prefetch.js';
export { CategoryEntity } from './category.entity.js';
export { ProductEntity } from './product.entity.js';
export { ProductSizeEntity } from './product-size.entity.js';
export { ProductImageEntity } from './product-image.entity.js';
export { ProductSlugHistoryEntity } from './product-slug-history.entity.js';
export { ShopSettingEntity } from './shop-setting.entity.js';
export { CatalogExportService, EXPORT_CONTENT_TYPES, type ExportFormat } from './catalog-export.service.js';
export {
  CatalogImportService,
  MAX_IMPORT_TOKEN_CHARS,
  type ImportApplied,
  type ImportFile,
  type ImportPreview,
  type ImportRefused,
} from './catalog-import.service.js';
export { catalogBatches, type SnapshotProduct, type SnapshotSize, type SnapshotImage } from './catalog-snapshot.js';
export { absoluteUrl } from './catalog-sheet-write.js';
export type { PlannedProduct, FieldChange } from './catalog-import-plan.js';
export type { RowProblem } from './catalog-import-rows.js';
