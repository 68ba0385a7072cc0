import { describe, expect, it } from 'vitest';
import { lineDiscountShares, paidForUnits, splitProportionally, unitPaidAmounts } from './paid-amounts.js';

describe('paid amounts', () => {
  it('splits an amount in proportion, whole pesos adding up exactly, ties to the earlier part', () => {
    expect(splitProportionally(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitProportionally(10, [0, 5, 0])).toEqual([0, 10, 0]);
    expect(splitProportionally(0, [3, 4])).toEqual([0, 0]);
    expect(splitProportionally(5, [0, 0])).toEqual([0, 0]);
    const big = splitProportionally(99_999_999, [987_654_321, 123_456_789, 1]);
    expect(big.reduce((a, b) => a + b, 0)).toBe(99_999_999);
  });

  it('gives the discount only to the lines the code covered', () => {
    // 15 % of 90.000 (two collars) with a leash the code did not cover.
    expect(
      lineDiscountShares(
        [
          { lineTotal: 60_000, discountable: true },
          { lineTotal: 30_000, discountable: false },
          { lineTotal: 30_000, discountable: true },
        ],
        13_500,
      ),
    ).toEqual([9_000, 0, 4_500]);
  });

  it('prices each unit so the units of a line add up to what it paid, whatever units are returned', () => {
    const line = { quantity: 3, lineTotal: 90_000, discount: 10_001 };
    expect(unitPaidAmounts(line)).toEqual([26_667, 26_666, 26_666]);
    expect(paidForUnits(line, 0, 3)).toBe(79_999);
    expect(paidForUnits(line, 1, 5)).toBe(53_332);
    // Returns that overlap after a rejection never pass the line: windows start where the others ended.
    expect(paidForUnits(line, 2, 1) + paidForUnits(line, 0, 2)).toBeLessThanOrEqual(79_999);
    expect(paidForUnits(line, 3, 1)).toBe(0);
  });
});
