import type { MigrationInterface, QueryRunner } from 'typeorm';
import { MAX_LINE_QUANTITY } from '#shared/shop.js';

/**
 * An order reserving units, a payment settling them or a cancellation giving them back updates `product_size`, and
 * until now every such statement sent `NOTIFY enzo_catalog`: each instance dropped all its cached reads and pages once
 * per order, at peak hundreds of times a second, for a change no shopper could see.
 *
 * What the storefront shows of a size's stock is a function of `least(stock, MAX_LINE_QUANTITY)`: sold out or not,
 * «¡Últimas 3 unidades…!», the most units one line may take, and the public `ProductSize.stock` (capped there too);
 * `reserved` is staff-only and never cached. An UPDATE now notifies only when some row changes what the storefront
 * shows: a column other than `stock` and `reserved`, or its stock below the cap. Inserts, deletes and truncates of
 * sizes still notify every time.
 */
export class SizeStockNotify1767000000000 implements MigrationInterface {
  name = 'SizeStockNotify1767000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION enzo_notify_size_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF EXISTS (
          SELECT 1 FROM old_rows o FULL JOIN new_rows n ON n.id = o.id
           WHERE o.id IS NULL OR n.id IS NULL
              OR least(o.stock, ${MAX_LINE_QUANTITY}) IS DISTINCT FROM least(n.stock, ${MAX_LINE_QUANTITY})
              OR (to_jsonb(o) - 'stock' - 'reserved') IS DISTINCT FROM (to_jsonb(n) - 'stock' - 'reserved')
        ) THEN
          PERFORM pg_notify('enzo_catalog', TG_TABLE_NAME);
        END IF;
        RETURN NULL;
      END $$;
      DROP TRIGGER product_size_catalog_change ON product_size;
      CREATE TRIGGER product_size_catalog_change AFTER INSERT OR DELETE OR TRUNCATE ON product_size
        FOR EACH STATEMENT EXECUTE FUNCTION enzo_notify_catalog_change();
      CREATE TRIGGER product_size_catalog_update AFTER UPDATE ON product_size
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION enzo_notify_size_change();
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TRIGGER product_size_catalog_update ON product_size;
      DROP TRIGGER product_size_catalog_change ON product_size;
      CREATE TRIGGER product_size_catalog_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_size
        FOR EACH STATEMENT EXECUTE FUNCTION enzo_notify_catalog_change();
      DROP FUNCTION enzo_notify_size_change();
    `);
  }
}
