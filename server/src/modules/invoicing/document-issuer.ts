import type { DataSource, EntityManager } from 'typeorm';
import type { Logger } from 'pino';
import type { DocumentBuilder } from './document-builder.js';
import type { DocumentRow } from './document-row.js';
import { ProviderUnavailable, type EinvoiceProvider } from './einvoice-provider.js';
import { prepareDocument } from './electronic-document.js';
import { ublXml } from './ubl-xml.js';
import type { DocumentMails } from './document-mails.js';
import { queueIssue } from './document-queue.js';

/** Thrown so the job runs again later (graphile-worker's exponential backoff). */
export class TryAgainLater extends Error {}

export async function lockDocument(m: EntityManager, id: number): Promise<DocumentRow | null> {
  const rows: DocumentRow[] = await m.query(`SELECT * FROM einvoice_document WHERE id = $1 FOR UPDATE`, [id]);
  return rows[0] ?? null;
}

/** Whether the shop recorded an invoice with this CUFE as accepted by the DIAN. */
async function invoiceAccepted(m: EntityManager, uniqueCode: string): Promise<boolean> {
  const rows: unknown[] = await m.query(
    `SELECT 1 FROM einvoice_document WHERE unique_code = $1 AND kind = 'INVOICE' AND status = 'EMITIDO'`,
    [uniqueCode],
  );
  return rows.length > 0;
}

/**
 * The `issue-einvoice-document` job: builds the document from the order and the shop's settings, computes its
 * CUFE/CUDE and UBL, hands it to the provider and records the answer. The document's row stays locked meanwhile, so
 * two instances never send it together. A provider that is down, or a DIAN that has not answered yet, makes the job
 * throw: it is retried with backoff, asking the provider for the document it already has instead of sending it again.
 */
export class DocumentIssuer {
  constructor(
    private readonly ds: DataSource,
    private readonly provider: EinvoiceProvider,
    private readonly builder: DocumentBuilder,
    private readonly mails: DocumentMails,
    private readonly log?: Logger,
  ) {}

  async run(documentId: number): Promise<void> {
    let retry: string | null = null;
    await this.ds.transaction(async (m) => {
      const doc = await lockDocument(m, documentId);
      if (!doc || doc.status !== 'PENDIENTE' || doc.number === null) return;
      let invoice: DocumentRow | null = null;
      if (doc.kind === 'CREDIT_NOTE') {
        const rows: DocumentRow[] = await m.query(`SELECT * FROM einvoice_document WHERE id = $1`, [doc.invoice_id]);
        invoice = rows[0] ?? null;
        if (invoice?.status === 'PENDIENTE') {
          retry = 'La nota crédito espera a que la factura que corrige sea emitida.';
          return this.note(m, doc, retry);
        }
        if (invoice?.status !== 'EMITIDO')
          return this.refuse(m, doc, [
            { code: 'CBG03', message: 'La factura que corrige no fue emitida: no hay documento fiscal que corregir.' },
          ]);
      }
      const draft = await this.builder.draft(m, doc, invoice);
      const technicalKey = doc.kind === 'INVOICE' ? (doc.numbering?.technicalKey ?? null) : null;
      const document = prepareDocument(draft, technicalKey);
      const xml = ublXml(document);
      let outcome;
      try {
        outcome = await this.provider.issue({
          document,
          xml,
          technicalKey,
          providerId: doc.provider_id,
          attempt: doc.attempts + 1,
          acceptedInvoice: (code) => invoiceAccepted(m, code),
        });
      } catch (err) {
        if (!(err instanceof ProviderUnavailable)) throw err;
        retry = err.message;
        return this.note(m, doc, retry);
      }
      const amounts = [document.amounts.lineExtension, document.amounts.tax];
      if (outcome.status === 'PENDIENTE') {
        retry = 'El proveedor recibió el documento; la DIAN aún no responde.';
        await m.query(`UPDATE einvoice_document SET provider_id = $2 WHERE id = $1`, [doc.id, outcome.providerId]);
        return this.note(m, doc, retry);
      }
      if (outcome.status === 'RECHAZADO') {
        await m.query(`UPDATE einvoice_document SET provider_id = COALESCE($2, provider_id) WHERE id = $1`, [
          doc.id,
          outcome.providerId,
        ]);
        return this.refuse(m, doc, outcome.reasons);
      }
      await m.query(
        `UPDATE einvoice_document SET status = 'EMITIDO', unique_code = $2, xml = $3, qr_text = $4, provider_id = $5,
           accepted_at = $6, base_cents = $7, tax_cents = $8, reasons = '[]', attempts = attempts + 1, last_error = NULL,
           updated_at = now() WHERE id = $1`,
        [
          doc.id,
          outcome.uniqueCode,
          outcome.xml,
          outcome.qrText ?? document.qrText,
          outcome.providerId,
          outcome.issuedAt,
          amounts[0],
          amounts[1],
        ],
      );
      // An invoice reaches the shopper through the paid (or cash collected) email; a credit note has no other email.
      if (doc.kind === 'CREDIT_NOTE') await this.mails.queue(m, doc.id, 'issued');
      else {
        // Credit notes that waited for this invoice go now rather than at their next backoff.
        const waiting: Array<{ id: number }> = await m.query(
          `SELECT id FROM einvoice_document WHERE invoice_id = $1 AND status = 'PENDIENTE' AND number IS NOT NULL`,
          [doc.id],
        );
        for (const w of waiting) await queueIssue(m, w.id);
      }
    });
    if (retry) {
      this.log?.info({ documentId, reason: retry }, 'Documento electrónico pendiente: se reintentará');
      throw new TryAgainLater(retry);
    }
  }

  private async note(m: EntityManager, doc: DocumentRow, message: string): Promise<void> {
    await m.query(
      `UPDATE einvoice_document SET attempts = attempts + 1, last_error = $2, updated_at = now() WHERE id = $1`,
      [doc.id, message.slice(0, 500)],
    );
  }

  private async refuse(m: EntityManager, doc: DocumentRow, reasons: Array<{ code: string; message: string }>) {
    await m.query(
      `UPDATE einvoice_document SET status = 'RECHAZADO', reasons = $2, attempts = attempts + 1, last_error = NULL,
         updated_at = now() WHERE id = $1`,
      [doc.id, JSON.stringify(reasons.slice(0, 50))],
    );
  }
}
