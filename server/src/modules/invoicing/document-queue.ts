import type { EntityManager } from 'typeorm';
import type { EinvoiceKindValue } from '#shared/einvoicing.js';
import { enqueueJob } from '../../common/jobs.js';
import type { InvoiceLinks, OrderDocumentKind, OrderDocuments, OrderEntity } from '../orders/index.js';
import { allocateNumber, type AllocationSettings } from './numbering.js';
import { documentUrl } from './document-links.js';

/** Background job that issues one document through the provider (document-issuer.ts). */
export const ISSUE_DOCUMENT_TASK = 'issue-einvoice-document';

export interface QueueSettings extends AllocationSettings {
  provider: 'sandbox' | 'alegra';
  publicUrl: () => string;
}

interface NewDocument {
  orderId: number;
  kind: EinvoiceKindValue;
  /** One document per key: `invoice:<order>`, `credit-note:<order>:cancel`, `credit-note:<order>:return:<id>`. */
  dedupeKey: string;
  amount: number;
  invoiceId: number | null;
  returnId?: number | null;
  creditedUnits?: Array<{ orderLineId: number; quantity: number }> | null;
}

/** Whether the owner has electronic invoicing on (no decision recorded: on, as the law asks of most shops). */
export async function invoicingEnabled(m: EntityManager): Promise<boolean> {
  const rows: Array<{ enabled: boolean }> = await m.query(`SELECT enabled FROM einvoice_settings WHERE id = 1`);
  return rows[0]?.enabled ?? true;
}

/**
 * Records the documents a sale calls for, in the transaction of the change that causes them (a payment, a
 * cancellation, a refund): the row (once per order and reason: its dedupe key is unique), its number (given under
 * the numbering's row lock, so the number exists exactly when the document does) and the job that issues it
 * through the provider. A number the resolution cannot give (range used up, validity over) leaves the document
 * refused with the reason, for staff to see; the sale goes on.
 */
export class DocumentQueue implements OrderDocuments {
  constructor(private readonly settings: QueueSettings) {}

  async record(m: EntityManager, kind: OrderDocumentKind, order: OrderEntity): Promise<void> {
    if (kind === 'invoice') await this.invoice(m, order);
    else await this.cancellation(m, order);
  }

  async invoiceLinks(m: EntityManager, order: OrderEntity): Promise<InvoiceLinks | null> {
    const rows: Array<{ id: number }> = await m.query(
      `SELECT id FROM einvoice_document WHERE dedupe_key = $1 AND number IS NOT NULL`,
      [`invoice:${order.id}`],
    );
    if (!rows[0]) return null;
    return {
      pdf: documentUrl(this.settings.publicUrl(), order, 'INVOICE', rows[0].id, 'pdf'),
      xml: documentUrl(this.settings.publicUrl(), order, 'INVOICE', rows[0].id, 'xml'),
    };
  }

  /** A sale's invoice (paid online, or cash on delivery once collected): once per order. */
  async invoice(m: EntityManager, order: OrderEntity): Promise<void> {
    if (!(await invoicingEnabled(m))) return;
    await this.create(m, {
      orderId: order.id,
      kind: 'INVOICE',
      dedupeKey: `invoice:${order.id}`,
      amount: order.total,
      invoiceId: null,
    });
  }

  /** A paid sale cancelled whole: a credit note for what its invoice charged and no note credited yet. */
  async cancellation(m: EntityManager, order: OrderEntity): Promise<void> {
    const open = await this.creditable(m, order.id);
    if (!open) return;
    await this.create(m, {
      orderId: order.id,
      kind: 'CREDIT_NOTE',
      dedupeKey: `credit-note:${order.id}:cancel`,
      amount: open.left,
      invoiceId: open.invoiceId,
    });
  }

  /** A refund recorded on a return or reversal: a credit note for its units and amount only. */
  async refund(
    m: EntityManager,
    order: OrderEntity,
    refund: { returnId: number; units: Array<{ orderLineId: number; quantity: number }>; amount: number },
  ): Promise<void> {
    const open = await this.creditable(m, order.id);
    if (!open || refund.amount <= 0) return;
    await this.create(m, {
      orderId: order.id,
      kind: 'CREDIT_NOTE',
      dedupeKey: `credit-note:${order.id}:return:${refund.returnId}`,
      amount: Math.min(refund.amount, open.left),
      invoiceId: open.invoiceId,
      returnId: refund.returnId,
      creditedUnits: refund.units,
    });
  }

  /**
   * The order's invoice (issued or on its way; a refused one is no fiscal document to correct) and how much of it
   * no credit note covers yet; null when there is nothing to credit.
   */
  private async creditable(m: EntityManager, orderId: number): Promise<{ invoiceId: number; left: number } | null> {
    const rows: Array<{ id: number; amount: number; credited: number }> = await m.query(
      `SELECT i.id, i.amount,
              COALESCE((SELECT sum(c.amount) FROM einvoice_document c WHERE c.invoice_id = i.id AND c.status <> 'RECHAZADO'), 0)::int AS credited
         FROM einvoice_document i WHERE i.dedupe_key = $1 AND i.status <> 'RECHAZADO'`,
      [`invoice:${orderId}`],
    );
    const invoice = rows[0];
    if (!invoice || invoice.amount - invoice.credited <= 0) return null;
    return { invoiceId: invoice.id, left: invoice.amount - invoice.credited };
  }

  private async create(m: EntityManager, d: NewDocument): Promise<void> {
    const now = new Date();
    const inserted: Array<{ id: number }> = await m.query(
      `INSERT INTO einvoice_document (order_id, kind, dedupe_key, invoice_id, return_id, credited_units, status, issued_at,
         amount, provider, environment)
       VALUES ($1, $2, $3, $4, $5, $6, 'PENDIENTE', $7, $8, $9, $10)
       ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
      [
        d.orderId,
        d.kind,
        d.dedupeKey,
        d.invoiceId,
        d.returnId ?? null,
        d.creditedUnits ? JSON.stringify(d.creditedUnits) : null,
        now,
        d.amount,
        this.settings.provider,
        Number(this.settings.environment),
      ],
    );
    if (inserted.length === 0) return;
    await numberAndQueue(m, inserted[0]!.id, d.kind, now, this.settings);
  }
}

/**
 * Gives a document without a number its number and queues its job, in the caller's transaction; or refuses it with
 * the numbering's reasons. Also used when staff retry a refused document after registering a new resolution.
 */
export async function numberAndQueue(
  m: EntityManager,
  documentId: number,
  kind: EinvoiceKindValue,
  on: Date,
  settings: AllocationSettings,
): Promise<boolean> {
  const allocation = await allocateNumber(m, kind, on, settings);
  if (!allocation.ok) {
    await m.query(`UPDATE einvoice_document SET status = 'RECHAZADO', reasons = $2, updated_at = now() WHERE id = $1`, [
      documentId,
      JSON.stringify(allocation.reasons),
    ]);
    return false;
  }
  await m.query(
    `UPDATE einvoice_document SET prefix = $2, number = $3, numbering = $4, issued_at = $5, status = 'PENDIENTE',
       reasons = '[]', updated_at = now() WHERE id = $1`,
    [
      documentId,
      allocation.prefix,
      allocation.number,
      allocation.snapshot ? JSON.stringify(allocation.snapshot) : null,
      on,
    ],
  );
  await queueIssue(m, documentId);
  return true;
}

/** The job that issues a document (one per document: a second enqueue replaces a pending one). */
export async function queueIssue(m: EntityManager, documentId: number, runAt?: Date): Promise<void> {
  await enqueueJob(
    m,
    ISSUE_DOCUMENT_TASK,
    { documentId },
    { jobKey: `einvoice:${documentId}`, maxAttempts: 25, ...(runAt ? { runAt } : {}) },
  );
}
