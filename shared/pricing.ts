import { FREE_SHIPPING_THRESHOLD, IVA_RATE, SHIPPING_FEE } from './shop.js';

export interface PricingInput {
  /** `discountable: false` for lines a code does not cover (codes limited to some categories); default true. */
  lines: { unitPrice: number; quantity: number; discountable?: boolean }[];
  /** Whole percent (e.g. 15) or null when no code applies. */
  discountPercent: number | null;
  /** Shipping rule; the shop's default (shop.ts) when omitted. */
  shipping?: ShippingRule;
  /** Fee of the payment method the shopper chose (cash on delivery), added to the total; default 0. */
  paymentFee?: number;
}

/** Flat fee below a merchandise threshold (after discount), free from it. */
export interface ShippingRule {
  fee: number;
  freeFrom: number;
}

export const DEFAULT_SHIPPING_RULE: ShippingRule = { fee: SHIPPING_FEE, freeFrom: FREE_SHIPPING_THRESHOLD };

export interface PricingResult {
  subtotal: number;
  discount: number;
  shipping: number;
  paymentFee: number;
  ivaIncluded: number;
  total: number;
  itemCount: number;
}

/** Integer round half up for non-negative numerators: round(n / d). */
function divRoundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/**
 * Prices a cart. Integer COP only; prices already include IVA.
 * Pure: the single source of every figure the shopper and the order see.
 */
export function priceCart({
  lines,
  discountPercent,
  shipping: rule = DEFAULT_SHIPPING_RULE,
  paymentFee: fee = 0,
}: PricingInput): PricingResult {
  let subtotal = 0;
  let discountable = 0;
  let itemCount = 0;
  for (const line of lines) {
    subtotal += line.unitPrice * line.quantity;
    if (line.discountable !== false) discountable += line.unitPrice * line.quantity;
    itemCount += line.quantity;
  }
  const percent = discountPercent && discountPercent > 0 ? Math.min(discountPercent, 100) : 0;
  // discountable subtotal × percent / 100, rounded half up, in integer arithmetic (no float drift).
  const discount = percent ? divRoundHalfUp(discountable * percent, 100) : 0;
  const merchandise = subtotal - discount;
  const shipping = merchandise > 0 && merchandise < rule.freeFrom ? rule.fee : 0;
  // A payment fee is charged only on an order with merchandise.
  const paymentFee = merchandise > 0 ? fee : 0;
  const total = merchandise + shipping + paymentFee;
  const ivaIncluded = total - Math.round(total / (1 + IVA_RATE));
  return { subtotal, discount, shipping, paymentFee, ivaIncluded, total, itemCount };
}
