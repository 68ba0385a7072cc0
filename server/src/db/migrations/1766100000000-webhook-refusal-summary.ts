import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A refused webhook request from a sender that did not prove itself (bad JSON, too large, a bad checksum) is
 * kept as a summary: its size, reason, the SHA-256 of its body and the few headers that tell what it was, never
 * the body itself (anyone can send them). Rows kept so far lose their bodies the same way.
 */
export class WebhookRefusalSummary1766100000000 implements MigrationInterface {
  name = 'WebhookRefusalSummary1766100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE gateway_event ADD COLUMN body_sha256 char(64), ADD COLUMN request_headers jsonb;
      UPDATE gateway_event SET body_sha256 = encode(sha256(convert_to(body, 'UTF8')), 'hex'), body = ''
        WHERE outcome = 'unsigned'
           OR (outcome = 'rejected' AND (reason LIKE 'El cuerpo no es JSON%' OR reason LIKE 'Cuerpo demasiado grande%'));
      CREATE INDEX gateway_event_refused_idx ON gateway_event (id) WHERE outcome IN ('rejected', 'unsigned');
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX gateway_event_refused_idx;
      ALTER TABLE gateway_event DROP COLUMN body_sha256, DROP COLUMN request_headers;
    `);
  }
}
