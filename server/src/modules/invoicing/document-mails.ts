import type { EntityManager } from 'typeorm';
import { EINVOICE_KIND_LABELS } from '#shared/einvoicing.js';
import { formatCop } from '#shared/money.js';
import { emailLayout, escapeHtml, queueMail } from '../mail/index.js';
import { OrderEntity } from '../orders/index.js';
import { documentUrl } from './document-links.js';
import { documentNumber, type DocumentRow } from './document-row.js';

/**
 * The email that hands the shopper a document: the PDF (graphic representation) and the XML, both behind the
 * order's token. Sent when a credit note is issued, and again whenever staff resend a document.
 */
export class DocumentMails {
  constructor(private readonly publicUrl: () => string) {}

  /** `reason` keeps one email per document and occasion: `issued`, or `resend-<n>` for each resend. */
  async queue(m: EntityManager, documentId: number, reason: string): Promise<void> {
    const rows: DocumentRow[] = await m.query(`SELECT * FROM einvoice_document WHERE id = $1`, [documentId]);
    const doc = rows[0];
    if (!doc) return;
    const order = await m.findOneOrFail(OrderEntity, { where: { id: doc.order_id } });
    const label = EINVOICE_KIND_LABELS[doc.kind];
    const number = documentNumber(doc) ?? '';
    const pdf = documentUrl(this.publicUrl(), order, doc.kind, doc.id, 'pdf');
    const xml = documentUrl(this.publicUrl(), order, doc.kind, doc.id, 'xml');
    const subject = `${doc.kind === 'INVOICE' ? 'Tu factura electrónica' : 'Tu nota crédito'} ${number} · Enzo`;
    const what =
      doc.kind === 'INVOICE'
        ? `la factura electrónica de venta de tu pedido ${order.reference}`
        : `la nota crédito de tu pedido ${order.reference} por ${formatCop(doc.amount)}, que corrige su factura`;
    const html = emailLayout(
      subject,
      `<h1 style="font-size:22px">${escapeHtml(label)} ${escapeHtml(number)}</h1>
<p>Te enviamos ${escapeHtml(what)}.</p>
<p><a href="${escapeHtml(pdf)}">Ver el documento (PDF)</a> · <a href="${escapeHtml(xml)}">Descargar el XML</a></p>
<p>El código único (CUFE/CUDE) del documento te permite consultarlo en el sitio de la DIAN.</p>`,
    );
    const text = [
      `${label} ${number}`,
      '',
      `Te enviamos ${what}.`,
      `Ver el documento (PDF): ${pdf}`,
      `Descargar el XML: ${xml}`,
      '',
      'El código único (CUFE/CUDE) del documento te permite consultarlo en el sitio de la DIAN.',
    ].join('\n');
    await queueMail(m, {
      key: `einvoice:${doc.id}:${reason}`.slice(0, 200),
      to: order.email,
      subject,
      html,
      text,
      tag: `${order.reference}-${doc.kind === 'INVOICE' ? 'factura' : 'nota-credito'}`,
      orderId: order.id,
    });
  }
}
