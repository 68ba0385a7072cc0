import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestShop, type TestShop } from '../setup/test-shop.js';
import { CartQuoteDocument } from '../../client/src/features/cart/cart.generated.js';
import type { CartLineInput } from '../../client/src/gql/types.js';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop?.close());

// The cart's own quote: what the app sends is what is tested.
const QUOTE = CartQuoteDocument;

type Line = { productId: string; sizeId: string; quantity: number };

async function quote(lines: Line[], discountCode?: string | null) {
  const input = {
    lines: lines.map(({ productId, sizeId, quantity }) => ({ productId, sizeId, quantity })),
    discountCode,
  };
  const res = await shop.gql(QUOTE, { input });
  expect(res.errors).toBeUndefined();
  return res.data!.cartQuote;
}

/** A size with at least `min` units, picked from the database (no dependence on seed numbers). */
async function variant(min = 5, skip = 0): Promise<Line & { price: number; stock: number }> {
  const rows: Array<{ product_id: number; size_id: number; price: number; stock: number }> = await shop.ds.query(
    `SELECT p.id AS product_id, s.id AS size_id, p.price, s.stock FROM product_size s JOIN product p ON p.id = s.product_id
      WHERE p.active AND s.stock >= $1 ORDER BY p.id, s.id OFFSET $2 LIMIT 1`,
    [min, skip],
  );
  const r = rows[0]!;
  return { productId: String(r.product_id), sizeId: String(r.size_id), quantity: 1, price: r.price, stock: r.stock };
}

describe('cartQuote', () => {
  it('prices lines on the server: unit price × quantity, shipping below 150.000, IVA included', async () => {
    const a = await variant(3);
    const q = await quote([{ productId: a.productId, sizeId: a.sizeId, quantity: 2 }]);
    expect(q.subtotal).toBe(a.price * 2);
    expect(q.itemCount).toBe(2);
    expect(q.lines[0]).toMatchObject({ unitPrice: a.price, lineTotal: a.price * 2, problem: null });
    expect(q.lines[0]!.product!.id).toBe(a.productId);
    expect(q.lines[0]!.sizeLabel).toMatch(/^(XS|[SML]|XL)$/);
    const shipping = q.subtotal < 150_000 ? 16_500 : 0;
    expect(q.shipping).toBe(shipping);
    expect(q.total).toBe(q.subtotal + shipping);
    expect(q.ivaIncluded).toBe(q.total - Math.round(q.total / 1.19));
    expect(q.hasProblems).toBe(false);
  });

  it('makes shipping free from 150.000 and merges duplicate lines', async () => {
    const a = await variant(10);
    const units = Math.ceil(150_000 / a.price);
    const half = Math.floor(units / 2);
    const q = await quote([
      { productId: a.productId, sizeId: a.sizeId, quantity: half },
      { productId: a.productId, sizeId: a.sizeId, quantity: units - half },
    ]);
    expect(q.lines).toHaveLength(1);
    expect(q.lines[0]!.quantity).toBe(units);
    expect(q.subtotal).toBe(a.price * units);
    expect(q.subtotal).toBeGreaterThanOrEqual(150_000);
    expect(q.shipping).toBe(0);
    expect(q.total).toBe(q.subtotal);
  });

  it('returns zeros for an empty cart', async () => {
    const q = await quote([]);
    expect(q).toMatchObject({
      itemCount: 0,
      subtotal: 0,
      discount: 0,
      shipping: 0,
      total: 0,
      ivaIncluded: 0,
      lines: [],
      hasProblems: false,
      discountCodeInvalid: false,
    });
  });

  it('applies a valid code case-insensitively, rounded half up, before the shipping threshold', async () => {
    const a = await variant(3);
    const upper = await quote([{ ...a, quantity: 3 }], 'ENZO15');
    expect(upper.appliedDiscount).toEqual({ code: 'ENZO15', percent: 15 });
    expect(upper.discountCodeInvalid).toBe(false);
    expect(upper.discount).toBe(Math.floor((a.price * 3 * 15 + 50) / 100));
    const merchandise = upper.subtotal - upper.discount;
    expect(upper.shipping).toBe(merchandise < 150_000 ? 16_500 : 0);
    expect(upper.total).toBe(merchandise + upper.shipping);
    const lower = await quote([{ ...a, quantity: 3 }], '  enzo15 ');
    expect(lower.appliedDiscount).toEqual({ code: 'ENZO15', percent: 15 });
    expect(lower.total).toBe(upper.total);
  });

  it('flags unknown, expired, inactive and exhausted codes as invalid', async () => {
    const a = await variant(1);
    await shop.ds.query(
      `INSERT INTO discount_code (code, percent, valid_until) VALUES ('VENCIDO20', 20, now() - interval '1 day')`,
    );
    await shop.ds.query(
      `INSERT INTO discount_code (code, percent, valid_from) VALUES ('FUTURO20', 20, now() + interval '1 day')`,
    );
    await shop.ds.query(`INSERT INTO discount_code (code, percent, usage_limit, uses) VALUES ('AGOTADO20', 20, 3, 3)`);
    await shop.ds.query(`INSERT INTO discount_code (code, percent, active) VALUES ('INACTIVO20', 20, false)`);
    await shop.ds.query(`INSERT INTO discount_code (code, percent, usage_limit, uses) VALUES ('QUEDAUNO20', 20, 3, 2)`);
    for (const code of ['NOEXISTE', 'vencido20', 'FUTURO20', 'AGOTADO20', 'INACTIVO20']) {
      const q = await quote([a], code);
      expect(q.discountCodeInvalid, code).toBe(true);
      expect(q.appliedDiscount).toBeNull();
      expect(q.discount).toBe(0);
    }
    const ok = await quote([a], 'quedauno20');
    expect(ok.discountCodeInvalid).toBe(false);
    expect(ok.appliedDiscount).toEqual({ code: 'QUEDAUNO20', percent: 20 });
    const none = await quote([a], '');
    expect(none.discountCodeInvalid).toBe(false);
  });

  it('reports sold-out and insufficient stock in Spanish, leaves them out of the totals but keeps their unit price and what can be bought', async () => {
    const ok = await variant(2, 0);
    const soldOut = await variant(2, 7);
    const scarce = await variant(2, 14);
    await shop.ds.query(`UPDATE product_size SET stock = 0 WHERE id = $1`, [Number(soldOut.sizeId)]);
    await shop.ds.query(`UPDATE product_size SET stock = 2 WHERE id = $1`, [Number(scarce.sizeId)]);
    const q = await quote([ok, soldOut, { ...scarce, quantity: 5 }]);
    expect(q.hasProblems).toBe(true);
    expect(q.lines[1]!.problem).toEqual({ kind: 'SOLD_OUT', available: 0, message: 'Agotado' });
    expect(q.lines[1]!.lineTotal).toBe(0);
    expect(q.lines[2]!.problem).toEqual({
      kind: 'INSUFFICIENT_STOCK',
      available: 2,
      message: 'Solo quedan 2 unidades',
    });
    expect(q.lines[2]!.lineTotal).toBe(0);
    expect(q.subtotal).toBe(ok.price);
    expect(q.itemCount).toBe(1);
    // The shopper still sees what a unit costs and how many can be bought (no `$ 0` lines).
    expect(q.lines.map((l) => l.unitPrice)).toEqual([ok.price, soldOut.price, scarce.price]);
    expect(q.lines.map((l) => l.maxQuantity)).toEqual([Math.min(ok.stock, 99), 0, 2]);
  });

  it('reports unknown ids, mismatched sizes, inactive products and bad quantities without failing', async () => {
    const a = await variant(2, 0);
    const b = await variant(2, 20);
    const inactive = await variant(2, 30);
    await shop.ds.query(`UPDATE product SET active = false WHERE id = $1`, [Number(inactive.productId)]);
    const q = await quote([
      { productId: '999999', sizeId: '999999', quantity: 1 },
      { productId: 'abc', sizeId: 'x', quantity: 1 },
      { productId: a.productId, sizeId: b.sizeId, quantity: 1 },
      { productId: inactive.productId, sizeId: inactive.sizeId, quantity: 1 },
      { productId: a.productId, sizeId: a.sizeId, quantity: 0 },
      { productId: b.productId, sizeId: b.sizeId, quantity: 120 },
    ]);
    expect(q.lines.map((l) => l.problem?.kind)).toEqual([
      'UNAVAILABLE',
      'UNAVAILABLE',
      'UNAVAILABLE',
      'UNAVAILABLE',
      'INVALID_QUANTITY',
      'INVALID_QUANTITY',
    ]);
    expect(q.lines[0]!.problem!.message).toBe('Este producto ya no está disponible');
    expect(q.lines[0]!.product).toBeNull();
    expect(q.lines[4]!.problem!.message).toBe('Cantidad no válida');
    expect(q.total).toBe(0);
    expect(q.shipping).toBe(0);
  });

  it('never accepts a price from the client', async () => {
    const a = await variant(1);
    // A price field the input type does not have: only a cast gets it past the type checker, as only a forged request would.
    const forged = [{ productId: a.productId, sizeId: a.sizeId, quantity: 1, price: 1 }] as unknown as CartLineInput[];
    const res = await shop.gql(QUOTE, { input: { lines: forged } });
    expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(res.data).toBeUndefined();
    const inline = await shop.gql(
      // untyped-document: the schema rejects this forged document, so codegen cannot read it.
      `{ cartQuote(input: { lines: [{ productId: "${a.productId}", sizeId: "${a.sizeId}", quantity: 1, unitPrice: 1 }] }) { total } }`,
    );
    expect(inline.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('rejects more than 50 lines', async () => {
    const lines = Array.from({ length: 51 }, (_, i) => ({
      productId: String(900_000 + i),
      sizeId: String(900_000 + i),
      quantity: 1,
    }));
    const res = await shop.gql(QUOTE, { input: { lines } });
    expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('runs a constant number of SQL statements whatever the number of lines', async () => {
    const rows: Array<{ product_id: number; size_id: number }> = await shop.ds.query(
      `SELECT product_id, id AS size_id FROM product_size WHERE stock > 0 ORDER BY id LIMIT 20`,
    );
    const lines = rows.map((r) => ({ productId: String(r.product_id), sizeId: String(r.size_id), quantity: 1 }));
    const spy = vi.spyOn(shop.ds, 'createQueryRunner');
    await shop.services.cart.quote({ lines: lines.slice(0, 1), discountCode: 'ENZO15' });
    const one = spy.mock.calls.length;
    spy.mockClear();
    await shop.services.cart.quote({ lines, discountCode: 'ENZO15' });
    expect(spy.mock.calls.length).toBe(one);
    expect(one).toBeLessThanOrEqual(2);
    spy.mockRestore();
  });
});
