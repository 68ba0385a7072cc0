import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestShop, type TestShop } from '../setup/test-shop.js';

/**
 * One source for the shop's rules: with other shipping constants in `#shared/shop.js`, the server's quote,
 * its settings and the orders it places follow them (the client's side: client/src/features/cart/shop-rules.test.tsx).
 */
vi.mock('#shared/shop.js', async (importOriginal) => ({ ...(await importOriginal<typeof import('#shared/shop.js')>()), FREE_SHIPPING_THRESHOLD: 90_000, SHIPPING_FEE: 9_900 }));

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop?.close());

const QUOTE = `query($input: CartQuoteInput!) { cartQuote(input: $input) { subtotal shipping total } shopSettings { freeShippingThreshold shippingFee } }`;

/** A size whose one unit is under 90.000 and two units between 90.000 and 150.000 (free only with the mocked rule). */
async function variantBetweenRules() {
  const [row] = await shop.ds.query(
    `SELECT p.id AS "productId", s.id AS "sizeId", p.price FROM product p JOIN product_size s ON s.product_id = p.id WHERE p.active AND s.stock >= 3 AND p.price BETWEEN 45000 AND 74999 ORDER BY p.id LIMIT 1`,
  );
  return row as { productId: number; sizeId: number; price: number };
}

describe('shop rules from #shared/shop.js', () => {
  it('prices shipping with the mocked fee and threshold', async () => {
    const v = await variantBetweenRules();
    const one = await shop.gql<{ cartQuote: { subtotal: number; shipping: number; total: number }; shopSettings: { freeShippingThreshold: number; shippingFee: number } }>(QUOTE, {
      input: { lines: [{ productId: String(v.productId), sizeId: String(v.sizeId), quantity: 1 }] },
    });
    expect(one.data!.shopSettings).toEqual({ freeShippingThreshold: 90_000, shippingFee: 9_900 });
    expect(one.data!.cartQuote).toEqual({ subtotal: v.price, shipping: 9_900, total: v.price + 9_900 });

    const quantity = 2;
    const many = await shop.gql<{ cartQuote: { subtotal: number; shipping: number } }>(QUOTE, {
      input: { lines: [{ productId: String(v.productId), sizeId: String(v.sizeId), quantity }] },
    });
    expect(many.data!.cartQuote.subtotal).toBeGreaterThanOrEqual(90_000);
    expect(many.data!.cartQuote.subtotal).toBeLessThan(150_000);
    expect(many.data!.cartQuote.shipping).toBe(0);
  });
});
