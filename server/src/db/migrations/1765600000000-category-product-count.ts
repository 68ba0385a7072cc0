import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How many active products each category has, kept by PostgreSQL itself. A category listing shows its total
 * («1.240 productos») and the menu shows each category's count; counting the rows on every read cost time in
 * proportion to the catalogue (an index scan of ~14,000 entries per listing at 100,000 products). The count is
 * now read from one row, whatever the catalogue's size.
 *
 * Statement-level triggers with transition tables: one upsert per statement however many products it touches
 * (the seed, a bulk load), rows locked in category order so that two concurrent statements cannot deadlock. It
 * is exact inside each transaction (the update commits or rolls back with the products it counts). Categories
 * without a row have no active products (`COALESCE(…, 0)` where it is read).
 */
export class CategoryProductCount1765600000000 implements MigrationInterface {
  name = 'CategoryProductCount1765600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE category_product_count (
        category_slug varchar(40) PRIMARY KEY REFERENCES category(slug) ON DELETE CASCADE,
        active_products integer NOT NULL
      )
    `);
    // The change per category: +1 for each active row a statement added, -1 for each it removed.
    const apply = (delta: string) => `
      INSERT INTO category_product_count AS t (category_slug, active_products)
      SELECT category_slug, sum(d) FROM (${delta}) AS change
       GROUP BY category_slug HAVING sum(d) <> 0 ORDER BY category_slug
      ON CONFLICT (category_slug) DO UPDATE SET active_products = t.active_products + EXCLUDED.active_products`;
    const added = `SELECT category_slug, 1 AS d FROM new_rows WHERE active`;
    const removed = `SELECT category_slug, -1 AS d FROM old_rows WHERE active`;
    await q.query(`
      CREATE FUNCTION enzo_count_inserted_products() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN ${apply(added)}; RETURN NULL; END $$;
      CREATE FUNCTION enzo_count_updated_products() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN ${apply(`${added} UNION ALL ${removed}`)}; RETURN NULL; END $$;
      CREATE FUNCTION enzo_count_deleted_products() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN ${apply(removed)}; RETURN NULL; END $$;
      CREATE FUNCTION enzo_count_truncated_products() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN DELETE FROM category_product_count; RETURN NULL; END $$;
    `);
    await q.query(`
      CREATE TRIGGER product_count_insert AFTER INSERT ON product REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION enzo_count_inserted_products();
      CREATE TRIGGER product_count_update AFTER UPDATE ON product REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION enzo_count_updated_products();
      CREATE TRIGGER product_count_delete AFTER DELETE ON product REFERENCING OLD TABLE AS old_rows
        FOR EACH STATEMENT EXECUTE FUNCTION enzo_count_deleted_products();
      CREATE TRIGGER product_count_truncate AFTER TRUNCATE ON product
        FOR EACH STATEMENT EXECUTE FUNCTION enzo_count_truncated_products();
    `);
    // The products already there. The lock keeps a concurrent write from slipping between the count and the triggers.
    await q.query(`LOCK TABLE product IN SHARE MODE`);
    await q.query(`
      INSERT INTO category_product_count (category_slug, active_products)
      SELECT category_slug, count(*) FROM product WHERE active GROUP BY category_slug
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const op of ['insert', 'update', 'delete', 'truncate'])
      await q.query(`DROP TRIGGER product_count_${op} ON product`);
    for (const op of ['inserted', 'updated', 'deleted', 'truncated'])
      await q.query(`DROP FUNCTION enzo_count_${op}_products()`);
    await q.query(`DROP TABLE category_product_count`);
  }
}
