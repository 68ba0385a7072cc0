import { describe, expect, it } from 'vitest';
import { priceCart } from './pricing.js';
import { shippingProgress } from './shipping-progress.js';
import { FREE_SHIPPING_THRESHOLD } from './shop.js';

const quote = (unitPrice: number, quantity: number, percent: number | null = null) => priceCart({ lines: [{ unitPrice, quantity }], discountPercent: percent });

describe('shippingProgress', () => {
  it('says how much is missing for free shipping', () => {
    expect(shippingProgress(quote(138_000, 1))).toEqual({ kind: 'missing', missing: 12_000, threshold: FREE_SHIPPING_THRESHOLD });
  });

  it('says shipping is free from the threshold', () => {
    expect(shippingProgress(quote(75_000, 2))).toEqual({ kind: 'free' });
  });

  it('explains that a discount brought the products under the threshold', () => {
    expect(shippingProgress(quote(80_000, 2, 15))).toEqual({ kind: 'lostByDiscount', missing: 14_000, threshold: FREE_SHIPPING_THRESHOLD, merchandise: 136_000 });
  });

  it('says nothing for an empty cart', () => {
    expect(shippingProgress(priceCart({ lines: [], discountPercent: null }))).toEqual({ kind: 'none' });
  });
});
