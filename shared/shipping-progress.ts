/**
 * What the cart tells a shopper about shipping, from the server's quote alone (it decided the fee and
 * says from which amount shipping is free; staff may change that threshold): how much is missing for
 * free shipping, or why shipping came back.
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

export interface QuoteFigures {
  subtotal: number;
  discount: number;
  shipping: number;
  itemCount: number;
  /** Merchandise (after discount) from which shipping is free. */
  freeShippingFrom: number;
}

export function shippingProgress(quote: QuoteFigures): ShippingProgress {
  const merchandise = quote.subtotal - quote.discount;
  const threshold = quote.freeShippingFrom;
  if (quote.itemCount === 0 || merchandise <= 0) return { kind: 'none' };
  if (quote.shipping === 0) return { kind: 'free' };
  const missing = threshold - merchandise;
  if (missing <= 0) return { kind: 'none' };
  if (quote.discount > 0 && quote.subtotal >= threshold)
    return { kind: 'lostByDiscount', missing, threshold, merchandise };
  return { kind: 'missing', missing, threshold };
}
