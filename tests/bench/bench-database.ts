import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ensureDatabase, startEmbeddedPostgres } from '../../server/src/db/embedded-postgres.js';
import { openDatabase } from '../../server/src/db/data-source.js';
import { seedDatabase } from '../../server/src/db/seed/seed.js';
import { LocalMediaStore } from '../../server/src/modules/media/local-media-store.js';
import { onCleanup } from './lifecycle.js';

export interface BenchDatabase {
  /** Temp folder: `postgres/` (embedded data) and `media/` (seeded files, served by the shop). */
  dir: string;
  url: string;
  productCount: number;
  sizeCount: number;
  imageCount: number;
  setupMs: number;
}

/** Runs one statement (or a few) on a short-lived client. */
export async function sql<T = Record<string, unknown>>(
  url: string,
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const res = await client.query(text, params);
    return res.rows as T[];
  } finally {
    await client.end();
  }
}

// Synthetic products copy the name (plus a number), description and pets of a seeded product of the
// same category, so that search matches as many rows per word as in a real catalogue of this size.
const SYNTHETIC = `
  WITH cats AS (
    SELECT slug, (row_number() OVER (ORDER BY position) - 1)::int AS idx, count(*) OVER ()::int AS n FROM category
  ), charts AS (
    SELECT DISTINCT ON (category_slug) category_slug, size_guide FROM product WHERE size_guide IS NOT NULL ORDER BY category_slug, id
  ), models AS (
    SELECT category_slug, name, description, pets, (row_number() OVER (PARTITION BY category_slug ORDER BY id) - 1)::int AS k,
           count(*) OVER (PARTITION BY category_slug)::int AS n
      FROM product WHERE slug NOT LIKE 'bench-%'
  )
  INSERT INTO product (slug, name, description, price, category_slug, collections, size_guide, position, created_at, pets)
  SELECT 'bench-' || c.slug || '-' || g,
         m.name || ' ' || g,
         m.description,
         19900 + (g % 60) * 1000,
         c.slug, '{}', ch.size_guide, 1000 + g, now() - make_interval(mins => g), m.pets
    FROM generate_series($2::int, $2::int + $1::int - 1) g
    JOIN cats c ON c.idx = g % c.n
    JOIN models m ON m.category_slug = c.slug AND m.k = (g / c.n) % m.n
    LEFT JOIN charts ch ON ch.category_slug = c.slug`;

const SYNTHETIC_SIZES = `
  INSERT INTO product_size (product_id, label, position, stock)
  SELECT p.id, l.label, l.pos, 10 + (p.id % 40)
    FROM product p CROSS JOIN (VALUES ('XS', 0), ('S', 1), ('M', 2), ('L', 3), ('XL', 4)) AS l(label, pos)
   WHERE p.slug LIKE 'bench-%' AND NOT EXISTS (SELECT 1 FROM product_size x WHERE x.product_id = p.id)`;

const SYNTHETIC_IMAGES = `
  WITH sample AS (
    SELECT DISTINCT ON (q.category_slug) q.category_slug, i.storage_key, i.url, i.width, i.height
      FROM product_image i JOIN product q ON q.id = i.product_id ORDER BY q.category_slug, i.id
  )
  INSERT INTO product_image (product_id, storage_key, url, alt, width, height, position)
  SELECT p.id, s.storage_key, s.url, p.name || ' (foto ' || n || ')', s.width, s.height, n - 1
    FROM product p JOIN sample s ON s.category_slug = p.category_slug CROSS JOIN generate_series(1, 2) n
   WHERE p.slug LIKE 'bench-%' AND NOT EXISTS (SELECT 1 FROM product_image x WHERE x.product_id = p.id)`;

/** Adds synthetic products (with sizes and images) until the catalogue has `products`; then ANALYZE. */
export async function growBenchDatabase(url: string, products: number): Promise<number> {
  const [{ n: now, bench }] = await sql<{ n: number; bench: number }>(
    url,
    `SELECT count(*)::int AS n, count(*) FILTER (WHERE slug LIKE 'bench-%')::int AS bench FROM product`,
  );
  const missing = Math.max(0, products - now);
  if (missing > 0) {
    await sql(url, SYNTHETIC, [missing, bench + 1]);
    await sql(url, SYNTHETIC_SIZES);
    await sql(url, SYNTHETIC_IMAGES);
  }
  // As autovacuum would have done on a live database: statistics and the visibility map (index-only scans).
  await sql(url, 'VACUUM ANALYZE');
  const [{ n }] = await sql<{ n: number }>(url, 'SELECT count(*)::int AS n FROM product');
  return n;
}

/**
 * Embedded PostgreSQL (fast settings) in a temp folder; migrations and the normal seed through the
 * shop's own code; then synthetic products with SQL up to `products` in total.
 */
export async function createBenchDatabase(products: number): Promise<BenchDatabase> {
  const started = Date.now();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'enzo-bench-'));
  // As root, embedded-postgres runs initdb as the `postgres` user: it must be able to enter the folder.
  await fs.chmod(dir, 0o755);
  onCleanup('carpeta temporal de la base', () => fs.rm(dir, { recursive: true, force: true }));
  const embedded = await startEmbeddedPostgres({ dir: path.join(dir, 'postgres'), fast: true });
  onCleanup('PostgreSQL embebido', () => embedded.stop());
  // As `npm start` does: the shop's connections through the socket when there is one (postgres-socket.ts).
  const url = await ensureDatabase(embedded.socketUrl ?? embedded.url, 'enzo_bench');

  const ds = await openDatabase({ url });
  try {
    await seedDatabase(ds, new LocalMediaStore(path.join(dir, 'media')));
  } finally {
    await ds.destroy();
  }

  await growBenchDatabase(url, products);
  const [counts] = await sql<{ products: number; sizes: number; images: number }>(
    url,
    `SELECT (SELECT count(*) FROM product)::int AS products, (SELECT count(*) FROM product_size)::int AS sizes,
            (SELECT count(*) FROM product_image)::int AS images`,
  );
  return {
    dir,
    url,
    productCount: counts.products,
    sizeCount: counts.sizes,
    imageCount: counts.images,
    setupMs: Date.now() - started,
  };
}
