/**
 * The catalog's reads as rows (what the statements in listing-sql.ts and search-sql.ts return) and the entities and
 * listing models built from them: for the public reads (catalog.service.ts, catalog-search.service.ts), the listing
 * models and the cart's quote.
 */
import { PRICE_RANGES, SIZE_LABELS } from '#shared/shop.js';
import { CategoryEntity } from './category.entity.js';
import { ProductEntity, type Pet } from './product.entity.js';
import { ProductSizeEntity } from './product-size.entity.js';
import { ProductImageEntity } from './product-image.entity.js';
import type { SearchText, ProductFilter } from './search-input.js';
import type { TextQuery } from './listing-sql.js';

export type ProductSortKey = 'RELEVANCE' | 'PRICE_ASC' | 'PRICE_DESC' | 'NEWEST';

/** A listing or a search: scope, text and filters. */
export interface ListingSpec {
  text: SearchText | null;
  /** The text as PostgreSQL reads it, once read (readText). */
  read?: TextRead | null;
  category?: string | null;
  collection?: string | null;
  filter: ProductFilter;
}

/** How PostgreSQL reads a search text (searchTextStatement): null tsqueries when nothing searchable was typed. */
export interface TextRead {
  query: TextQuery | null;
  /** Estimated fraction of the products that match (search-estimate.ts). */
  fraction: number;
  /** Active products in the shop when the statistics were read (with `fraction`, readPlanFor plans the search). */
  products: number;
  /** The words searched after typo correction, when a word was corrected («colar» → «collar»). */
  correctedQuery: string | null;
}

export interface ProductPage {
  products: ProductEntity[];
  offset: number;
  /** Exact, or SEARCH_EXACT_LIMIT when a search matched more (`totalExact` false). */
  totalCount: number;
  totalExact: boolean;
  hasNextPage: boolean;
  /** The words searched after typo correction, when a word was corrected («colar» → «collar»). */
  correctedQuery: string | null;
  /** Counts per filter option, when asked for. */
  facets: ProductFacets | null;
  /** Each product's sizes and images, when they were read with the page (ProductDetails in listing-sql.ts). */
  details?: PageDetails;
}

/** Sizes and images read with a page's products, by product id (only what was asked for). */
export interface PageDetails {
  sizes: Map<number, ProductSizeEntity[]>;
  images: Map<number, ProductImageEntity[]>;
}

/** The sizes and images a page's rows carry as JSON (`sizes`, `images` columns), when they carry them. */
export function pageDetails(rows: ReadonlyArray<{ id: number; sizes?: SizeRow[]; images?: ImageRow[] }>): PageDetails {
  const details: PageDetails = { sizes: new Map(), images: new Map() };
  for (const r of rows) {
    if (r.sizes) details.sizes.set(r.id, r.sizes.map(sizeFromRow));
    if (r.images) details.images.set(r.id, r.images.map(imageFromRow));
  }
  return details;
}

/** Counts per filter option (listing-sql.ts). */
export interface ProductFacets {
  /** False when a search matched more than SEARCH_EXACT_LIMIT products: the counts are those of the first ones. */
  exact: boolean;
  inStock: number;
  sizes: { label: string; count: number }[];
  pets: { pet: Pet; count: number }[];
  priceRanges: { min: number; max: number | null; count: number }[];
  categories: { slug: string; name: string; count: number }[];
}

export interface CategoryWithCount extends CategoryEntity {
  productCount: number;
}

/** A category row with `activeProductsOf(c.slug) AS product_count` (the menu and search suggestions). */
export type CategoryRow = CategoryEntity & { product_count: number };

export const categoryFromRow = (r: CategoryRow): CategoryWithCount => ({
  slug: r.slug,
  name: r.name,
  description: r.description,
  position: r.position,
  productCount: r.product_count,
});

/** A product row as selected with PRODUCT_COLUMNS (shared by every raw catalog read). */
export interface ProductRow {
  id: number;
  slug: string;
  name: string;
  description: string;
  price: number;
  category_slug: string;
  category_name: string | null;
  collections: string[];
  size_guide: ProductEntity['sizeGuide'];
  archived_at: Date | null;
  active: boolean;
  position: number;
  created_at: Date;
  pets: Pet[];
  total?: string | number;
}

/** A row of a listing-sql.ts statement: product columns are null on the single row of an empty page. */
export type ListingRow = Omit<ProductRow, 'id'> & {
  id: number | null;
  /** The product's sizes and images, when the statement was asked for them (ProductDetails). */
  sizes?: SizeRow[];
  images?: ImageRow[];
  /** facetedListingStatement: the exact total. */
  total?: number;
  /** searchPageStatement: hits read, and the most it reads (null: all of them). */
  seen?: number;
  need?: number | null;
  facets?: {
    exact: boolean;
    inStock: number;
    sizes: number[];
    pets: [number, number];
    prices: number[];
    categories: ProductFacets['categories'];
  };
};

export const emptyFacets = (): ProductFacets => ({
  exact: true,
  inStock: 0,
  sizes: SIZE_LABELS.map((label) => ({ label, count: 0 })),
  pets: (['DOG', 'CAT'] as const).map((pet) => ({ pet, count: 0 })),
  priceRanges: PRICE_RANGES.map((r) => ({ ...r, count: 0 })),
  categories: [],
});

export function facetsFromRow(row: ListingRow): ProductFacets {
  const f = row.facets;
  if (!f) return emptyFacets();
  return {
    exact: f.exact,
    inStock: f.inStock,
    sizes: SIZE_LABELS.map((label, i) => ({ label, count: f.sizes[i] ?? 0 })),
    pets: (['DOG', 'CAT'] as const).map((pet, i) => ({ pet, count: f.pets[i] ?? 0 })),
    priceRanges: PRICE_RANGES.map((r, i) => ({ ...r, count: f.prices[i] ?? 0 })),
    categories: f.categories,
  };
}

/**
 * Builds a ProductEntity (with its category) from a raw row, without another query. Plain
 * assignment instead of `manager.create` (which walks entity metadata per call): this runs for every
 * product of every listing and cart line.
 */
export function productFromRow(row: ProductRow): ProductEntity {
  const category = new CategoryEntity();
  category.slug = row.category_slug;
  category.name = row.category_name ?? row.category_slug;
  const product = new ProductEntity();
  product.id = row.id;
  product.slug = row.slug;
  product.name = row.name;
  product.description = row.description;
  product.price = row.price;
  product.categorySlug = row.category_slug;
  product.category = category;
  product.collections = row.collections;
  product.sizeGuide = row.size_guide;
  product.archivedAt = row.archived_at;
  product.active = row.active;
  product.position = row.position;
  product.createdAt = row.created_at;
  product.pets = row.pets;
  return product;
}

/** Sizes and images of many products, one statement each (DataLoader batches; the bench baseline runs the same text). */
export const SIZES_BY_PRODUCT_SQL = `SELECT id, product_id, label, sku, position, stock, reserved FROM product_size
  WHERE product_id = ANY($1::int[]) ORDER BY product_id, position`;
export const IMAGES_BY_PRODUCT_SQL = `SELECT id, product_id, storage_key, url, alt, width, height, position, variants FROM product_image
  WHERE product_id = ANY($1::int[]) ORDER BY product_id, position`;

export interface SizeRow {
  id: number;
  product_id: number;
  label: string;
  /** Absent where a read does not need it (the cart quote). */
  sku?: string;
  position: number;
  stock: number;
  reserved: number;
}

/** Builds a ProductSizeEntity from a raw row (listing loaders and the cart quote share it). */
export function sizeFromRow(r: SizeRow): ProductSizeEntity {
  return Object.assign(new ProductSizeEntity(), {
    id: r.id,
    productId: r.product_id,
    label: r.label,
    sku: r.sku ?? '',
    position: r.position,
    stock: r.stock,
    reserved: r.reserved,
  });
}

/**
 * One size joined with its product (the cart quote reads sizes this way): the product's columns as in ProductRow, with
 * `product_id` for its id, and the size's under `size_`-prefixed names where they would clash with the product's.
 */
export interface SizeWithProductRow extends Omit<ProductRow, 'id' | 'total'> {
  product_id: number;
  size_id: number;
  label: string;
  size_position: number;
  stock: number;
  reserved: number;
}

/** The product and the size of a joined row, built by the same mappers as every other catalog read. */
export function sizeWithProductFromRow(row: SizeWithProductRow): { product: ProductEntity; size: ProductSizeEntity } {
  return {
    product: productFromRow({ ...row, id: row.product_id }),
    size: sizeFromRow({
      id: row.size_id,
      product_id: row.product_id,
      label: row.label,
      position: row.size_position,
      stock: row.stock,
      reserved: row.reserved,
    }),
  };
}

export interface ImageRow {
  id: number;
  product_id: number;
  storage_key: string;
  url: string;
  alt: string;
  width: number;
  height: number;
  position: number;
  variants: ProductImageEntity['variants'];
}

export function imageFromRow(r: ImageRow): ProductImageEntity {
  const i = new ProductImageEntity();
  i.id = r.id;
  i.productId = r.product_id;
  i.storageKey = r.storage_key;
  i.url = r.url;
  i.alt = r.alt;
  i.width = r.width;
  i.height = r.height;
  i.position = r.position;
  i.variants = r.variants;
  return i;
}

/** Rows ordered by product → one list per requested id (empty when none), in the requested order. */
export function groupByProduct<T extends { productId: number }>(productIds: readonly number[], items: T[]): T[][] {
  const byProduct = new Map<number, T[]>();
  for (const item of items) {
    const list = byProduct.get(item.productId);
    if (list) list.push(item);
    else byProduct.set(item.productId, [item]);
  }
  return productIds.map((id) => byProduct.get(id) ?? []);
}
