import type { DataSource } from 'typeorm';
import { strToU8, zipSync } from 'fflate';
import { EINVOICE_KIND_LABELS, EINVOICE_STATUS_LABELS } from '#shared/einvoicing.js';
import { SHOP_TIME_ZONE } from '#shared/shop.js';
import type { DocumentBuilder } from './document-builder.js';
import { documentNumber, type DocumentRow } from './document-row.js';
import { prepareDocument } from './electronic-document.js';
import { dianLookupUrl } from './unique-code.js';

const CSV_BOM = '\uFEFF';
/** `;`: the list separator Excel expects with Spanish (Colombia) regional settings, as the orders export. */
const SEP = ';';

const dateTime = new Intl.DateTimeFormat('sv-SE', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

function cell(v: string | number | null): string {
  const s = v === null ? '' : String(v);
  // A leading =, +, - or @ would be a formula in a spreadsheet.
  const safe = /^[=+\-@]/.test(s) && typeof v === 'string' ? `'${s}` : s;
  return /[";\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** `1234.56` cents as `1234,56` (decimal comma for Excel es-CO). */
const decimal = (cents: string | null) => (cents === null ? '' : (Number(cents) / 100).toFixed(2).replace('.', ','));

interface ExportRow extends DocumentRow {
  reference: string;
  full_name: string;
  document_type: string;
  document_number: string;
  invoice_prefix: string | null;
  invoice_number: string | null;
}

/** The XML and the PDF of a document, and a month of them for the accountant. */
export class DocumentFiles {
  constructor(
    private readonly ds: DataSource,
    private readonly builder: DocumentBuilder,
    /** Documents have fiscal value (else every PDF is marked as a test). */
    private readonly real: boolean,
  ) {}

  async find(id: number): Promise<DocumentRow | null> {
    const rows: DocumentRow[] = await this.ds.query(`SELECT * FROM einvoice_document WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  /** The graphic representation of an issued document, with its CUFE/CUDE and QR as the DIAN accepted them. */
  async pdf(doc: DocumentRow): Promise<Buffer> {
    const invoice = doc.invoice_id ? await this.find(doc.invoice_id) : null;
    const draft = await this.builder.draft(this.ds.manager, doc, invoice);
    const prepared = prepareDocument(draft, doc.numbering?.technicalKey ?? null);
    const code = doc.unique_code ?? prepared.uniqueCode;
    // Loaded on the first PDF, not at start: pdfkit and its fonts are the slowest packages the server would load.
    const { documentPdf } = await import('./document-pdf.js');
    return documentPdf(
      {
        ...prepared,
        uniqueCode: code,
        lookupUrl: dianLookupUrl(code, prepared.environment),
        qrText: doc.qr_text ?? prepared.qrText,
      },
      { testDocument: !this.real || doc.environment !== 1, acceptedAt: doc.accepted_at },
    );
  }

  private async issuedIn(month: string): Promise<ExportRow[]> {
    return this.ds.query(
      `SELECT d.*, o.reference, o.full_name, o.document_type, o.document_number, i.prefix AS invoice_prefix, i.number::text AS invoice_number
         FROM einvoice_document d JOIN shop_order o ON o.id = d.order_id LEFT JOIN einvoice_document i ON i.id = d.invoice_id
        WHERE d.status = 'EMITIDO' AND to_char(d.accepted_at AT TIME ZONE $2, 'YYYY-MM') = $1
        ORDER BY d.accepted_at, d.id`,
      [month, SHOP_TIME_ZONE],
    );
  }

  /** The month's invoices and credit notes (accepted by the DIAN in it), one row each, for the accountant. */
  async csv(month: string): Promise<string> {
    const header = [
      'Tipo',
      'Número',
      'Fecha de emisión',
      'Aceptado por la DIAN',
      'Pedido',
      'Adquiriente',
      'Documento del adquiriente',
      'Base gravable',
      'IVA',
      'Total',
      'Factura que corrige',
      'CUFE/CUDE',
      'Estado',
    ];
    const rows = (await this.issuedIn(month)).map((d) =>
      [
        EINVOICE_KIND_LABELS[d.kind],
        documentNumber(d),
        dateTime.format(d.issued_at),
        d.accepted_at ? dateTime.format(d.accepted_at) : null,
        d.reference,
        d.full_name,
        `${d.document_type} ${d.document_number}`,
        decimal(d.base_cents),
        decimal(d.tax_cents),
        d.amount,
        d.invoice_number ? `${d.invoice_prefix ?? ''}${d.invoice_number}` : null,
        d.unique_code,
        EINVOICE_STATUS_LABELS[d.status],
      ]
        .map(cell)
        .join(SEP),
    );
    return CSV_BOM + [header.join(SEP), ...rows].join('\r\n') + '\r\n';
  }

  /** The month's XMLs (AttachedDocument) in one zip, named by document number. */
  async zip(month: string): Promise<Uint8Array> {
    const files: Record<string, Uint8Array> = {};
    for (const d of await this.issuedIn(month))
      if (d.xml)
        files[`${d.kind === 'INVOICE' ? 'facturas' : 'notas-credito'}/${documentNumber(d)}.xml`] = strToU8(d.xml);
    return zipSync(files, { level: 6 });
  }
}
