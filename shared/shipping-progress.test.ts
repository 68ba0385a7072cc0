import { describe, expect, it } from 'vitest';
import { priceCart, type ShippingRule } from './pricing.js';
import { shippingProgress } from './shipping-progress.js';

const RULE: ShippingRule = { fee: 16_500, freeFrom: 150_000 };
const quote = (unitPrice: number, quantity: number, percent: number | null = null, rule = RULE) => ({
  ...priceCart({ lines: [{ unitPrice, quantity }], discountPercent: percent, shipping: rule }),
  freeShippingFrom: rule.freeFrom,
});

describe('shippingProgress', () => {
  it('says how much is missing for free shipping', () => {
    expect(shippingProgress(quote(138_000, 1))).toEqual({ kind: 'missing', missing: 12_000, threshold: 150_000 });
  });

  it('says shipping is free from the threshold', () => {
    expect(shippingProgress(quote(75_000, 2))).toEqual({ kind: 'free' });
  });

  it('explains that a discount brought the products under the threshold', () => {
    expect(shippingProgress(quote(80_000, 2, 15))).toEqual({
      kind: 'lostByDiscount',
      missing: 14_000,
      threshold: 150_000,
      merchandise: 136_000,
    });
  });

  it('follows the threshold the server quotes (staff may change it)', () => {
    expect(shippingProgress(quote(80_000, 1, null, { fee: 9_900, freeFrom: 90_000 }))).toEqual({
      kind: 'missing',
      missing: 10_000,
      threshold: 90_000,
    });
  });

  it('says nothing for an empty cart', () => {
    expect(shippingProgress({ ...priceCart({ lines: [], discountPercent: null }), freeShippingFrom: 150_000 })).toEqual(
      { kind: 'none' },
    );
  });
});
