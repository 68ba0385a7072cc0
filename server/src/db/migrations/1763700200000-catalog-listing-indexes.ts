import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Category listings sorted by price or by newest: with only (category_slug, active, position, id)
 * PostgreSQL fetches every active product of the category and top-N sorts it for each page
 * (EXPLAIN ANALYZE on a large catalogue: Bitmap Heap Scan + Sort). These
 * partial indexes (active products only, tie-break on id as in catalog.service.ts ORDER_BY) let the
 * page be read in order and stop at LIMIT. The relevance order and the total keep using
 * product_category_idx.
 */
export class CatalogListingIndexes1763700200000 implements MigrationInterface {
  name = 'CatalogListingIndexes1763700200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE INDEX product_category_price_idx ON product (category_slug, price, id) WHERE active;
      CREATE INDEX product_category_price_desc_idx ON product (category_slug, price DESC, id) WHERE active;
      CREATE INDEX product_category_newest_idx ON product (category_slug, created_at DESC, id DESC) WHERE active;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `DROP INDEX product_category_newest_idx, product_category_price_desc_idx, product_category_price_idx`,
    );
  }
}
