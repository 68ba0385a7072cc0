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
  // 2 × 45.000 + 1 × 30.000 = 120.000, 10 % off = 12.000 (9.000 + 3.000), shipping 16.500 → paid 124.500.
  const order = {
    shipping: 16_500,
    paymentFee: 0,
    total: 124_500,
    lines: [
      { id: 1, lineTotal: 90_000, discount: 9_000, quantity: 2 },
      { id: 2, lineTotal: 30_000, discount: 3_000, quantity: 1 },
    ],
  };
  const none = new Map<number, number>();

  it('gives back each unit less its share of the discount', () => {
    expect(refundFor(order, new Map([[1, 1]]), none, 0)).toBe(40_500);
    expect(refundFor(order, new Map([[2, 1]]), none, 0)).toBe(27_000);
  });

  it('makes the last return settle exactly what was paid, shipping included', () => {
    const first = refundFor(order, new Map([[1, 1]]), none, 0);
    const second = refundFor(order, new Map([[2, 1]]), new Map([[1, 1]]), first);
    const last = refundFor(
      order,
      new Map([[1, 1]]),
      new Map([
        [1, 1],
        [2, 1],
      ]),
      first + second,
    );
    expect(first + second + last).toBe(124_500);
    expect(last).toBe(124_500 - 40_500 - 27_000);
    expect(
      refundFor(
        order,
        new Map([
          [1, 2],
          [2, 1],
        ]),
        none,
        0,
      ),
    ).toBe(124_500);
  });

  it('never gives back more than the units bought paid, nor more than is left of the total', () => {
    // Three of a line bought once are priced as the one unit there is.
    expect(refundFor(order, new Map([[2, 3]]), none, 0)).toBe(27_000);
    // Shipping only once: a second "completing" request after a rejection gets what is left at most.
    expect(
      refundFor(
        order,
        new Map([[1, 1]]),
        new Map([
          [1, 1],
          [2, 1],
        ]),
        124_500 - 40_500,
      ),
    ).toBe(40_500);
    expect(refundFor(order, new Map([[1, 2]]), none, 124_500)).toBe(0);
  });

  it('spreads remainders over units so they add up to the line', () => {
    // 3 units that paid 89.999 in all: 30.000 + 29.999 + 29.999.
    const odd = {
      shipping: 0,
      paymentFee: 0,
      total: 89_999,
      lines: [{ id: 1, lineTotal: 99_999, discount: 10_000, quantity: 3 }],
    };
    expect(refundFor(odd, new Map([[1, 1]]), none, 0)).toBe(30_000);
    expect(refundFor(odd, new Map([[1, 2]]), new Map([[1, 1]]), 30_000)).toBe(59_999);
  });
});
