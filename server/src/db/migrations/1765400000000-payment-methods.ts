import type { MigrationInterface, QueryRunner } from 'typeorm';

const STATUSES = `('PENDIENTE_PAGO','POR_CONFIRMAR','PAGADO','EN_PREPARACION','ENVIADO','ENTREGADO','PAGO_RECHAZADO','EXPIRADO','CANCELADO')`;
const OLD_STATUSES = `('PENDIENTE_PAGO','PAGADO','EN_PREPARACION','ENVIADO','ENTREGADO','PAGO_RECHAZADO','EXPIRADO','CANCELADO')`;
const METHODS = `('CARD','PSE','NEQUI','BANCOLOMBIA_TRANSFER','BANCOLOMBIA_QR','DAVIPLATA','BANCOLOMBIA_COLLECT','PCOL','BANCOLOMBIA_BNPL','CASH_ON_DELIVERY')`;
const ONLINE = `('CARD','PSE','NEQUI','BANCOLOMBIA_TRANSFER')`;

/**
 * The methods Colombians pay with: Wompi's payment method types on orders (the method the
 * gateway reports), Nequi and Botón Bancolombia in the sandbox, and cash on delivery: a staff switch
 * with a maximum order total and a fee, the fee on the order, the new state POR_CONFIRMAR (placed
 * unpaid, waiting for the shop's phone call) and who recorded the cash and when.
 */
export class PaymentMethods1765400000000 implements MigrationInterface {
  name = 'PaymentMethods1765400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE cash_on_delivery_settings (
        id smallint PRIMARY KEY CHECK (id = 1),
        enabled boolean NOT NULL DEFAULT false,
        max_total int NOT NULL CHECK (max_total >= 0),
        fee int NOT NULL CHECK (fee >= 0),
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by varchar(200)
      );
      INSERT INTO cash_on_delivery_settings (id, enabled, max_total, fee) VALUES (1, false, 300000, 0);

      ALTER TABLE shop_order DROP CONSTRAINT shop_order_status_check, DROP CONSTRAINT shop_order_payment_method_check;
      ALTER TABLE shop_order ALTER COLUMN payment_method TYPE varchar(30),
        ADD CONSTRAINT shop_order_status_check CHECK (status IN ${STATUSES}),
        ADD CONSTRAINT shop_order_payment_method_check CHECK (payment_method IN ${METHODS}),
        ADD COLUMN payment_fee int NOT NULL DEFAULT 0 CHECK (payment_fee >= 0),
        ADD COLUMN cash_collected_at timestamptz,
        ADD COLUMN cash_collected_by varchar(200);
      CREATE INDEX shop_order_payment_method_idx ON shop_order (payment_method, created_at DESC);

      ALTER TABLE order_transition DROP CONSTRAINT order_transition_from_status_check, DROP CONSTRAINT order_transition_to_status_check;
      ALTER TABLE order_transition
        ADD CONSTRAINT order_transition_from_status_check CHECK (from_status IS NULL OR from_status IN ${STATUSES}),
        ADD CONSTRAINT order_transition_to_status_check CHECK (to_status IN ${STATUSES});

      ALTER TABLE sandbox_session DROP CONSTRAINT sandbox_session_payment_method_check;
      ALTER TABLE sandbox_session ALTER COLUMN payment_method TYPE varchar(30),
        ADD CONSTRAINT sandbox_session_payment_method_check CHECK (payment_method IN ${ONLINE});
    `);
  }

  /** Back to card and PSE only: orders paid with another method (or on delivery) cannot be represented, so it refuses while any exist. */
  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE cash_on_delivery_settings;
      DROP INDEX shop_order_payment_method_idx;
      ALTER TABLE shop_order DROP CONSTRAINT shop_order_status_check, DROP CONSTRAINT shop_order_payment_method_check,
        DROP COLUMN payment_fee, DROP COLUMN cash_collected_at, DROP COLUMN cash_collected_by;
      ALTER TABLE shop_order ALTER COLUMN payment_method TYPE varchar(4),
        ADD CONSTRAINT shop_order_status_check CHECK (status IN ${OLD_STATUSES}),
        ADD CONSTRAINT shop_order_payment_method_check CHECK (payment_method IN ('CARD','PSE'));
      ALTER TABLE order_transition DROP CONSTRAINT order_transition_from_status_check, DROP CONSTRAINT order_transition_to_status_check;
      ALTER TABLE order_transition
        ADD CONSTRAINT order_transition_from_status_check CHECK (from_status IS NULL OR from_status IN ${OLD_STATUSES}),
        ADD CONSTRAINT order_transition_to_status_check CHECK (to_status IN ${OLD_STATUSES});
      ALTER TABLE sandbox_session DROP CONSTRAINT sandbox_session_payment_method_check;
      ALTER TABLE sandbox_session ALTER COLUMN payment_method TYPE varchar(4),
        ADD CONSTRAINT sandbox_session_payment_method_check CHECK (payment_method IN ('CARD','PSE'));
    `);
  }
}
