import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The open-orders cap per client address counts the orders holding stock unpaid from that address: waiting for
 * payment or, for contraentrega, for the shop to confirm. Its partial index covered only the first status, so the
 * count read every order of the shop on each placement; this one covers both (a query for the first status alone
 * still uses it).
 */
export class OpenOrderCapIndexes1766710000000 implements MigrationInterface {
  name = 'OpenOrderCapIndexes1766710000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX shop_order_open_client_idx;
      CREATE INDEX shop_order_open_client_idx ON shop_order (client_address)
        WHERE status IN ('PENDIENTE_PAGO', 'POR_CONFIRMAR');
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX shop_order_open_client_idx;
      CREATE INDEX shop_order_open_client_idx ON shop_order (client_address) WHERE status = 'PENDIENTE_PAGO';
    `);
  }
}
