import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Returns (retracto, warranty) and payment reversals, with their refund deadlines; timeline
 * rows may now record an event that does not change the status (a return requested, goods received…).
 */
export class Returns1764300000000 implements MigrationInterface {
  name = 'Returns1764300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE order_transition ADD COLUMN event varchar(40);

      CREATE TABLE return_request (
        id serial PRIMARY KEY,
        order_id int NOT NULL REFERENCES shop_order(id) ON DELETE CASCADE,
        kind varchar(10) NOT NULL CHECK (kind IN ('RETRACTO', 'GARANTIA', 'REVERSION')),
        status varchar(12) NOT NULL CHECK (status IN ('SOLICITADA', 'ACEPTADA', 'RECHAZADA', 'RECIBIDA', 'REEMBOLSADA')),
        reason text NOT NULL,
        requested_at timestamptz NOT NULL DEFAULT now(),
        refund_amount int NOT NULL CHECK (refund_amount >= 0),
        refund_due_at timestamptz NOT NULL,
        decided_at timestamptz,
        decided_by varchar(200),
        decision_note text,
        received_at timestamptz,
        refunded_at timestamptz,
        refund_method varchar(16) CHECK (refund_method IS NULL OR refund_method IN ('GATEWAY_VOID', 'BANK_TRANSFER')),
        refund_reference varchar(120)
      );
      CREATE INDEX return_request_order_idx ON return_request (order_id);
      CREATE INDEX return_request_open_idx ON return_request (refund_due_at) WHERE status IN ('SOLICITADA', 'ACEPTADA', 'RECIBIDA');

      CREATE TABLE return_line (
        return_id int NOT NULL REFERENCES return_request(id) ON DELETE CASCADE,
        order_line_id int NOT NULL REFERENCES order_line(id) ON DELETE CASCADE,
        quantity int NOT NULL CHECK (quantity >= 1),
        PRIMARY KEY (return_id, order_line_id)
      );
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE return_line, return_request; ALTER TABLE order_transition DROP COLUMN event`);
  }
}
