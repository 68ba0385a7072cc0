import {
  isOrderStatus,
  isPaymentMethod,
  ORDER_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  type OrderStatusValue,
  type PaymentMethodValue,
} from '#shared/orders.js';
import { SHOP_TIME_ZONE } from '#shared/shop.js';
import { badInput } from '../../common/errors.js';
import type { OrderEntity, OrderFilter, OrderLineEntity } from '../orders/index.js';

/** `;` is the list separator Excel expects with Spanish (Colombia) regional settings. */
export const CSV_SEPARATOR = ';';
export const CSV_BOM = '\uFEFF';

const dateFormat = new Intl.DateTimeFormat('sv-SE', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

const COLUMNS: Array<[header: string, value: (o: OrderEntity) => string | number | null]> = [
  ['Referencia', (o) => o.reference],
  ['Fecha', (o) => dateFormat.format(o.createdAt)],
  ['Estado', (o) => ORDER_STATUS_LABELS[o.status] ?? o.status],
  ['Cliente', (o) => o.fullName],
  ['Correo', (o) => o.email],
  ['Celular', (o) => o.phone],
  ['Tipo de documento', (o) => o.documentType],
  ['Número de documento', (o) => o.documentNumber],
  ['Departamento', (o) => o.departmentName],
  ['Municipio', (o) => o.municipalityName],
  ['Dirección', (o) => o.address],
  ['Barrio', (o) => o.neighborhood],
  ['Método de pago', (o) => PAYMENT_METHOD_LABELS[o.paymentMethod] ?? o.paymentMethod],
  ['Transacción', (o) => o.transactionId],
  ['Subtotal', (o) => o.subtotal],
  ['Descuento', (o) => o.discount],
  ['Código de descuento', (o) => o.discountCode],
  ['Envío', (o) => o.shipping],
  ['IVA incluido', (o) => o.ivaIncluded],
  ['Recargo contraentrega', (o) => o.paymentFee],
  ['Total', (o) => o.total],
  ['Pago contraentrega recibido', (o) => (o.cashCollectedAt ? dateFormat.format(o.cashCollectedAt) : null)],
  ['Reembolso pendiente', (o) => (o.refundPending ? 'Sí' : 'No')],
  ['Transportadora', (o) => o.carrier],
  ['Número de guía', (o) => o.trackingNumber],
];

/** One row per line item, for picking and packing: the order's reference, who and where, then the product, size and quantity. */
const LINE_COLUMNS: Array<[header: string, value: (o: OrderEntity, l: OrderLineEntity) => string | number | null]> = [
  ['Referencia', (o) => o.reference],
  ['Fecha', (o) => dateFormat.format(o.createdAt)],
  ['Estado', (o) => ORDER_STATUS_LABELS[o.status] ?? o.status],
  ['Cliente', (o) => o.fullName],
  ['Celular', (o) => o.phone],
  ['Departamento', (o) => o.departmentName],
  ['Municipio', (o) => o.municipalityName],
  ['Dirección', (o) => o.address],
  ['Barrio', (o) => o.neighborhood],
  ['Producto', (_o, l) => l.name],
  ['Código de producto', (_o, l) => l.productId],
  ['Talla', (_o, l) => l.sizeLabel],
  ['Cantidad', (_o, l) => l.quantity],
  ['Precio unitario', (_o, l) => l.unitPrice],
  ['Total línea', (_o, l) => l.lineTotal],
];

/** RFC 4180 quoting; text that a spreadsheet would run as a formula is prefixed with `'`. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[";\n\r,]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvHeader(): string {
  return COLUMNS.map(([h]) => csvCell(h)).join(CSV_SEPARATOR) + '\r\n';
}

export function csvRow(order: OrderEntity): string {
  return COLUMNS.map(([, value]) => csvCell(value(order))).join(CSV_SEPARATOR) + '\r\n';
}

export function csvLinesHeader(): string {
  return LINE_COLUMNS.map(([h]) => csvCell(h)).join(CSV_SEPARATOR) + '\r\n';
}

export function csvLineRows(order: OrderEntity, lines: OrderLineEntity[]): string {
  return lines
    .map((line) => LINE_COLUMNS.map(([, value]) => csvCell(value(order, line))).join(CSV_SEPARATOR) + '\r\n')
    .join('');
}

/** Reads the CSV endpoint's query string into a filter (`status` may be repeated or comma-separated). */
export function filterFromQuery(query: Record<string, unknown>): OrderFilter {
  const list = (v: unknown): string[] =>
    Array.isArray(v) ? v.flatMap(list) : typeof v === 'string' ? v.split(',').filter(Boolean) : [];
  const statuses = list(query.status);
  for (const s of statuses) if (!isOrderStatus(s)) throw badInput(`Estado desconocido: ${s}.`, 'status');
  const paymentMethods = list(query.method);
  for (const m of paymentMethods)
    if (!isPaymentMethod(m)) throw badInput(`Método de pago desconocido: ${m}.`, 'method');
  const one = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    statuses: statuses as OrderStatusValue[],
    paymentMethods: paymentMethods as PaymentMethodValue[],
    from: one(query.from),
    to: one(query.to),
    search: one(query.search),
  };
}

/** The CSV endpoint's relative URL for a filter (`lines`: one row per line item). */
export function csvUrlFor(filter: OrderFilter | null | undefined, kind: 'orders' | 'lines' = 'orders'): string {
  const q = new URLSearchParams();
  if (filter?.statuses?.length) q.set('status', filter.statuses.join(','));
  if (filter?.paymentMethods?.length) q.set('method', filter.paymentMethods.join(','));
  if (filter?.from) q.set('from', filter.from);
  if (filter?.to) q.set('to', filter.to);
  if (filter?.search?.trim()) q.set('search', filter.search.trim());
  const qs = q.toString();
  return `/api/staff/${kind === 'lines' ? 'order-lines' : 'orders'}.csv${qs ? `?${qs}` : ''}`;
}
