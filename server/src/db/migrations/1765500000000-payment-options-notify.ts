import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The payment methods the shop offers (contraentrega on or off) are shown on every public page and read as a
 * public catalog query: a change to them drops every instance's cached reads and pages, like any other catalog
 * change (1765300000000-catalog-change-notify.ts).
 */
export class PaymentOptionsNotify1765500000000 implements MigrationInterface {
  name = 'PaymentOptionsNotify1765500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TRIGGER cash_on_delivery_settings_catalog_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON cash_on_delivery_settings FOR EACH STATEMENT EXECUTE FUNCTION enzo_notify_catalog_change()`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER cash_on_delivery_settings_catalog_change ON cash_on_delivery_settings`);
  }
}
