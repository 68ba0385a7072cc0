import type { OrderEntity } from './order.entity.js';
import type { OrderLineEntity } from './order-line.entity.js';
import type { InvoiceLinks } from './order-documents.js';

import { formatCop } from '#shared/money.js';
import { PAYMENT_METHOD_LABELS } from '#shared/orders.js';
import { deliveryDaysLabel } from '#shared/shipping.js';

/** An email ready to queue: subject, HTML and the plain-text part. */
export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export function esc(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

export function totalsRows(o: OrderEntity): string {
  const rows: Array<[string, string]> = [['Subtotal', formatCop(o.subtotal)]];
  if (o.discount > 0)
    rows.push([`Descuento${o.discountCode ? ` (${esc(o.discountCode)})` : ''}`, `− ${formatCop(o.discount)}`]);
  rows.push(['Envío', o.shipping === 0 ? 'Gratis' : formatCop(o.shipping)]);
  if (o.paymentFee > 0) rows.push(['Recargo pago contraentrega', formatCop(o.paymentFee)]);
  rows.push(['<strong>Total</strong>', `<strong>${formatCop(o.total)}</strong>`]);
  rows.push(['IVA incluido', formatCop(o.ivaIncluded)]);
  return rows
    .map(
      ([k, v]) =>
        `<tr><td colspan="2" style="padding:4px 0">${k}</td><td style="padding:4px 0;text-align:right">${v}</td></tr>`,
    )
    .join('');
}

export function linesRows(lines: OrderLineEntity[]): string {
  return lines
    .map(
      (l) =>
        `<tr><td style="padding:6px 0">${esc(l.name)}<br><small>Talla ${esc(l.sizeLabel)} · ${formatCop(l.unitPrice)} c/u</small></td>` +
        `<td style="padding:6px 8px;text-align:center">${l.quantity}</td><td style="padding:6px 0;text-align:right">${formatCop(l.lineTotal)}</td></tr>`,
    )
    .join('');
}

export function addressBlock(o: OrderEntity): string {
  return [
    esc(o.fullName),
    esc(o.address),
    o.neighborhood ? esc(o.neighborhood) : null,
    `${esc(o.municipalityName)}, ${esc(o.departmentName)}`,
    `Celular: ${esc(o.phone)}`,
  ]
    .filter(Boolean)
    .join('<br>');
}

export function layout(title: string, body: string): string {
  return `<!doctype html><html lang="es-CO"><head><meta charset="utf-8"><title>${esc(title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#222;max-width:600px;margin:0 auto;padding:16px">${body}
<p style="color:#777;font-size:12px">Enzo · Accesorios para mascotas hechos en Colombia</p></body></html>`;
}

/** The paragraph that links the electronic invoice (PDF and XML), in both parts of an email. */
export function invoiceBlock(invoice: InvoiceLinks): { html: string; text: string } {
  return {
    html: `Tu factura electrónica de venta: <a href="${esc(invoice.pdf)}">ver la factura (PDF)</a> · <a href="${esc(invoice.xml)}">descargar el XML</a>. Si aún se está emitiendo, el enlace te lo dirá; vuelve en unos minutos.`,
    text: `Tu factura electrónica de venta: ${invoice.pdf} (PDF) · ${invoice.xml} (XML). Si aún se está emitiendo, el enlace te lo dirá; vuelve en unos minutos.`,
  };
}

/** A call-to-action link that reads well on a phone. */
export function buttonLink(href: string, label: string): string {
  return `<p style="margin:20px 0"><a href="${esc(href)}" style="background:#1f3a5f;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;display:inline-block">${esc(label)}</a></p>`;
}

/** The delivery promise made at checkout (`Llega en 3 a 8 días hábiles.`), or nothing for older orders. */
export function deliveryPromise(o: Pick<OrderEntity, 'deliveryMinDays' | 'deliveryMaxDays'>): string {
  return o.deliveryMinDays !== null && o.deliveryMaxDays !== null
    ? `Llega en ${deliveryDaysLabel(o.deliveryMinDays, o.deliveryMaxDays)}.`
    : '';
}

const paidNext = (o: OrderEntity) =>
  `Lo estamos alistando y te escribiremos cuando salga, con la transportadora y el número de guía. ${deliveryPromise(o)} En la página de tu pedido ves su estado y las fechas de entrega.`.trim();

/** Spanish HTML confirmation for the shopper (sent when the order is paid). */
export function shopperConfirmationEmail(
  o: OrderEntity,
  lines: OrderLineEntity[],
  receiptUrl: string,
  invoice: InvoiceLinks | null = null,
): RenderedEmail {
  const subject = `Confirmación de tu pedido ${o.reference} · Enzo`;
  const invoiceHtml = invoice ? `<p>${invoiceBlock(invoice).html}</p>\n` : '';
  const html = layout(
    subject,
    `<h1 style="font-size:22px">¡Gracias por tu compra, ${esc(o.fullName.split(' ')[0])}!</h1>
<p>Recibimos el pago de tu pedido <strong>${o.reference}</strong>. ${paidNext(o)}</p>
${buttonLink(receiptUrl, 'Ver el estado de tu pedido')}
${invoiceHtml}
<table style="width:100%;border-collapse:collapse"><thead><tr><th style="text-align:left">Producto</th><th>Cant.</th><th style="text-align:right">Total</th></tr></thead>
<tbody>${linesRows(lines)}</tbody><tfoot>${totalsRows(o)}</tfoot></table>
<h2 style="font-size:16px">Dirección de envío</h2><p>${addressBlock(o)}</p>`,
  );
  return { subject, html, text: shopperConfirmationText(o, lines, receiptUrl, invoice) };
}

/** The plain-text part: the same lines, totals, invoice links and address as the HTML. */
function shopperConfirmationText(
  o: OrderEntity,
  lines: OrderLineEntity[],
  receiptUrl: string,
  invoice: InvoiceLinks | null,
): string {
  const totals = [
    `Subtotal: ${formatCop(o.subtotal)}`,
    o.discount > 0 ? `Descuento${o.discountCode ? ` (${o.discountCode})` : ''}: − ${formatCop(o.discount)}` : null,
    `Envío: ${o.shipping === 0 ? 'Gratis' : formatCop(o.shipping)}`,
    o.paymentFee > 0 ? `Recargo pago contraentrega: ${formatCop(o.paymentFee)}` : null,
    `Total: ${formatCop(o.total)}`,
    `IVA incluido: ${formatCop(o.ivaIncluded)}`,
  ];
  return [
    `¡Gracias por tu compra, ${o.fullName.split(' ')[0]}!`,
    `Recibimos el pago de tu pedido ${o.reference}. ${paidNext(o)}`,
    '',
    `Ver el estado de tu pedido: ${receiptUrl}`,
    ...(invoice ? [invoiceBlock(invoice).text] : []),
    '',
    ...lines.map(
      (l) =>
        `- ${l.name} · Talla ${l.sizeLabel} · ${l.quantity} × ${formatCop(l.unitPrice)} = ${formatCop(l.lineTotal)}`,
    ),
    '',
    ...totals.filter((t): t is string => t !== null),
    '',
    'Dirección de envío:',
    o.fullName,
    o.address,
    ...(o.neighborhood ? [o.neighborhood] : []),
    `${o.municipalityName}, ${o.departmentName}`,
  ].join('\n');
}

/** Notice for the shop: a paid order to prepare, or a cash-on-delivery order to confirm by phone. */
export function shopNoticeEmail(o: OrderEntity, lines: OrderLineEntity[]): RenderedEmail {
  const cod = o.paymentMethod === 'CASH_ON_DELIVERY';
  const what = cod ? 'Nuevo pedido contraentrega por confirmar' : 'Nuevo pedido pagado';
  const subject = `${what} ${o.reference} · ${formatCop(o.total)}`;
  const payment = cod
    ? `Método de pago: Contraentrega (cobrar ${formatCop(o.total)} al entregar). Llama al cliente para confirmarlo y confírmalo o cancélalo en el panel.`
    : `Método de pago: ${PAYMENT_METHOD_LABELS[o.paymentMethod]} · Transacción ${esc(o.transactionId ?? '')}`;
  const html = layout(
    subject,
    `<h1 style="font-size:20px">${what}: ${o.reference}</h1>
<p>Cliente: ${esc(o.fullName)} · ${esc(o.email)} · ${esc(o.phone)} · ${o.documentType} ${esc(o.documentNumber)}</p>
<p>${payment}</p>
<table style="width:100%;border-collapse:collapse"><tbody>${linesRows(lines)}</tbody><tfoot>${totalsRows(o)}</tfoot></table>
<h2 style="font-size:16px">Enviar a</h2><p>${addressBlock(o)}</p>`,
  );
  return {
    subject,
    html,
    text: cod
      ? `Pedido contraentrega ${o.reference} por ${formatCop(o.total)}: llama al ${o.phone} para confirmarlo.`
      : `Pedido ${o.reference} pagado por ${formatCop(o.total)}.`,
  };
}
