import { sql } from './bench-database.js';
import type { CartLine } from './graphql-operations.js';

export interface Fixtures {
  listingCategory: string;
  /** A jacket from the seeded catalog (it has a size chart). */
  productId: string;
  /** Product page path in the storefront (`/collares/<id>/<slug>`). */
  productPagePath: string;
  cartLines(count: number): CartLine[];
}

/** Real product/size ids with stock, read from the bench database (seeded catalog, not synthetic). */
export async function loadFixtures(url: string): Promise<Fixtures> {
  const variants = await sql<{ product_id: number; size_id: number }>(
    url,
    `SELECT DISTINCT ON (s.product_id) s.product_id, s.id AS size_id
       FROM product_size s JOIN product p ON p.id = s.product_id
      WHERE p.active AND s.stock >= 5 AND p.slug NOT LIKE 'bench-%'
      ORDER BY s.product_id, s.stock DESC
      LIMIT 20`,
  );
  if (variants.length < 20)
    throw new Error(`Se necesitan 20 tallas con inventario para cartQuote; hay ${variants.length}`);
  const [jacket] = await sql<{ id: number }>(
    url,
    `SELECT id FROM product WHERE active AND category_slug = 'chaquetas' AND slug NOT LIKE 'bench-%' ORDER BY position, id LIMIT 1`,
  );
  const [collar] = await sql<{ id: number; slug: string }>(
    url,
    `SELECT id, slug FROM product WHERE active AND category_slug = 'collares' ORDER BY position, id LIMIT 1`,
  );
  if (!jacket || !collar) throw new Error('Faltan productos del catálogo de ejemplo en la base del benchmark');
  return {
    listingCategory: 'collares',
    productId: String(jacket.id),
    productPagePath: `/collares/${collar.id}/${collar.slug}`,
    cartLines: (count) =>
      variants
        .slice(0, count)
        .map((v) => ({ productId: String(v.product_id), sizeId: String(v.size_id), quantity: 1 })),
  };
}
