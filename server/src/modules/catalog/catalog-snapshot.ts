import type { ImageVariant } from '../media/index.js';

/** Anything that runs SQL: the DataSource, or a transaction's manager. */
export interface Queryable {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

export interface SnapshotSize {
  id: number;
  label: string;
  sku: string;
  position: number;
  stock: number;
  reserved: number;
}

export interface SnapshotImage {
  id: number;
  url: string;
  sourceUrl: string | null;
  storageKey: string;
  alt: string;
  width: number;
  height: number;
  position: number;
  variants: ImageVariant[] | null;
}

/** A whole product as the spreadsheet and the feeds see it. */
export interface SnapshotProduct {
  id: number;
  slug: string;
  name: string;
  description: string;
  price: number;
  categorySlug: string;
  categoryName: string;
  collections: string[];
  pets: Array<'DOG' | 'CAT'>;
  active: boolean;
  archived: boolean;
  position: number;
  sizes: SnapshotSize[];
  images: SnapshotImage[];
}

interface ProductRow {
  id: number;
  slug: string;
  name: string;
  description: string;
  price: number;
  category_slug: string;
  category_name: string;
  collections: string[];
  pets: Array<'DOG' | 'CAT'>;
  active: boolean;
  archived: boolean;
  position: number;
}

const PRODUCTS_SQL = (where: string) => `
  SELECT p.id, p.slug, p.name, p.description, p.price, p.category_slug, c.name AS category_name, p.collections, p.pets,
         p.active, p.archived_at IS NOT NULL AS archived, p.position
    FROM product p JOIN category c ON c.slug = p.category_slug
   WHERE p.id > $1 ${where}
   ORDER BY p.id LIMIT $2`;

/** Sizes and images of the products given (three statements for any number of products). */
export async function completeProducts(q: Queryable, rows: ProductRow[]): Promise<SnapshotProduct[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  // One after the other: inside a transaction both go to the same connection, which runs one statement at a time.
  const sizes = await q.query(
    `SELECT id, product_id, label, sku, position, stock, reserved FROM product_size WHERE product_id = ANY($1::int[]) ORDER BY product_id, position, id`,
    [ids],
  );
  const images = await q.query(
    `SELECT id, product_id, url, source_url, storage_key, alt, width, height, position, variants FROM product_image WHERE product_id = ANY($1::int[]) ORDER BY product_id, position, id`,
    [ids],
  );
  const [sizeRows, imageRows] = [sizes, images] as [
    Array<SnapshotSize & { product_id: number }>,
    Array<
      Omit<SnapshotImage, 'sourceUrl' | 'storageKey'> & {
        product_id: number;
        source_url: string | null;
        storage_key: string;
      }
    >,
  ];
  const byProduct = new Map<number, SnapshotProduct>();
  const products = rows.map((r) => {
    const p: SnapshotProduct = {
      id: r.id,
      slug: r.slug,
      name: r.name,
      description: r.description,
      price: r.price,
      categorySlug: r.category_slug,
      categoryName: r.category_name,
      collections: r.collections,
      pets: r.pets,
      active: r.active,
      archived: r.archived,
      position: r.position,
      sizes: [],
      images: [],
    };
    byProduct.set(r.id, p);
    return p;
  });
  for (const s of sizeRows)
    byProduct.get(s.product_id)!.sizes.push({
      id: s.id,
      label: s.label,
      sku: s.sku,
      position: s.position,
      stock: s.stock,
      reserved: s.reserved,
    });
  for (const i of imageRows)
    byProduct.get(i.product_id)!.images.push({
      id: i.id,
      url: i.url,
      sourceUrl: i.source_url,
      storageKey: i.storage_key,
      alt: i.alt,
      width: i.width,
      height: i.height,
      position: i.position,
      variants: i.variants,
    });
  return products;
}

/**
 * The catalogue in batches of whole products (sizes and images included), by id: memory stays bounded for any size
 * of catalogue. `activeOnly`: only what the storefront shows (published, not archived).
 */
export async function* catalogBatches(
  q: Queryable,
  { activeOnly = false, batchSize = 500 }: { activeOnly?: boolean; batchSize?: number } = {},
): AsyncGenerator<SnapshotProduct[]> {
  let after = 0;
  for (;;) {
    const rows = (await q.query(PRODUCTS_SQL(activeOnly ? 'AND p.active AND p.archived_at IS NULL' : ''), [
      after,
      batchSize,
    ])) as ProductRow[];
    if (rows.length === 0) return;
    yield await completeProducts(q, rows);
    after = rows[rows.length - 1]!.id;
    if (rows.length < batchSize) return;
  }
}

/** Every product (archived too), whole. */
export async function wholeCatalog(q: Queryable): Promise<SnapshotProduct[]> {
  const all: SnapshotProduct[] = [];
  for await (const batch of catalogBatches(q, { batchSize: 2000 })) all.push(...batch);
  return all;
}
