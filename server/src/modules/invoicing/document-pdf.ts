import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { EINVOICE_KIND_LABELS, TAX_RESPONSIBILITY_LABELS, TEST_DOCUMENT_MARK } from '#shared/einvoicing.js';
import { formatNit } from '#shared/nit.js';
import { groupThousands } from '#shared/money.js';
import { shopDate } from '#shared/shop-time.js';
import { money } from './document-amounts.js';
import type { ElectronicDocument } from './electronic-document.js';

/** What the graphic representation shows besides the document itself. */
export interface PdfExtras {
  /** Printed across every page: the document has no fiscal value (a test shop, the DIAN's tests, the sandbox). */
  testDocument: boolean;
  /** When the DIAN accepted it. */
  acceptedAt: Date | null;
}

const ID_TYPES: Record<string, string> = {
  '13': 'C.C.',
  '22': 'C.E.',
  '31': 'NIT',
  '41': 'Pasaporte',
  '12': 'T.I.',
};

const PAYMENT_MEANS: Record<string, string> = {
  '10': 'Efectivo (contraentrega)',
  '42': 'Consignación bancaria',
  '47': 'Transferencia bancaria',
  '48': 'Tarjeta',
  ZZZ: 'Otro',
};

/** `$ 37.815,13`: pesos with cents, Colombian style. */
function pesos(cents: number): string {
  const [whole, decimals] = money(cents).split('.');
  return `$ ${groupThousands(whole!)},${decimals}`;
}

/**
 * The graphic representation of an invoice or credit note (PDF, pdfkit with its standard fonts): the shop's and the
 * buyer's data, the lines with their discounts and IVA, the totals, the numbering resolution (invoices) or the
 * invoice corrected (credit notes), the CUFE/CUDE and a QR code that opens the document in the DIAN's lookup.
 */
export async function documentPdf(d: ElectronicDocument, extras: PdfExtras): Promise<Buffer> {
  const qr = await QRCode.toBuffer(d.lookupUrl, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
  const pdf = new PDFDocument({
    size: 'LETTER',
    margin: 40,
    info: { Title: `${EINVOICE_KIND_LABELS[d.kind]} ${d.id}` },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => pdf.on('end', () => resolve(Buffer.concat(chunks))));
  const left = 40;
  const width = pdf.page.width - 80;

  const mark = () => {
    if (!extras.testDocument) return;
    pdf.save();
    pdf.fillColor('#c62828').font('Helvetica-Bold').fontSize(12);
    pdf.text(TEST_DOCUMENT_MARK, left, 18, { width, align: 'center' });
    pdf.rotate(-35, { origin: [pdf.page.width / 2, pdf.page.height / 2] });
    pdf
      .fillOpacity(0.12)
      .fontSize(40)
      .text(TEST_DOCUMENT_MARK, 0, pdf.page.height / 2 - 30, {
        width: pdf.page.width,
        align: 'center',
      });
    pdf.restore();
    pdf.fillColor('#000').fillOpacity(1);
  };
  mark();
  pdf.on('pageAdded', mark);

  // Issuer and document.
  const i = d.issuer;
  pdf
    .font('Helvetica-Bold')
    .fontSize(15)
    .text(i.legalName, left, 40, { width: width - 170 });
  pdf.font('Helvetica').fontSize(9);
  pdf.text(`${i.tradeName} · NIT ${formatNit(i.nit)}`, { width: width - 170 });
  pdf.text(`${i.address.line}, ${i.address.municipalityName}, ${i.address.departmentName}`, { width: width - 170 });
  pdf.text(`Tel. ${i.phone} · ${i.email}`, { width: width - 170 });
  pdf.text(
    `${i.taxRegime === 'RESPONSABLE_IVA' ? 'Responsable de IVA' : 'No responsable de IVA'} · ${i.responsibilities
      .map((r) => `${r} ${TAX_RESPONSIBILITY_LABELS[r] ?? ''}`.trim())
      .join('; ')}`,
    { width: width - 170 },
  );
  const boxX = left + width - 160;
  pdf.roundedRect(boxX, 40, 160, 62, 4).stroke('#1f3a5f');
  pdf
    .font('Helvetica-Bold')
    .fontSize(9)
    .fillColor('#1f3a5f')
    .text(EINVOICE_KIND_LABELS[d.kind].toUpperCase(), boxX + 6, 46, {
      width: 148,
      align: 'center',
    });
  pdf.fontSize(13).text(d.id, { width: 148, align: 'center' });
  pdf
    .font('Helvetica')
    .fontSize(8)
    .fillColor('#000')
    .text(`Emitida: ${d.date} ${d.time.slice(0, 8)}`, {
      width: 148,
      align: 'center',
    });
  pdf.text(`Pedido ${d.orderReference}`, { width: 148, align: 'center' });

  // Buyer.
  let y = Math.max(pdf.y, 110) + 10;
  pdf
    .moveTo(left, y)
    .lineTo(left + width, y)
    .stroke('#cccccc');
  y += 6;
  const b = d.buyer;
  pdf.font('Helvetica-Bold').fontSize(9).text('Adquiriente', left, y);
  pdf.font('Helvetica').fontSize(9);
  pdf.text(
    `${b.name} · ${ID_TYPES[b.identificationType] ?? b.identificationType} ${b.identification}${b.checkDigit !== null ? `-${b.checkDigit}` : ''}`,
  );
  if (b.address) pdf.text(`${b.address.line}, ${b.address.municipalityName}, ${b.address.departmentName}`);
  if (!b.finalConsumer) pdf.text(`${b.email} · ${b.phone}`);
  pdf.text(`Forma de pago: contado · Medio de pago: ${PAYMENT_MEANS[d.paymentMeansCode] ?? d.paymentMeansCode}`);
  if (d.corrects)
    pdf.text(
      `Corrige la factura ${d.corrects.id} del ${d.corrects.issueDate} (CUFE ${d.corrects.uniqueCode}). Motivo: ${d.corrects.description}.`,
      { width },
    );

  // Lines.
  y = pdf.y + 10;
  const cols = [
    { title: 'Descripción', w: 160, align: 'left' as const },
    { title: 'Cant.', w: 32, align: 'right' as const },
    { title: 'Precio unit.', w: 68, align: 'right' as const },
    { title: 'Descuento', w: 62, align: 'right' as const },
    { title: 'Base', w: 68, align: 'right' as const },
    { title: `IVA ${d.amounts.taxPercent} %`, w: 62, align: 'right' as const },
    { title: 'Total', w: width - 452, align: 'right' as const },
  ];
  const row = (values: string[], bold = false) => {
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    let x = left;
    const top = y;
    let bottom = y;
    values.forEach((v, k) => {
      pdf.text(v, x + 2, top, { width: cols[k]!.w - 4, align: cols[k]!.align });
      bottom = Math.max(bottom, pdf.y);
      x += cols[k]!.w;
    });
    y = bottom + 3;
    if (y > pdf.page.height - 200) {
      pdf.addPage();
      y = 50;
    }
  };
  pdf
    .rect(left, y - 2, width, 14)
    .fill('#eef2f7')
    .fillColor('#000');
  row(
    cols.map((c) => c.title),
    true,
  );
  for (const l of d.amounts.lines)
    row([
      l.description,
      String(l.quantity),
      pesos(l.unitPrice),
      l.allowance ? `-${pesos(l.allowance)}` : '—',
      pesos(l.base),
      pesos(l.tax),
      pesos(l.base + l.tax),
    ]);

  // Totals.
  y += 6;
  const a = d.amounts;
  const totals: Array<[string, string]> = [
    ['Valor bruto (base gravable)', pesos(a.lineExtension)],
    ['Descuentos incluidos en las líneas', pesos(a.allowances)],
    [`IVA ${a.taxPercent} %`, pesos(a.tax)],
    ['Ajuste al peso', pesos(a.rounding)],
    [d.kind === 'INVOICE' ? 'Total a pagar' : 'Total de la nota crédito', pesos(a.payable)],
  ];
  for (const [k, v] of totals) {
    const last = k.startsWith('Total');
    pdf.font(last ? 'Helvetica-Bold' : 'Helvetica').fontSize(last ? 11 : 9);
    pdf.text(k, left + width - 300, y, { width: 190 });
    pdf.text(v, left + width - 110, y, { width: 110, align: 'right' });
    y = pdf.y + 2;
  }

  // Resolution, code and QR.
  y += 10;
  if (y > pdf.page.height - 170) {
    pdf.addPage();
    y = 50;
  }
  pdf.image(qr, left, y, { width: 110 });
  pdf.font('Helvetica').fontSize(8);
  const textX = left + 122;
  const textW = width - 122;
  if (d.numbering) {
    const n = d.numbering;
    pdf.text(
      `Resolución de facturación DIAN No. ${n.resolutionNumber}, vigente del ${n.validFrom} al ${n.validTo}: prefijo ${n.prefix}, numeración del ${n.from} al ${n.to}.`,
      textX,
      y,
      { width: textW },
    );
  } else pdf.text('Nota crédito electrónica que corrige la factura indicada arriba.', textX, y, { width: textW });
  pdf.font('Helvetica-Bold').text(d.kind === 'INVOICE' ? 'CUFE:' : 'CUDE:', { width: textW });
  pdf.font('Courier').fontSize(7).text(d.uniqueCode, { width: textW });
  pdf.font('Helvetica').fontSize(8);
  pdf.text(
    extras.acceptedAt
      ? `Validado por la DIAN el ${shopDate(extras.acceptedAt)}. Consulta: ${d.lookupUrl}`
      : `Consulta en la DIAN: ${d.lookupUrl}`,
    { width: textW, link: d.lookupUrl },
  );
  pdf.text(
    `Software propio de ${i.legalName} (NIT ${formatNit(d.software.providerNit)}). Representación gráfica de documento electrónico.`,
    {
      width: textW,
    },
  );
  pdf.end();
  return done;
}
