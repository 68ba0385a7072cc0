import { describe, expect, it } from 'vitest';
import { refundDueAt, refundFor, retractoDeadline, warrantyDeadline } from './return-rules.js';

describe('retracto and refund terms (Ley 1480)', () => {
  it('gives five business days after delivery, skipping the Monday holiday', () => {
    // Delivered Friday 13 Nov 2026 at 4 p.m. Bogotá; Monday 16 is a holiday → last day Monday 23.
    expect(retractoDeadline(new Date('2026-11-13T21:00:00Z')).toISOString()).toBe('2026-11-24T04:59:59.999Z');
    // Delivered late on Thursday 12 Nov (Bogotá), already Friday in UTC: the Bogotá day counts → 13, 17, 18, 19, 20.
    expect(retractoDeadline(new Date('2026-11-13T03:30:00Z')).toISOString()).toBe('2026-11-21T04:59:59.999Z');
  });

  it('runs the warranty twelve months from delivery', () => {
    expect(warrantyDeadline(new Date('2026-11-13T21:00:00Z')).toISOString()).toBe('2027-11-14T04:59:59.999Z');
  });

  it('owes a retracto refund within 30 calendar days and a reversal within 15 business days', () => {
    expect(refundDueAt('RETRACTO', new Date('2026-11-20T15:00:00Z')).toISOString()).toBe('2026-12-21T04:59:59.999Z');
    // 15 business days from Tuesday 1 Dec 2026 (8 Dec is a holiday) → Wednesday 23 Dec.
    expect(refundDueAt('REVERSION', new Date('2026-12-01T15:00:00Z')).toISOString()).toBe('2026-12-24T04:59:59.999Z');
  });
});

describe('partial returns', () => {
  // 2 × 45.000 + 1 × 30.000 = 120.000, 10 % off = 12.000, shipping 16.500 → paid 124.500.
  const order = {
    subtotal: 120_000,
    discount: 12_000,
    shipping: 16_500,
    total: 124_500,
    lines: [
      { id: 1, unitPrice: 45_000, quantity: 2 },
      { id: 2, unitPrice: 30_000, quantity: 1 },
    ],
  };

  it('gives back each unit less its share of the discount', () => {
    expect(refundFor(order, new Map([[1, 1]]), { refunded: 0, units: 0 })).toBe(40_500);
    expect(refundFor(order, new Map([[2, 1]]), { refunded: 0, units: 0 })).toBe(27_000);
  });

  it('makes the last return settle exactly what was paid, shipping included', () => {
    const first = refundFor(order, new Map([[1, 1]]), { refunded: 0, units: 0 });
    const second = refundFor(order, new Map([[2, 1]]), { refunded: first, units: 1 });
    const last = refundFor(order, new Map([[1, 1]]), { refunded: first + second, units: 2 });
    expect(first + second + last).toBe(124_500);
    expect(last).toBe(124_500 - 40_500 - 27_000);
    expect(
      refundFor(
        order,
        new Map([
          [1, 2],
          [2, 1],
        ]),
        { refunded: 0, units: 0 },
      ),
    ).toBe(124_500);
  });

  it('rounds the discount share half up', () => {
    // 1 × 33.333 of 99.999 with 10.000 off: share 3.333,3 → 3.333.
    const odd = {
      subtotal: 99_999,
      discount: 10_000,
      shipping: 0,
      total: 89_999,
      lines: [{ id: 1, unitPrice: 33_333, quantity: 3 }],
    };
    expect(refundFor(odd, new Map([[1, 1]]), { refunded: 0, units: 0 })).toBe(30_000);
  });
});
