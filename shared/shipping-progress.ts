import { DEFAULT_SHIPPING_RULE, type ShippingRule } from './pricing.js';

/**
 * What the cart tells a shopper about shipping, from the server's quote (which decided the fee) and
 * the shop's threshold: how much is missing for free shipping, or why shipping came back.
 */
export type ShippingProgress =
  /** No merchandise: nothing to say. */
  | { kind: 'none' }
  /** Shipping is free. */
  | { kind: 'free' }
  /** `missing` more pesos of merchandise make shipping free. */
  | { kind: 'missing'; missing: number; threshold: number }
  /** The products reach the threshold but the discount brings them under it: shipping is charged again. */
  | { kind: 'lostByDiscount'; missing: number; threshold: number; merchandise: number };

export function shippingProgress(quote: { subtotal: number; discount: number; shipping: number; itemCount: number }, rule: ShippingRule = DEFAULT_SHIPPING_RULE): ShippingProgress {
  const merchandise = quote.subtotal - quote.discount;
  if (quote.itemCount === 0 || merchandise <= 0) return { kind: 'none' };
  if (quote.shipping === 0) return { kind: 'free' };
  const missing = rule.freeFrom - merchandise;
  if (missing <= 0) return { kind: 'none' };
  if (quote.discount > 0 && quote.subtotal >= rule.freeFrom) return { kind: 'lostByDiscount', missing, threshold: rule.freeFrom, merchandise };
  return { kind: 'missing', missing, threshold: rule.freeFrom };
}
