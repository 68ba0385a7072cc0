import { addBusinessDays, bogotaDate, endOfBogotaDay } from '../../common/business-days.js';

/**
 * Colombian consumer law (Ley 1480 de 2011) as this shop applies it:
 * - Retracto (art. 47): within 5 business days of delivery; the money is returned within 30 calendar days.
 * - Garantía (arts. 7–11): while the warranty runs (12 months from delivery here); a refund, when that is
 *   the remedy, is due within 30 calendar days.
 * - Reversión del pago (art. 51): electronic payments; the reversal is due within 15 business days.
 */
import {
  RETRACTO_BUSINESS_DAYS,
  RETRACTO_REFUND_DAYS,
  REVERSION_BUSINESS_DAYS,
  WARRANTY_MONTHS,
  type ReturnKindValue,
} from '#shared/returns.js';

export { RETRACTO_BUSINESS_DAYS, RETRACTO_REFUND_DAYS, REVERSION_BUSINESS_DAYS, WARRANTY_MONTHS };
export type ReturnKind = ReturnKindValue;

/** Last instant to exercise retracto for goods delivered at `deliveredAt`. */
export function retractoDeadline(deliveredAt: Date): Date {
  return endOfBogotaDay(addBusinessDays(bogotaDate(deliveredAt), RETRACTO_BUSINESS_DAYS));
}

/** Last instant of the legal warranty for goods delivered at `deliveredAt`. */
export function warrantyDeadline(deliveredAt: Date): Date {
  const day = bogotaDate(deliveredAt);
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const end = new Date(Date.UTC(y, m - 1 + WARRANTY_MONTHS, d));
  return endOfBogotaDay(end.toISOString().slice(0, 10));
}

/** When the money is due back for a request made at `requestedAt`. */
export function refundDueAt(kind: ReturnKind, requestedAt: Date): Date {
  if (kind === 'REVERSION') return endOfBogotaDay(addBusinessDays(bogotaDate(requestedAt), REVERSION_BUSINESS_DAYS));
  const day = new Date(`${bogotaDate(requestedAt)}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + RETRACTO_REFUND_DAYS);
  return endOfBogotaDay(day.toISOString().slice(0, 10));
}

export interface PaidOrder {
  subtotal: number;
  discount: number;
  shipping: number;
  total: number;
  lines: Array<{ id: number; unitPrice: number; quantity: number }>;
}

/**
 * What to give back for returning `units` (line id → quantity) of an order, when `alreadyRefunded` was
 * given back before for earlier returns and `unitsBefore` units were already returned. Each line gives
 * back its price less its share of the discount (half up); the return that completes the order gives
 * back exactly what is left of what was paid, shipping included, so the parts always add up to the total.
 */
export function refundFor(
  order: PaidOrder,
  units: Map<number, number>,
  already: { refunded: number; units: number },
): number {
  const purchased = order.lines.reduce((n, l) => n + l.quantity, 0);
  const returning = [...units.values()].reduce((n, q) => n + q, 0);
  if (already.units + returning >= purchased) return Math.max(0, order.total - already.refunded);
  let merchandise = 0;
  for (const line of order.lines) merchandise += line.unitPrice * (units.get(line.id) ?? 0);
  const discountShare =
    order.subtotal > 0 ? Math.floor((2 * order.discount * merchandise + order.subtotal) / (2 * order.subtotal)) : 0;
  return merchandise - discountShare;
}
