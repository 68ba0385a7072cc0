import type { MigrationInterface, QueryRunner } from 'typeorm';

const STATUSES = `('PENDIENTE_PAGO','PAGADO','EN_PREPARACION','ENVIADO','ENTREGADO','PAGO_RECHAZADO','EXPIRADO','CANCELADO')`;

export class Orders1763700100000 implements MigrationInterface {
  name = 'Orders1763700100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE shop_order (
        id serial PRIMARY KEY,
        reference varchar(20) NOT NULL UNIQUE,
        access_token varchar(64) NOT NULL,
        status varchar(20) NOT NULL CHECK (status IN ${STATUSES}),
        payment_method varchar(4) NOT NULL CHECK (payment_method IN ('CARD','PSE')),
        full_name varchar(120) NOT NULL,
        email varchar(254) NOT NULL,
        phone varchar(10) NOT NULL,
        document_type varchar(3) NOT NULL CHECK (document_type IN ('CC','CE','NIT','PP','TI')),
        document_number varchar(20) NOT NULL,
        department_code varchar(2) NOT NULL,
        department_name varchar(80) NOT NULL,
        municipality_code varchar(5) NOT NULL,
        municipality_name varchar(80) NOT NULL,
        address varchar(200) NOT NULL,
        neighborhood varchar(200),
        subtotal int NOT NULL CHECK (subtotal >= 0),
        discount int NOT NULL CHECK (discount >= 0),
        discount_code varchar(40),
        shipping int NOT NULL CHECK (shipping >= 0),
        iva_included int NOT NULL CHECK (iva_included >= 0),
        total int NOT NULL CHECK (total >= 0),
        idempotency_key varchar(100) NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        payment_attempt int NOT NULL DEFAULT 1 CHECK (payment_attempt >= 1),
        transaction_id varchar(100),
        flags text[] NOT NULL DEFAULT '{}',
        refund_pending boolean NOT NULL DEFAULT false,
        carrier varchar(80),
        tracking_number varchar(80),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX shop_order_status_created_idx ON shop_order (status, created_at DESC);
      CREATE INDEX shop_order_created_idx ON shop_order (created_at DESC, id DESC);
      CREATE INDEX shop_order_pending_expiry_idx ON shop_order (expires_at) WHERE status = 'PENDIENTE_PAGO';
      CREATE INDEX shop_order_email_idx ON shop_order (lower(email));
      CREATE INDEX shop_order_phone_idx ON shop_order (phone);
      CREATE INDEX shop_order_document_idx ON shop_order (document_number);
      CREATE INDEX shop_order_name_idx ON shop_order (lower(full_name) text_pattern_ops);
      CREATE INDEX shop_order_transaction_idx ON shop_order (transaction_id);

      CREATE TABLE order_line (
        id serial PRIMARY KEY,
        order_id int NOT NULL REFERENCES shop_order(id) ON DELETE CASCADE,
        product_id int REFERENCES product(id) ON DELETE SET NULL,
        size_id int NOT NULL,
        name varchar(160) NOT NULL,
        size_label varchar(10) NOT NULL,
        unit_price int NOT NULL CHECK (unit_price >= 0),
        quantity int NOT NULL CHECK (quantity BETWEEN 1 AND 99),
        line_total int NOT NULL CHECK (line_total >= 0),
        image_url varchar(1000),
        category_slug varchar(40) NOT NULL,
        position int NOT NULL
      );
      CREATE INDEX order_line_order_idx ON order_line (order_id, position);

      CREATE TABLE order_transition (
        id serial PRIMARY KEY,
        order_id int NOT NULL REFERENCES shop_order(id) ON DELETE CASCADE,
        from_status varchar(20) CHECK (from_status IS NULL OR from_status IN ${STATUSES}),
        to_status varchar(20) NOT NULL CHECK (to_status IN ${STATUSES}),
        at timestamptz NOT NULL DEFAULT now(),
        actor varchar(200) NOT NULL,
        note text
      );
      CREATE INDEX order_transition_order_idx ON order_transition (order_id, at, id);

      CREATE TABLE payment_event (
        id serial PRIMARY KEY,
        order_id int REFERENCES shop_order(id) ON DELETE SET NULL,
        reference varchar(40),
        transaction_id varchar(100) NOT NULL,
        status varchar(20) NOT NULL,
        amount_in_cents bigint NOT NULL,
        payload jsonb NOT NULL,
        checksum_valid boolean NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (transaction_id, status)
      );
      CREATE INDEX payment_event_order_idx ON payment_event (order_id, received_at);

      CREATE TABLE sandbox_session (
        id varchar(64) PRIMARY KEY,
        reference varchar(40) NOT NULL,
        amount_in_cents bigint NOT NULL CHECK (amount_in_cents > 0),
        currency varchar(3) NOT NULL,
        payment_method varchar(4) NOT NULL CHECK (payment_method IN ('CARD','PSE')),
        redirect_url varchar(2000) NOT NULL,
        transaction_id varchar(100) UNIQUE,
        status varchar(20),
        created_at timestamptz NOT NULL DEFAULT now()
      );
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE sandbox_session, payment_event, order_transition, order_line, shop_order`);
  }
}
