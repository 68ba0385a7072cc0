import { addBusinessDays, bogotaDate, endOfBogotaDay } from '../../common/business-days.js';

/**
 * Colombian consumer law (Ley 1480 de 2011) as this shop applies it:
 * - Retracto (art. 47): within 5 business days of delivery; the money is returned within 30 calendar days.
 * - Garantía (arts. 7–11): while the warranty runs (12 months from delivery here); a refund, when that is
 *   the remedy, is due within 30 calendar days.
 * - Reversión del pago (art. 51): electronic payments; the reversal is due within 15 business days.
 */
import { paidForUnits, type PaidLine } from '#shared/paid-amounts.js';
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
  shipping: number;
  paymentFee: number;
  total: number;
  /** Each line with its share of the order discount (shared/paid-amounts.ts). */
  lines: Array<PaidLine & { id: number }>;
}

/**
 * What to give back for returning `units` (line id → quantity) of an order, when `counted` units of each line are
 * already in other requests (every one but rejected ones) that are due `alreadyDue` in all. Each unit gives back what
 * it was paid (its price less its share of the discount, units taken in order: shared/paid-amounts.ts); the request
 * that completes the order also gives back shipping and the payment fee. Never more than what is left of the total.
 */
export function refundFor(
  order: PaidOrder,
  units: ReadonlyMap<number, number>,
  counted: ReadonlyMap<number, number>,
  alreadyDue: number,
): number {
  let amount = 0;
  let after = 0;
  let bought = 0;
  for (const line of order.lines) {
    const before = counted.get(line.id) ?? 0;
    const returning = units.get(line.id) ?? 0;
    amount += paidForUnits(line, before, returning);
    after += Math.min(line.quantity, before + returning);
    bought += line.quantity;
  }
  if (after >= bought) amount += order.shipping + order.paymentFee;
  return Math.max(0, Math.min(amount, order.total - alreadyDue));
}
