import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every change to what the storefront shows (products, prices, stock per size, images, categories, home media,
 * the shipping rates behind `shopSettings`, slug history, home slides, promo blocks, campaigns, shop settings)
 * sends `NOTIFY enzo_catalog` when its transaction commits, whoever makes it: a staff edit, an order reserving
 * or returning stock, the seed, or SQL typed by hand. Each server instance LISTENs and drops its cached catalog
 * reads and rendered pages (server/src/modules/cache). Statement-level triggers: one notification per statement,
 * and PostgreSQL folds identical notifications of one transaction into one.
 */
const TABLES = [
  'category',
  'product',
  'product_size',
  'product_image',
  'media_asset',
  'shipping_settings',
  'shipping_rate',
  'product_slug_history',
  'home_slide',
  'promo_block',
  'campaign',
  'shop_setting',
];

export class CatalogChangeNotify1765300000000 implements MigrationInterface {
  name = 'CatalogChangeNotify1765300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION enzo_notify_catalog_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('enzo_catalog', TG_TABLE_NAME);
        RETURN NULL;
      END $$;
    `);
    for (const table of TABLES) {
      await q.query(
        `CREATE TRIGGER ${table}_catalog_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION enzo_notify_catalog_change()`,
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of TABLES) await q.query(`DROP TRIGGER ${table}_catalog_change ON ${table}`);
    await q.query(`DROP FUNCTION enzo_notify_catalog_change()`);
  }
}
