import { describe, expect, it } from 'vitest';
import { formatCop, formatDecimal } from './money.js';

/** What ICU (Node's full ICU, as the server renders) writes, the way formatCop presents it. */
const icuCop = new Intl.NumberFormat('es-CO', {
  style: 'currency',
  currency: 'COP',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const icu = (value: number) => icuCop.format(value).replace(/[\u00a0\u202f]/g, ' ');
const icuOneDecimal = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 1 });

describe('formatCop without Intl', () => {
  it('writes what ICU writes for prices, totals, refunds and rounding cases', () => {
    const values = [
      0,
      1,
      9,
      10,
      99,
      999,
      1000,
      1001,
      9999,
      10_000,
      16_500,
      45_000,
      99_999,
      150_000,
      999_999,
      1_000_000,
      1_234_567,
      987_654_321,
      12_345_678_901,
      2 ** 53 - 1,
    ];
    const more = [
      0.4, 0.5, 1.5, 2.5, 12.5, 999.5, 1999.49, 1999.5, 150_000.5, -1, -999, -1000, -12_345, -16_500.5, -1_234_567,
    ];
    for (const v of [...values, ...more]) expect(formatCop(v), String(v)).toBe(icu(v));
    // A sweep across every grouping width.
    for (let v = 7; v < 1e15; v = v * 13 + 7) expect(formatCop(v), String(v)).toBe(icu(v));
  });

  it('never writes a minus before nothing', () => {
    // ICU writes "-$ 0" for -0 and for small negatives that round to zero; nothing owed is "$ 0".
    expect(formatCop(-0)).toBe('$ 0');
    expect(formatCop(-0.4)).toBe('$ 0');
  });

  it('leaves what is not a plain amount to ICU', () => {
    expect(formatCop(Number.NaN)).toBe(icu(Number.NaN));
    expect(formatCop(Number.POSITIVE_INFINITY)).toBe(icu(Number.POSITIVE_INFINITY));
    expect(formatCop(1e22)).toBe(icu(1e22));
  });
});

describe('formatDecimal without Intl', () => {
  it('writes what ICU writes with one decimal', () => {
    for (const v of [
      0, 1, 2.5, 12.25, 12.3, 32, 40, 45.5, 99.9, 99.95, 100, 999.9, 1000, 1234.5, 10_000, 123_456.7, -2.5, 0.05, 0.04,
    ]) {
      expect(formatDecimal(v, 1), String(v)).toBe(icuOneDecimal.format(v));
    }
  });

  it('writes whole numbers with no decimals, as staff type pesos', () => {
    for (const v of [0, 999, 16_500, 150_000, 1_234_567, 16_500.4])
      expect(formatDecimal(v, 0), String(v)).toBe(
        new Intl.NumberFormat('es-CO', { maximumFractionDigits: 0 }).format(v),
      );
  });

  it('drops trailing zeros and keeps more places when asked', () => {
    expect(formatDecimal(2.5, 2)).toBe('2,5');
    expect(formatDecimal(2.05, 2)).toBe(new Intl.NumberFormat('es-CO', { maximumFractionDigits: 2 }).format(2.05));
    expect(formatDecimal(3, 2)).toBe('3');
  });
});
