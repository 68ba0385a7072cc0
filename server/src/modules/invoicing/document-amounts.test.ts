import { describe, expect, it } from 'vitest';
import { priceCart, type PricingInput } from '#shared/pricing.js';
import { documentAmounts, money, shareOut, type DocumentAmounts, type DocumentSource } from './document-amounts.js';
import { refundSource } from './document-sources.js';

/** An order priced by the shop's own rule (shared/pricing.ts), as its invoice reads it. */
function order(input: PricingInput & { names?: string[] }): DocumentSource {
  const priced = priceCart(input);
  return {
    lines: input.lines.map((l, i) => ({
      description: input.names?.[i] ?? `Producto ${i + 1}`,
      code: `P${i + 1}`,
      unitPrice: l.unitPrice,
      quantity: l.quantity,
      discountable: l.discountable !== false,
    })),
    discount: priced.discount,
    shipping: priced.shipping,
    paymentFee: priced.paymentFee,
    total: priced.total,
  };
}

/** Every identity the DIAN checks on a document, and the total to the peso. */
function expectExact(a: DocumentAmounts, total: number) {
  for (const l of a.lines) {
    expect(l.gross).toBe(l.quantity * l.unitPrice);
    expect(l.base).toBe(l.gross - l.allowance);
    expect(l.allowance).toBeGreaterThanOrEqual(0);
    // IVA of each line: base × 19 %, rounded half up to the cent.
    expect(l.tax).toBe(Math.floor((2 * l.base * a.taxPercent + 100) / 200));
  }
  expect(a.lineExtension).toBe(a.lines.reduce((s, l) => s + l.base, 0));
  expect(a.tax).toBe(a.lines.reduce((s, l) => s + l.tax, 0));
  expect(a.taxInclusive).toBe(a.lineExtension + a.tax);
  expect(a.payable).toBe(total * 100);
  expect(a.taxInclusive + a.rounding).toBe(a.payable);
  // Rounding each line's price and tax to the cent never leaves more than a few cents per unit.
  const units = a.lines.reduce((s, l) => s + l.quantity, 0);
  expect(Math.abs(a.rounding)).toBeLessThanOrEqual(units + a.lines.length);
}

describe('document amounts: totals to the peso for every order shape', () => {
  it('one product under the free-shipping threshold: the product and shipping, IVA 19 % on each', () => {
    const source = order({ lines: [{ unitPrice: 45_000, quantity: 1 }], discountPercent: null });
    expect(source.total).toBe(61_500);
    const a = documentAmounts(source);
    expectExact(a, 61_500);
    expect(a.lines.map((l) => [l.description, money(l.unitPrice), money(l.base), money(l.tax)])).toEqual([
      ['Producto 1', '37815.13', '37815.13', '7184.87'],
      ['Envío', '13865.55', '13865.55', '2634.45'],
    ]);
    expect(a.rounding).toBe(0);
  });

  it('several lines with a discount code and free shipping: the discount as allowances on the lines', () => {
    const source = order({
      lines: [
        { unitPrice: 89_900, quantity: 2 },
        { unitPrice: 45_000, quantity: 1 },
        { unitPrice: 32_500, quantity: 3 },
      ],
      discountPercent: 15,
    });
    expect(source.shipping).toBe(0);
    const a = documentAmounts(source);
    expectExact(a, source.total);
    expect(a.lines).toHaveLength(3);
    expect(a.lines.every((l) => l.allowance > 0)).toBe(true);
    // The allowances are the discount without IVA.
    expect(Math.abs(a.allowances - Math.round((source.discount * 100) / 1.19))).toBeLessThanOrEqual(3);
  });

  it('a code limited to one category discounts only the lines it covers', () => {
    const source = order({
      lines: [
        { unitPrice: 60_000, quantity: 1, discountable: true },
        { unitPrice: 40_000, quantity: 2, discountable: false },
      ],
      discountPercent: 10,
    });
    expect(source.discount).toBe(6_000);
    const a = documentAmounts(source);
    expectExact(a, source.total);
    expect(a.lines[0]!.allowance).toBeGreaterThan(0);
    expect(a.lines[1]!.allowance).toBe(0);
  });

  it('cash on delivery: shipping and the fee are lines of their own', () => {
    const source = order({ lines: [{ unitPrice: 39_900, quantity: 2 }], discountPercent: null, paymentFee: 5_000 });
    expect(source.total).toBe(39_900 * 2 + 16_500 + 5_000);
    const a = documentAmounts(source);
    expectExact(a, source.total);
    expect(a.lines.map((l) => l.code)).toEqual(['P1', 'ENVIO', 'RECARGO-CONTRAENTREGA']);
  });

  it('many units of an awkward price: rounding per line is absorbed to the peso', () => {
    const source = order({
      lines: [
        { unitPrice: 33_333, quantity: 10 },
        { unitPrice: 1_001, quantity: 7 },
        { unitPrice: 17, quantity: 3 },
      ],
      discountPercent: 15,
    });
    const a = documentAmounts(source);
    expectExact(a, source.total);
  });

  it('exactly at the free-shipping threshold after the discount, and a 100 % code', () => {
    const atThreshold = order({ lines: [{ unitPrice: 150_000, quantity: 1 }], discountPercent: null });
    expect(atThreshold.shipping).toBe(0);
    expectExact(documentAmounts(atThreshold), 150_000);
    const free = order({ lines: [{ unitPrice: 25_000, quantity: 2 }], discountPercent: 100 });
    const a = documentAmounts(free);
    expectExact(a, free.total);
    expect(a.lines[0]!.base).toBe(0);
  });

  it('an issuer not responsible for IVA states no tax', () => {
    const source = order({ lines: [{ unitPrice: 45_000, quantity: 1 }], discountPercent: null });
    const a = documentAmounts(source, 0);
    expectExact(a, source.total);
    expect(a.tax).toBe(0);
    expect(a.lineExtension).toBe(source.total * 100);
  });

  it('refuses a source whose parts do not add up to its total', () => {
    const source = order({ lines: [{ unitPrice: 45_000, quantity: 1 }], discountPercent: null });
    expect(() => documentAmounts({ ...source, total: source.total + 1 })).toThrow(/≠ total/);
  });
});

describe('credit notes for a refund', () => {
  const paid = {
    lines: [
      { id: 11, description: 'Collar', code: 'C', unitPrice: 45_000, quantity: 2, discountable: true },
      { id: 12, description: 'Correa', code: 'L', unitPrice: 30_000, quantity: 1, discountable: true },
    ],
    discount: 12_000,
    shipping: 16_500,
    paymentFee: 0,
    total: 124_500,
  };

  it('credits the returned units only, less their share of the discount', () => {
    const source = refundSource(paid, new Map([[11, 1]]), 40_500);
    expect(source.lines).toEqual([expect.objectContaining({ description: 'Collar', quantity: 1 })]);
    expect(source.discount).toBe(4_500);
    expect(source.shipping).toBe(0);
    expectExact(documentAmounts(source), 40_500);
  });

  it('the refund that completes the order gives back shipping too', () => {
    const source = refundSource(
      paid,
      new Map([
        [11, 1],
        [12, 1],
      ]),
      124_500 - 40_500,
    );
    expect([source.discount, source.shipping]).toEqual([7_500, 16_500]);
    expectExact(documentAmounts(source), 84_000);
    expect(() => refundSource(paid, new Map([[12, 1]]), 200_000)).toThrow(/more than/);
  });

  it('shares whole pesos by largest remainder, adding up exactly', () => {
    expect(shareOut(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(shareOut(0, [5, 5])).toEqual([0, 0]);
    expect(shareOut(7, [0, 0])).toEqual([0, 0]);
    expect(shareOut(12_000, [90_000, 30_000])).toEqual([9_000, 3_000]);
  });
});
