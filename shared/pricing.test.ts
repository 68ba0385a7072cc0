import { describe, expect, it } from 'vitest';
import { FREE_SHIPPING_THRESHOLD, SHIPPING_FEE } from './shop.js';
import { priceCart } from './pricing.js';

describe('priceCart', () => {
  it('multiplies unit price by quantity and counts items', () => {
    const r = priceCart({
      lines: [
        { unitPrice: 45_000, quantity: 2 },
        { unitPrice: 30_000, quantity: 1 },
      ],
      discountPercent: null,
    });
    expect(r.subtotal).toBe(120_000);
    expect(r.itemCount).toBe(3);
    expect(r.discount).toBe(0);
    expect(r.shipping).toBe(SHIPPING_FEE);
    expect(r.total).toBe(120_000 + SHIPPING_FEE);
  });

  it('discounts only the lines a code covers (codes limited to some categories)', () => {
    const r = priceCart({
      lines: [
        { unitPrice: 40_000, quantity: 2, discountable: true },
        { unitPrice: 90_000, quantity: 1, discountable: false },
      ],
      discountPercent: 15,
    });
    expect(r.subtotal).toBe(170_000);
    expect(r.discount).toBe(12_000);
    expect(r.shipping).toBe(0);
    expect(r.total).toBe(158_000);
  });

  it('charges shipping at 149.999 and not at 150.000 (without discount)', () => {
    expect(priceCart({ lines: [{ unitPrice: 149_999, quantity: 1 }], discountPercent: null }).shipping).toBe(16_500);
    const free = priceCart({ lines: [{ unitPrice: 150_000, quantity: 1 }], discountPercent: null });
    expect(free.shipping).toBe(0);
    expect(free.total).toBe(FREE_SHIPPING_THRESHOLD);
  });

  it('applies the threshold after the discount', () => {
    // 200.000 − 25 % = 150.000 → free.
    const atThreshold = priceCart({ lines: [{ unitPrice: 100_000, quantity: 2 }], discountPercent: 25 });
    expect(atThreshold.discount).toBe(50_000);
    expect(atThreshold.shipping).toBe(0);
    expect(atThreshold.total).toBe(150_000);
    // 176.469 − 15 % = 176.469 − 26.470 (26.470,35 rounded) = 149.999 → pays shipping.
    const below = priceCart({ lines: [{ unitPrice: 176_469, quantity: 1 }], discountPercent: 15 });
    expect(below.discount).toBe(26_470);
    expect(below.subtotal - below.discount).toBe(149_999);
    expect(below.shipping).toBe(SHIPPING_FEE);
    expect(below.total).toBe(149_999 + SHIPPING_FEE);
    // Above the threshold before the discount but not after it.
    expect(priceCart({ lines: [{ unitPrice: 160_000, quantity: 1 }], discountPercent: 10 }).shipping).toBe(
      SHIPPING_FEE,
    );
  });

  it('rounds the discount half up to whole pesos', () => {
    // 45.005 × 10 % = 4.500,5 → 4.501
    expect(priceCart({ lines: [{ unitPrice: 45_005, quantity: 1 }], discountPercent: 10 }).discount).toBe(4_501);
    // 45.004 × 10 % = 4.500,4 → 4.500
    expect(priceCart({ lines: [{ unitPrice: 45_004, quantity: 1 }], discountPercent: 10 }).discount).toBe(4_500);
    // 33.333 × 15 % = 4.999,95 → 5.000
    expect(priceCart({ lines: [{ unitPrice: 33_333, quantity: 1 }], discountPercent: 15 }).discount).toBe(5_000);
  });

  it('includes IVA at 19 % inside the total', () => {
    const r = priceCart({ lines: [{ unitPrice: 119_000, quantity: 1 }], discountPercent: null });
    expect(r.total).toBe(135_500);
    expect(r.ivaIncluded).toBe(135_500 - Math.round(135_500 / 1.19));
    const exact = priceCart({ lines: [{ unitPrice: 238_000, quantity: 1 }], discountPercent: null });
    expect(exact.ivaIncluded).toBe(38_000);
  });

  it('prices an empty cart at zero without shipping', () => {
    expect(priceCart({ lines: [], discountPercent: null })).toEqual({
      subtotal: 0,
      discount: 0,
      shipping: 0,
      paymentFee: 0,
      ivaIncluded: 0,
      total: 0,
      itemCount: 0,
    });
    expect(priceCart({ lines: [], discountPercent: 15 }).shipping).toBe(0);
  });

  it('returns only integers', () => {
    const r = priceCart({ lines: [{ unitPrice: 47_333, quantity: 3 }], discountPercent: 15 });
    for (const v of Object.values(r)) expect(Number.isInteger(v)).toBe(true);
  });
});
