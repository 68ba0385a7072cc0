import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Emails are written in the transaction that causes them and sent by a background job (modules/mail). */
export class OutboundEmail1764000000000 implements MigrationInterface {
  name = 'OutboundEmail1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE outbound_email (
        id serial PRIMARY KEY,
        dedupe_key varchar(200) NOT NULL UNIQUE,
        order_id int REFERENCES shop_order(id) ON DELETE SET NULL,
        recipient varchar(254) NOT NULL,
        subject varchar(300) NOT NULL,
        html text NOT NULL,
        text text NOT NULL,
        file_tag varchar(80) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz,
        attempts int NOT NULL DEFAULT 0,
        last_error text
      );
      CREATE INDEX outbound_email_order_idx ON outbound_email (order_id);
      CREATE INDEX outbound_email_unsent_idx ON outbound_email (created_at) WHERE sent_at IS NULL;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE outbound_email`);
  }
}
