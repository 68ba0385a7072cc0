import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Going live: every webhook request kept for inspection, the gateway transactions each
 * order is known to have (checked by the reconciliation job), the latest moment an order may hold
 * stock, the client address that placed it (open-order caps) and the shared rate-limit counters.
 */
export class GoingLive1765200000000 implements MigrationInterface {
  name = 'GoingLive1765200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE gateway_event (
        id serial PRIMARY KEY,
        received_at timestamptz NOT NULL DEFAULT now(),
        outcome varchar(20) NOT NULL,
        http_status int NOT NULL,
        reason text,
        transaction_id varchar(100),
        reference varchar(40),
        status varchar(20),
        remote_address varchar(64),
        body text NOT NULL,
        body_bytes int NOT NULL,
        checks int NOT NULL DEFAULT 0,
        checked_at timestamptz
      );
      CREATE INDEX gateway_event_received_idx ON gateway_event (received_at);
      CREATE INDEX gateway_event_pending_idx ON gateway_event (checked_at NULLS FIRST) WHERE outcome = 'pending';

      CREATE TABLE order_transaction (
        order_id int NOT NULL REFERENCES shop_order(id) ON DELETE CASCADE,
        transaction_id varchar(100) NOT NULL,
        source varchar(20) NOT NULL,
        seen_at timestamptz NOT NULL DEFAULT now(),
        checked_at timestamptz,
        checks int NOT NULL DEFAULT 0,
        last_status varchar(20),
        resolved_at timestamptz,
        PRIMARY KEY (order_id, transaction_id)
      );
      CREATE INDEX order_transaction_open_idx ON order_transaction (checked_at NULLS FIRST) WHERE resolved_at IS NULL;

      ALTER TABLE shop_order ADD COLUMN hold_until timestamptz, ADD COLUMN client_address varchar(64);
      UPDATE shop_order SET hold_until = expires_at + interval '30 minutes';
      ALTER TABLE shop_order ALTER COLUMN hold_until SET NOT NULL;
      CREATE INDEX shop_order_open_email_idx ON shop_order (email) WHERE status = 'PENDIENTE_PAGO';
      CREATE INDEX shop_order_open_client_idx ON shop_order (client_address) WHERE status = 'PENDIENTE_PAGO';

      CREATE TABLE rate_limit (
        key varchar(255) PRIMARY KEY,
        points int NOT NULL DEFAULT 0,
        expire bigint
      );
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE rate_limit, order_transaction, gateway_event;
      ALTER TABLE shop_order DROP COLUMN hold_until, DROP COLUMN client_address;
    `);
  }
}
