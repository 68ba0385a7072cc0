import type { DataSource } from 'typeorm';
import type { MediaStore } from '../../modules/media/index.js';
import { categories, discountCodes, products } from './catalog-data.js';
import { productImages } from './artwork.js';
import { homeMediaFiles } from './home-media.js';
import { CONTENT_SEED_MARKER, seedContent } from './content-seed.js';

export interface SeedReport {
  categories: number;
  productsCreated: number;
  productsTotal: number;
  imagesStored: number;
  mediaStored: number;
  codesCreated: number;
  contentCreated: boolean;
}

/**
 * Idempotent seed: creates what is missing and never duplicates or overwrites what staff changed
 * (prices, stock, sizes, images, codes, storefront content). Sizes and images are written with the
 * product that the seed creates; for products that already exist only missing files are stored again.
 * Files go through the MediaStore, so the same code seeds local media and Firebase Storage.
 */
export async function seedDatabase(ds: DataSource, media: MediaStore): Promise<SeedReport> {
  const report: SeedReport = {
    categories: 0,
    productsCreated: 0,
    productsTotal: 0,
    imagesStored: 0,
    mediaStored: 0,
    codesCreated: 0,
    contentCreated: false,
  };
  const created = new Set<string>();

  await ds.transaction(async (tx) => {
    for (const c of categories) {
      await tx.query(
        `INSERT INTO category (slug, name, description, position) VALUES ($1, $2, $3, $4)
         ON CONFLICT (slug) DO UPDATE SET name = EXCLUDED.name, description = EXCLUDED.description, position = EXCLUDED.position`,
        [c.slug, c.name, c.description, c.position],
      );
      report.categories++;
    }
    const positions = new Map<string, number>();
    for (const p of products) {
      const position = (positions.get(p.category) ?? 0) + 1;
      positions.set(p.category, position);
      const createdAt = new Date(Date.now() - p.createdDaysAgo * 86_400_000);
      const inserted: { id: number }[] = await tx.query(
        `INSERT INTO product (slug, name, description, price, category_slug, collections, size_guide, position, created_at, pets)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (slug) DO NOTHING RETURNING id`,
        [
          p.slug,
          p.name,
          p.description,
          p.price,
          p.category,
          p.collections,
          p.sizeGuide ? JSON.stringify(p.sizeGuide) : null,
          position,
          createdAt,
          p.pets,
        ],
      );
      if (!inserted.length) {
        // Shops seeded before the pet field existed get it once; a choice staff made is kept.
        await tx.query(`UPDATE product SET pets = $2 WHERE slug = $1 AND pets = '{}'`, [p.slug, p.pets]);
        continue;
      }
      report.productsCreated++;
      created.add(p.slug);
      const id = inserted[0]!.id;
      for (const [i, s] of p.sizes.entries()) {
        await tx.query(
          `INSERT INTO product_size (product_id, label, position, stock) VALUES ($1, $2, $3, $4) ON CONFLICT (product_id, label) DO NOTHING`,
          [id, s.label, i, s.stock],
        );
      }
    }
    for (const d of discountCodes) {
      const r = await tx.query(
        `INSERT INTO discount_code (code, percent) VALUES ($1, $2) ON CONFLICT (code) DO NOTHING RETURNING id`,
        [d.code.toUpperCase(), d.percent],
      );
      if (r.length) report.codesCreated++;
    }
  });

  // Files: stored when missing from the database or from the store.
  for (const p of products) {
    const [row] = await ds.query(`SELECT id FROM product WHERE slug = $1`, [p.slug]);
    if (!row) continue;
    const id: number = row.id;
    const existing: { storage_key: string }[] = await ds.query(
      `SELECT storage_key FROM product_image WHERE product_id = $1`,
      [id],
    );
    const images = productImages(p);
    for (const [i, img] of images.entries()) {
      const key = `products/${img.fileName}`;
      const known = existing.some((e) => e.storage_key === key);
      // A picture staff removed from an existing product stays removed (a product left without any, e.g. by an interrupted seed, gets them).
      if (!known && !created.has(p.slug) && existing.length > 0) continue;
      if (known && (await media.exists(key))) continue;
      const url = await media.put(key, img.body, img.contentType);
      if (known) {
        await ds.query(`UPDATE product_image SET url = $2 WHERE product_id = $1 AND storage_key = $3`, [id, url, key]);
      } else {
        await ds.query(
          `INSERT INTO product_image (product_id, storage_key, url, alt, width, height, position) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [id, key, url, img.alt, img.width, img.height, i],
        );
      }
      report.imagesStored++;
    }
  }
  for (const f of homeMediaFiles()) {
    const [row] = await ds.query(`SELECT 1 FROM media_asset WHERE storage_key = $1`, [f.key]);
    if (row && (await media.exists(f.key))) continue;
    const url = await media.put(f.key, f.body, f.contentType);
    await ds.query(
      `INSERT INTO media_asset (storage_key, url, content_type, alt, width, height) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (storage_key) DO UPDATE SET url = EXCLUDED.url, content_type = EXCLUDED.content_type, alt = EXCLUDED.alt, width = EXCLUDED.width, height = EXCLUDED.height`,
      [f.key, url, f.contentType, f.alt, f.width, f.height],
    );
    report.mediaStored++;
  }
  report.contentCreated = await ds.transaction((tx) => seedContent(tx));
  const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM product`);
  report.productsTotal = n;
  return report;
}

/** True when the catalog has never been seeded (first start), or the storefront content never was (a shop seeded before it existed). */
export async function needsSeed(ds: DataSource): Promise<boolean> {
  const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM category`);
  if (n === 0) return true;
  const marker: unknown[] = await ds.query(`SELECT 1 FROM shop_setting WHERE key = $1`, [CONTENT_SEED_MARKER]);
  return marker.length === 0;
}
