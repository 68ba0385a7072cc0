import { Catalog1763700000000 } from './1763700000000-catalog.js';
import { Orders1763700100000 } from './1763700100000-orders.js';
import { CatalogListingIndexes1763700200000 } from './1763700200000-catalog-listing-indexes.js';
import { CatalogChangeNotify1763700300000 } from './1763700300000-catalog-change-notify.js';
import { ProductImageVariants1763700400000 } from './1763700400000-product-image-variants.js';

/** Every migration in order. Add new ones at the end; never edit one that has shipped. */
export const migrations = [Catalog1763700000000, Orders1763700100000, CatalogListingIndexes1763700200000, CatalogChangeNotify1763700300000, ProductImageVariants1763700400000];
