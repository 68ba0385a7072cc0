import type { DataSource } from 'typeorm';
import { selectRows } from '../../common/db.js';
import { MAX_PAGE_SIZE } from '#shared/shop.js';
import { checkPageSize, decodeOffsetCursor, encodeOffsetCursor } from '../../common/cursor.js';
import { CategoryEntity } from './category.entity.js';
import { ProductEntity } from './product.entity.js';
import { ProductSizeEntity } from './product-size.entity.js';
import { ProductImageEntity } from './product-image.entity.js';

export type ProductSortKey = 'RELEVANCE' | 'PRICE_ASC' | 'PRICE_DESC' | 'NEWEST';

const ORDER_BY: Record<ProductSortKey, string> = {
  RELEVANCE: 'p.position ASC, p.id ASC',
  PRICE_ASC: 'p.price ASC, p.id ASC',
  PRICE_DESC: 'p.price DESC, p.id ASC',
  NEWEST: 'p.created_at DESC, p.id DESC',
};

export interface ProductPage {
  products: ProductEntity[];
  offset: number;
  totalCount: number;
  hasNextPage: boolean;
}

export interface CategoryWithCount extends CategoryEntity {
  productCount: number;
}

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
  size_chart: ProductEntity['sizeChart'];
  active: boolean;
  position: number;
  created_at: Date;
  total?: string;
}

const PRODUCT_COLUMNS = `p.id, p.slug, p.name, p.description, p.price, p.category_slug, c.name AS category_name,
  p.collections, p.size_chart, p.active, p.position, p.created_at`;

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
  product.sizeChart = row.size_chart;
  product.active = row.active;
  product.position = row.position;
  product.createdAt = row.created_at;
  return product;
}

/** Sizes and images of many products, one statement each (DataLoader batches; the bench baseline runs the same text). */
export const SIZES_BY_PRODUCT_SQL = `SELECT id, product_id, label, position, stock, reserved FROM product_size
  WHERE product_id = ANY($1::int[]) ORDER BY product_id, position`;
export const IMAGES_BY_PRODUCT_SQL = `SELECT id, product_id, storage_key, url, alt, width, height, position, variants FROM product_image
  WHERE product_id = ANY($1::int[]) ORDER BY product_id, position`;

export interface SizeRow {
  id: number;
  product_id: number;
  label: string;
  position: number;
  stock: number;
  reserved: number;
}

/** Builds a ProductSizeEntity from a raw row (listing loaders and the cart quote share it). */
export function sizeFromRow(r: SizeRow): ProductSizeEntity {
  return Object.assign(new ProductSizeEntity(), { id: r.id, productId: r.product_id, label: r.label, position: r.position, stock: r.stock, reserved: r.reserved });
}

interface ImageRow {
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

/** Rows ordered by product → one list per requested id (empty when none), in the requested order. */
function groupByProduct<T extends { productId: number }>(productIds: readonly number[], items: T[]): T[][] {
  const byProduct = new Map<number, T[]>();
  for (const item of items) {
    const list = byProduct.get(item.productId);
    if (list) list.push(item);
    else byProduct.set(item.productId, [item]);
  }
  return productIds.map((id) => byProduct.get(id) ?? []);
}

/** Public catalog reads. Listing = 1 statement; sizes and images are batched by DataLoader. */
export class CatalogService {
  constructor(private readonly ds: DataSource) {}

  async categories(): Promise<CategoryWithCount[]> {
    const rows = await selectRows<CategoryEntity & { product_count: string }>(
      this.ds,
      `SELECT c.slug, c.name, c.description, c.position, count(p.id) AS product_count
         FROM category c LEFT JOIN product p ON p.category_slug = c.slug AND p.active
        GROUP BY c.slug ORDER BY c.position`,
    );
    return rows.map((r) => ({ slug: r.slug, name: r.name, description: r.description, position: r.position, productCount: Number(r.product_count) }));
  }

  async category(slug: string): Promise<CategoryWithCount | null> {
    return (await this.categories()).find((c) => c.slug === slug) ?? null;
  }

  async products(args: {
    category?: string | null;
    collection?: string | null;
    sort?: ProductSortKey | null;
    first?: number | null;
    after?: string | null;
  }): Promise<ProductPage> {
    const first = checkPageSize(args.first, MAX_PAGE_SIZE, 24);
    const offset = decodeOffsetCursor(args.after);
    const params: unknown[] = [];
    const where = ['p.active'];
    if (args.category) {
      params.push(args.category);
      where.push(`p.category_slug = $${params.length}`);
    }
    if (args.collection) {
      params.push([args.collection]);
      where.push(`p.collections @> $${params.length}::text[]`);
    }
    params.push(first, offset);
    const rows = await selectRows<ProductRow>(
      this.ds,
      // The total is an uncorrelated sub-select (one scan that reads no product columns), so the page
      // itself is a LIMIT over the (category_slug, active, position, id) index instead of a window
      // over every matching row.
      `SELECT ${PRODUCT_COLUMNS}, (SELECT count(*) FROM product p WHERE ${where.join(' AND ')}) AS total
         FROM product p JOIN category c ON c.slug = p.category_slug
        WHERE ${where.join(' AND ')}
        ORDER BY ${ORDER_BY[args.sort ?? 'RELEVANCE']}
        LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    let totalCount = rows.length > 0 ? Number(rows[0]!.total) : 0;
    if (rows.length === 0 && offset > 0) {
      const [{ n }] = await selectRows<{ n: string }>(
        this.ds,
        `SELECT count(*) AS n FROM product p WHERE ${where.join(' AND ')}`,
        params.slice(0, params.length - 2),
      );
      totalCount = Number(n);
    }
    return {
      products: rows.map((r) => productFromRow(r)),
      offset,
      totalCount,
      hasNextPage: offset + rows.length < totalCount,
    };
  }

  async product(id: number): Promise<ProductEntity | null> {
    const rows = await selectRows<ProductRow>(
      this.ds,
      `SELECT ${PRODUCT_COLUMNS} FROM product p JOIN category c ON c.slug = p.category_slug WHERE p.id = $1 AND p.active`,
      [id],
    );
    return rows[0] ? productFromRow(rows[0]) : null;
  }

  /** Batched for DataLoader: sizes of many products in one statement. */
  async sizesByProduct(productIds: readonly number[]): Promise<ProductSizeEntity[][]> {
    const rows = await selectRows<SizeRow>(this.ds, SIZES_BY_PRODUCT_SQL, [productIds]);
    return groupByProduct(productIds, rows.map(sizeFromRow));
  }

  /** Batched for DataLoader: images of many products in one statement. */
  async imagesByProduct(productIds: readonly number[]): Promise<ProductImageEntity[][]> {
    const rows = await selectRows<ImageRow>(this.ds, IMAGES_BY_PRODUCT_SQL, [productIds]);
    const images = rows.map((r) => {
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
    });
    return groupByProduct(productIds, images);
  }

  static cursor(offset: number): string {
    return encodeOffsetCursor(offset);
  }
}
