import type { DocumentSource, SourceLine } from './document-amounts.js';

/** An order as its documents read it: the lines it sold and what the shopper paid (whole pesos, IVA included). */
export interface OrderCharges {
  lines: Array<SourceLine & { id: number }>;
  discount: number;
  shipping: number;
  paymentFee: number;
  total: number;
}

/** The invoice (and a whole cancellation's credit note) charges exactly what the order charged. */
export function invoiceSource(order: OrderCharges): DocumentSource {
  return {
    lines: order.lines.map(({ id: _id, ...l }) => l),
    discount: order.discount,
    shipping: order.shipping,
    paymentFee: order.paymentFee,
    total: order.total,
  };
}

/**
 * A refund's credit note: the returned units of each line and the amount given back. The units carry their share of
 * the order's discount (in proportion, half up, as the refund was computed); what the amount gives back beyond the
 * units (the return that completes the order gives back what is left of the payment) is shipping, then the
 * cash-on-delivery fee. Whatever the amount, the note's parts add up to it exactly.
 */
export function refundSource(order: OrderCharges, units: Map<number, number>, amount: number): DocumentSource {
  const lines = order.lines
    .filter((l) => (units.get(l.id) ?? 0) > 0)
    .map(({ id, ...l }) => ({ ...l, quantity: Math.min(l.quantity, units.get(id)!) }));
  const merchandise = lines.reduce((a, l) => a + l.unitPrice * l.quantity, 0);
  const subtotal = order.lines.reduce((a, l) => a + l.unitPrice * l.quantity, 0);
  const share = subtotal > 0 ? Math.floor((2 * order.discount * merchandise + subtotal) / (2 * subtotal)) : 0;
  const beyond = amount - (merchandise - share);
  if (beyond <= 0) return { lines, discount: merchandise - amount, shipping: 0, paymentFee: 0, total: amount };
  const shipping = Math.min(beyond, order.shipping);
  const paymentFee = Math.min(beyond - shipping, order.paymentFee);
  const discount = share - (beyond - shipping - paymentFee);
  if (discount < 0)
    throw new Error(
      `refundSource: ${amount} is more than the returned units, shipping and fee (${merchandise + order.shipping + order.paymentFee})`,
    );
  return { lines, discount, shipping, paymentFee, total: amount };
}
