import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import { NUMBERING_WARNING } from '#shared/einvoicing.js';
import { isCalendarDate } from '#shared/shop-time.js';
import { PAID_STATUSES, type OrderStatusValue } from '#shared/orders.js';
import { bogotaDate } from '../../common/business-days.js';
import { auditChange, rowSnapshot } from '../../common/audit.js';
import { commit, inTransaction, rollback } from '../../common/db.js';
import {
  invalidField,
  notFoundResult,
  validationErrors,
  type NotFound,
  type ValidationErrors,
} from '../../common/results.js';
import { invoicingEnabled, numberAndQueue, queueIssue } from './document-queue.js';
import { lockDocument } from './document-issuer.js';
import type { DocumentMails } from './document-mails.js';
import type { DocumentRow } from './document-row.js';
import {
  readNumbering,
  resolutionFromRow,
  testResolution,
  type AllocationSettings,
  type NumberingRow,
} from './numbering.js';

export interface InvoicingAdminSettings extends AllocationSettings {
  provider: 'sandbox' | 'alegra';
  real: boolean;
  /** Why this deployment may not turn invoicing on (a live one without a real provider), or null. */
  cannotEnable: string | null;
}

export interface InvoiceNumberingView {
  resolutionNumber: string;
  prefix: string;
  from: number;
  to: number;
  validFrom: string;
  validTo: string;
  technicalKey: string;
  nextNumber: number;
  /** Numbers left in the range. */
  remaining: number;
  /** Days of validity left (Bogotá days, negative once expired). */
  daysLeft: number;
  updatedAt: Date | null;
  updatedBy: string | null;
}

export interface InvoicingView {
  enabled: boolean;
  provider: 'sandbox' | 'alegra';
  environment: 'pruebas' | 'produccion';
  real: boolean;
  cannotEnable: string | null;
  invoiceNumbering: InvoiceNumberingView | null;
  usingTestResolution: boolean;
  creditNotePrefix: string;
  nextCreditNoteNumber: number;
  warnings: string[];
  refused: number;
  pending: number;
}

export type DocumentActionResult = (DocumentRow & { __typename: 'ElectronicDocument' }) | ValidationErrors | NotFound;
type Tagged = InvoicingView & { __typename: 'InvoicingSettings' };

const MAX_INT = 2_147_483_647;
const calendarDate = z.string().max(10).refine(isCalendarDate, 'Fecha AAAA-MM-DD (una fecha que exista).');
const numberingInput = z
  .object({
    resolutionNumber: z
      .string()
      .max(40)
      .trim()
      .pipe(z.string().regex(/^\d{1,30}$/, 'El número de resolución son solo dígitos.')),
    prefix: z
      .string()
      .max(10)
      .trim()
      .toUpperCase()
      .pipe(z.string().regex(/^[A-Z0-9]{0,4}$/, 'El prefijo tiene hasta 4 letras o números.')),
    from: z.number().int('Números enteros.').min(1, 'El rango empieza en 1 o más.').max(MAX_INT),
    to: z.number().int('Números enteros.').min(1).max(MAX_INT),
    validFrom: calendarDate,
    validTo: calendarDate,
    technicalKey: z
      .string()
      .max(120)
      .trim()
      .pipe(
        z.string().regex(/^[a-z0-9]{10,100}$/i, 'La clave técnica son de 10 a 100 letras o números (la da la DIAN).'),
      ),
    creditNotePrefix: z
      .string()
      .max(10)
      .trim()
      .toUpperCase()
      .pipe(z.string().regex(/^[A-Z0-9]{1,4}$/, 'El prefijo de las notas crédito tiene de 1 a 4 letras o números.')),
  })
  .superRefine((v, ctx) => {
    if (v.to < v.from)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: 'El rango termina en un número mayor o igual al inicial.',
      });
    if (v.validTo < v.validFrom)
      ctx.addIssue({ code: 'custom', path: ['validTo'], message: 'La vigencia termina después de empezar.' });
    if (v.creditNotePrefix === v.prefix)
      ctx.addIssue({
        code: 'custom',
        path: ['creditNotePrefix'],
        message: 'Las notas crédito llevan un prefijo distinto al de las facturas.',
      });
  });

/** The switch as an activity entry shows it. */
const SETTINGS_SNAPSHOT = `SELECT enabled FROM einvoice_settings WHERE id = $1 FOR UPDATE`;
/** The invoices' resolution (by kind, `$1`) and the credit notes' prefix as an entry shows them. */
const NUMBERING_SNAPSHOT = `SELECT i.resolution_number AS "resolutionNumber", i.prefix, i.range_from::int AS "rangeFrom",
    i.range_to::int AS "rangeTo", i.valid_from::text AS "validFrom", i.valid_to::text AS "validTo",
    i.technical_key AS "technicalKey", i.next_number::int AS "nextNumber", c.prefix AS "creditNotePrefix"
  FROM einvoice_numbering c LEFT JOIN einvoice_numbering i ON i.kind = $1 WHERE c.kind = 'CREDIT_NOTE'`;
/** A document as an entry shows it. */
const DOCUMENT_SNAPSHOT = `SELECT status, prefix || number AS number, attempts FROM einvoice_document WHERE id = $1`;

function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** The owner's side of electronic invoicing: the switch, the numbering, retries, resends and the staff's warnings. */
export class InvoicingAdmin {
  constructor(
    private readonly ds: DataSource,
    private readonly settings: InvoicingAdminSettings,
    private readonly mails: DocumentMails,
  ) {}

  private numberingView(row: NumberingRow | null, today: string): InvoiceNumberingView | null {
    if (!row) {
      if (this.settings.environment === '1') return null;
      const t = testResolution(this.settings.testTechnicalKey);
      return {
        ...t,
        nextNumber: t.from,
        remaining: t.to - t.from + 1,
        daysLeft: daysBetween(today, t.validTo),
        updatedAt: null,
        updatedBy: null,
      };
    }
    const view = { ...resolutionFromRow(row), nextNumber: Number(row.next_number) };
    return {
      ...view,
      remaining: Math.max(0, view.to - view.nextNumber + 1),
      daysLeft: daysBetween(today, view.validTo),
      updatedAt: row.updated_at,
      updatedBy: row.updated_by,
    };
  }

  /** Spanish warnings for staff: the range or the validity about to end (10 % or 30 days), refused documents. */
  static warnings(n: InvoiceNumberingView | null, refused: number, production: boolean): string[] {
    const out: string[] = [];
    if (!n && production)
      out.push('Falta registrar la resolución de numeración de la DIAN: las facturas no se pueden emitir.');
    if (n) {
      const size = n.to - n.from + 1;
      if (n.remaining === 0)
        out.push(`Se agotó el rango de numeración ${n.prefix} (${n.from} a ${n.to}): registra una nueva resolución.`);
      else if (n.remaining <= Math.ceil(size * NUMBERING_WARNING.rangeShare))
        out.push(
          `Quedan ${n.remaining} números del rango ${n.prefix} (${n.from} a ${n.to}): pide a la DIAN una nueva resolución.`,
        );
      if (n.daysLeft < 0) out.push(`La resolución ${n.resolutionNumber} venció el ${n.validTo}: registra la nueva.`);
      else if (n.daysLeft <= NUMBERING_WARNING.days)
        out.push(
          `La resolución ${n.resolutionNumber} vence el ${n.validTo} (en ${n.daysLeft} días): pide la nueva a tiempo.`,
        );
    }
    if (refused > 0)
      out.push(
        `${refused} ${refused === 1 ? 'documento electrónico fue rechazado' : 'documentos electrónicos fueron rechazados'}: revísalos en las órdenes.`,
      );
    return out;
  }

  async view(m: EntityManager = this.ds.manager): Promise<InvoicingView> {
    const today = bogotaDate(new Date());
    // One after another: inside a transaction (setEnabled) the four share one connection, which runs one query at a time.
    const invoice = await readNumbering(m, 'INVOICE');
    const credit = await readNumbering(m, 'CREDIT_NOTE');
    const enabled = await invoicingEnabled(m);
    const counts: Array<{ refused: number; pending: number }> = await m.query(
      `SELECT count(*) FILTER (WHERE status = 'RECHAZADO')::int AS refused, count(*) FILTER (WHERE status = 'PENDIENTE')::int AS pending FROM einvoice_document`,
    );
    const numbering = this.numberingView(invoice, today);
    const { refused, pending } = counts[0]!;
    return {
      enabled,
      provider: this.settings.provider,
      environment: this.settings.environment === '1' ? 'produccion' : 'pruebas',
      real: this.settings.real,
      cannotEnable: this.settings.cannotEnable,
      invoiceNumbering: numbering,
      usingTestResolution: !invoice && numbering !== null,
      creditNotePrefix: credit?.prefix ?? 'NC',
      nextCreditNoteNumber: Number(credit?.next_number ?? 1),
      warnings: enabled ? InvoicingAdmin.warnings(numbering, refused, this.settings.environment === '1') : [],
      refused,
      pending,
    };
  }

  /** The owner's switch. Turning it on is refused where invoices could not be real (a live deployment without a provider). */
  async setEnabled(enabled: boolean, staffName: string): Promise<Tagged | ValidationErrors> {
    if (enabled && this.settings.cannotEnable) return invalidField('enabled', this.settings.cannotEnable);
    const outcome = await inTransaction<Tagged, never>(this.ds, async (m) => {
      // No row yet reads as on (invoicingEnabled's default): the entry says what the shop was doing.
      const before = (await rowSnapshot(m, SETTINGS_SNAPSHOT, 1)) ?? { enabled: true };
      await m.query(
        `INSERT INTO einvoice_settings (id, enabled, updated_by) VALUES (1, $1, $2)
         ON CONFLICT (id) DO UPDATE SET enabled = $1, updated_at = now(), updated_by = $2`,
        [enabled, staffName.slice(0, 200)],
      );
      auditChange(m, {
        entityType: 'invoicingSettings',
        entityId: 1,
        before,
        after: await rowSnapshot(m, SETTINGS_SNAPSHOT, 1),
      });
      return commit({ ...(await this.view(m)), __typename: 'InvoicingSettings' as const });
    });
    if (!outcome.commit) throw new Error('unreachable');
    return outcome.value;
  }

  /**
   * Registers the DIAN resolution (and the credit notes' prefix) in one transaction. A new resolution (another
   * number or prefix) starts at its first number; the same one keeps counting. Invoices refused for lack of numbers
   * get theirs now, in order, and go to the provider.
   */
  async saveNumbering(input: unknown, staffName: string): Promise<Tagged | ValidationErrors> {
    const parsed = numberingInput.safeParse(input);
    if (!parsed.success) return validationErrors(parsed.error);
    const v = parsed.data;
    const outcome = await inTransaction<Tagged, ValidationErrors>(this.ds, async (m) => {
      const current = await readNumbering(m, 'INVOICE', true);
      const before = await rowSnapshot(m, NUMBERING_SNAPSHOT, 'INVOICE');
      const same = current && current.resolution_number === v.resolutionNumber && current.prefix === v.prefix;
      const next = same ? Math.max(Number(current.next_number), v.from) : v.from;
      if (next > v.to + 1)
        return rollback(
          invalidField('to', `Ya se usaron números hasta el ${next - 1}: el rango debe llegar al menos ahí.`),
        );
      await m.query(
        `INSERT INTO einvoice_numbering (kind, resolution_number, prefix, range_from, range_to, valid_from, valid_to, technical_key, next_number, updated_by)
         VALUES ('INVOICE', $1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (kind) DO UPDATE SET resolution_number = $1, prefix = $2, range_from = $3, range_to = $4, valid_from = $5,
           valid_to = $6, technical_key = $7, next_number = $8, updated_by = $9, updated_at = now()`,
        [
          v.resolutionNumber,
          v.prefix,
          v.from,
          v.to,
          v.validFrom,
          v.validTo,
          v.technicalKey,
          next,
          staffName.slice(0, 200),
        ],
      );
      await m.query(
        `UPDATE einvoice_numbering SET prefix = $1, updated_at = now(), updated_by = $2 WHERE kind = 'CREDIT_NOTE'`,
        [v.creditNotePrefix, staffName.slice(0, 200)],
      );
      const waiting: Array<{ id: number; status: OrderStatusValue }> = await m.query(
        `SELECT d.id, o.status FROM einvoice_document d JOIN shop_order o ON o.id = d.order_id
          WHERE d.kind = 'INVOICE' AND d.status = 'RECHAZADO' AND d.number IS NULL ORDER BY d.id FOR UPDATE OF d`,
      );
      const renumbered = waiting.filter((w) => PAID_STATUSES.has(w.status));
      for (const w of renumbered) await numberAndQueue(m, w.id, 'INVOICE', new Date(), this.settings);
      auditChange(m, {
        entityType: 'invoiceNumbering',
        entityId: 'INVOICE',
        before,
        after: await rowSnapshot(m, NUMBERING_SNAPSHOT, 'INVOICE'),
        ...(renumbered.length ? { detail: { documents: renumbered.length } } : {}),
      });
      return commit({ ...(await this.view(m)), __typename: 'InvoicingSettings' as const });
    });
    return outcome.commit ? outcome.value : outcome.failure;
  }

  /** Sends a refused or waiting document again (a refused one without a number gets one first), in one transaction. */
  async retry(id: string): Promise<DocumentActionResult> {
    const n = Number(id);
    if (!Number.isInteger(n) || n < 1 || n > MAX_INT) return notFoundResult('El documento no existe.');
    const outcome = await inTransaction<DocumentActionResult, DocumentActionResult>(this.ds, async (m) => {
      const doc = await lockDocument(m, n);
      if (!doc) return rollback(notFoundResult('El documento no existe.'));
      if (doc.status === 'EMITIDO') return rollback(invalidField('id', 'Este documento ya fue emitido.'));
      const order: Array<{ status: OrderStatusValue }> = await m.query(`SELECT status FROM shop_order WHERE id = $1`, [
        doc.order_id,
      ]);
      if (doc.kind === 'INVOICE' && !PAID_STATUSES.has(order[0]!.status))
        return rollback(invalidField('id', 'La orden ya no es una venta (fue cancelada): su factura no se emite.'));
      const before = await rowSnapshot(m, DOCUMENT_SNAPSHOT, doc.id);
      if (doc.number === null) await numberAndQueue(m, doc.id, doc.kind, new Date(), this.settings);
      else {
        // A refused document goes to the provider anew (not looked up by its old id, which stays refused).
        await m.query(
          `UPDATE einvoice_document SET status = 'PENDIENTE', reasons = '[]',
             provider_id = CASE WHEN status = 'RECHAZADO' THEN NULL ELSE provider_id END, updated_at = now() WHERE id = $1`,
          [doc.id],
        );
        await queueIssue(m, doc.id);
      }
      auditChange(m, {
        entityType: 'electronicDocument',
        entityId: doc.id,
        before,
        after: await rowSnapshot(m, DOCUMENT_SNAPSHOT, doc.id),
        detail: { order: doc.order_id },
      });
      return commit(await this.tagged(m, doc.id));
    });
    return outcome.commit ? outcome.value : outcome.failure;
  }

  /** Emails an issued document to the shopper again. */
  async resend(id: string): Promise<DocumentActionResult> {
    const n = Number(id);
    if (!Number.isInteger(n) || n < 1 || n > MAX_INT) return notFoundResult('El documento no existe.');
    const outcome = await inTransaction<DocumentActionResult, DocumentActionResult>(this.ds, async (m) => {
      const doc = await lockDocument(m, n);
      if (!doc) return rollback(notFoundResult('El documento no existe.'));
      if (doc.status !== 'EMITIDO') return rollback(invalidField('id', 'Solo se reenvía un documento ya emitido.'));
      await this.mails.queue(m, doc.id, `resend-${randomUUID()}`);
      // Nothing of the document changes: the entry names it and its order (never the shopper's address).
      auditChange(m, { entityType: 'electronicDocument', entityId: doc.id, detail: { order: doc.order_id } });
      return commit(await this.tagged(m, doc.id));
    });
    return outcome.commit ? outcome.value : outcome.failure;
  }

  private async tagged(m: EntityManager, id: number) {
    const rows: DocumentRow[] = await m.query(`SELECT * FROM einvoice_document WHERE id = $1`, [id]);
    return { ...rows[0]!, __typename: 'ElectronicDocument' as const };
  }

  /** An order's documents, oldest first (staff order page). */
  documentsOf(orderId: number): Promise<DocumentRow[]> {
    return this.ds.query(`SELECT * FROM einvoice_document WHERE order_id = $1 ORDER BY id`, [orderId]);
  }
}
