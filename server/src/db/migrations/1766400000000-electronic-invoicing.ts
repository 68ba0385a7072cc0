import type { MigrationInterface, QueryRunner } from 'typeorm';

const KINDS = `('INVOICE','CREDIT_NOTE')`;

/**
 * DIAN electronic invoicing. legal_settings: the shop's legal and tax identity as the owner edits it (no row until
 * the first save: until then the configured one applies). einvoice_settings: the owner's on/off switch (no row:
 * on). einvoice_numbering: the numbering of each kind of document, the invoice's from a DIAN resolution, each
 * number given under a row lock in the transaction that creates its document. einvoice_document: one row per
 * invoice and credit note, one per (order, reason) by its dedupe key, with its status, the provider's answer and the
 * XML. The footer reads both settings, so a change to them drops every instance's cached pages
 * (1765300000000-catalog-change-notify.ts).
 */
export class ElectronicInvoicing1766400000000 implements MigrationInterface {
  name = 'ElectronicInvoicing1766400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE legal_settings (
        id smallint PRIMARY KEY CHECK (id = 1),
        legal_name varchar(200) NOT NULL,
        trade_name varchar(120) NOT NULL,
        nit varchar(10) NOT NULL CHECK (nit ~ '^[0-9]{6,10}$'),
        nit_check_digit char(1) NOT NULL CHECK (nit_check_digit ~ '^[0-9]$'),
        organization_type varchar(10) NOT NULL CHECK (organization_type IN ('JURIDICA','NATURAL')),
        tax_regime varchar(20) NOT NULL CHECK (tax_regime IN ('RESPONSABLE_IVA','NO_RESPONSABLE_IVA')),
        tax_responsibilities text[] NOT NULL CHECK (cardinality(tax_responsibilities) BETWEEN 1 AND 5),
        address varchar(200) NOT NULL,
        department_code varchar(2) NOT NULL,
        municipality_code varchar(5) NOT NULL,
        postal_code varchar(6),
        phone varchar(40) NOT NULL,
        email varchar(254) NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by varchar(200)
      );
      CREATE TABLE einvoice_settings (
        id smallint PRIMARY KEY CHECK (id = 1),
        enabled boolean NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by varchar(200)
      );
      CREATE TABLE einvoice_numbering (
        kind varchar(12) PRIMARY KEY CHECK (kind IN ${KINDS}),
        resolution_number varchar(30),
        prefix varchar(4) NOT NULL CHECK (prefix ~ '^[A-Z0-9]{0,4}$'),
        range_from bigint CHECK (range_from >= 1),
        range_to bigint,
        valid_from date,
        valid_to date,
        technical_key varchar(100),
        next_number bigint NOT NULL CHECK (next_number >= 1),
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by varchar(200),
        CHECK (kind = 'CREDIT_NOTE' OR (resolution_number IS NOT NULL AND range_from IS NOT NULL
          AND range_to >= range_from AND valid_from IS NOT NULL AND valid_to >= valid_from AND technical_key IS NOT NULL))
      );
      INSERT INTO einvoice_numbering (kind, prefix, next_number) VALUES ('CREDIT_NOTE', 'NC', 1);
      CREATE TABLE einvoice_document (
        id serial PRIMARY KEY,
        order_id int NOT NULL REFERENCES shop_order (id),
        kind varchar(12) NOT NULL CHECK (kind IN ${KINDS}),
        dedupe_key varchar(80) NOT NULL UNIQUE,
        invoice_id int REFERENCES einvoice_document (id),
        return_id int,
        credited_units jsonb,
        status varchar(10) NOT NULL CHECK (status IN ('PENDIENTE','EMITIDO','RECHAZADO')),
        prefix varchar(4),
        number bigint,
        numbering jsonb,
        issued_at timestamptz NOT NULL,
        amount int NOT NULL CHECK (amount >= 0),
        base_cents bigint,
        tax_cents bigint,
        unique_code varchar(96),
        reasons jsonb NOT NULL DEFAULT '[]',
        provider varchar(12) NOT NULL,
        provider_id varchar(100),
        environment smallint NOT NULL CHECK (environment IN (1, 2)),
        xml text,
        qr_text text,
        attempts int NOT NULL DEFAULT 0,
        last_error text,
        accepted_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (kind, prefix, number),
        CHECK ((number IS NULL) = (prefix IS NULL)),
        CHECK (kind = 'INVOICE' OR invoice_id IS NOT NULL)
      );
      CREATE INDEX einvoice_document_order_idx ON einvoice_document (order_id);
      CREATE INDEX einvoice_document_accepted_idx ON einvoice_document (accepted_at) WHERE status = 'EMITIDO';
      CREATE TRIGGER legal_settings_catalog_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON legal_settings
        FOR EACH STATEMENT EXECUTE FUNCTION enzo_notify_catalog_change();
      CREATE TRIGGER einvoice_settings_catalog_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON einvoice_settings
        FOR EACH STATEMENT EXECUTE FUNCTION enzo_notify_catalog_change();
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE einvoice_document, einvoice_numbering, einvoice_settings, legal_settings`);
  }
}
