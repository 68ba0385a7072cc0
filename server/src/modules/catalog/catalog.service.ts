import type { DataSource, EntityManager } from 'typeorm';
import { MAX_PAGE_SIZE } from '../../config/shop.js';
import { checkPageSize, decodeOffsetCursor, encodeOffsetCursor } from '../../app/cursor.js';
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

/** Builds a ProductEntity (with its category) from a raw row, without another query. */
export function productFromRow(manager: EntityManager, row: ProductRow): ProductEntity {
  const category = manager.create(CategoryEntity, { slug: row.category_slug, name: row.category_name ?? row.category_slug });
  return manager.create(ProductEntity, {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    price: row.price,
    categorySlug: row.category_slug,
    category,
    collections: row.collections,
    sizeChart: row.size_chart,
    active: row.active,
    position: row.position,
    createdAt: row.created_at,
  });
}

/** Public catalog reads. Listing = 1 statement; sizes and images are batched by DataLoader. */
export class CatalogService {
  constructor(private readonly ds: DataSource) {}

  async categories(): Promise<CategoryWithCount[]> {
    const rows: Array<CategoryEntity & { product_count: string }> = await this.ds.query(
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
    const rows: ProductRow[] = await this.ds.query(
      `SELECT ${PRODUCT_COLUMNS}, count(*) OVER () AS total
         FROM product p JOIN category c ON c.slug = p.category_slug
        WHERE ${where.join(' AND ')}
        ORDER BY ${ORDER_BY[args.sort ?? 'RELEVANCE']}
        LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    let totalCount = rows.length > 0 ? Number(rows[0]!.total) : 0;
    if (rows.length === 0 && offset > 0) {
      const [{ n }] = await this.ds.query(
        `SELECT count(*) AS n FROM product p WHERE ${where.join(' AND ')}`,
        params.slice(0, params.length - 2),
      );
      totalCount = Number(n);
    }
    return {
      products: rows.map((r) => productFromRow(this.ds.manager, r)),
      offset,
      totalCount,
      hasNextPage: offset + rows.length < totalCount,
    };
  }

  async product(id: number): Promise<ProductEntity | null> {
    const rows: ProductRow[] = await this.ds.query(
      `SELECT ${PRODUCT_COLUMNS} FROM product p JOIN category c ON c.slug = p.category_slug WHERE p.id = $1 AND p.active`,
      [id],
    );
    return rows[0] ? productFromRow(this.ds.manager, rows[0]) : null;
  }

  /** Batched for DataLoader: sizes of many products in one statement. */
  async sizesByProduct(productIds: readonly number[]): Promise<ProductSizeEntity[][]> {
    const sizes = await this.ds.getRepository(ProductSizeEntity).createQueryBuilder('s').where('s.productId = ANY(:ids)', { ids: [...productIds] }).orderBy('s.productId').addOrderBy('s.position').getMany();
    return productIds.map((id) => sizes.filter((s) => s.productId === id));
  }

  /** Batched for DataLoader: images of many products in one statement. */
  async imagesByProduct(productIds: readonly number[]): Promise<ProductImageEntity[][]> {
    const images = await this.ds.getRepository(ProductImageEntity).createQueryBuilder('i').where('i.productId = ANY(:ids)', { ids: [...productIds] }).orderBy('i.productId').addOrderBy('i.position').getMany();
    return productIds.map((id) => images.filter((i) => i.productId === id));
  }

  static cursor(offset: number): string {
    return encodeOffsetCursor(offset);
  }
}
