import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { startTestShop, type TestShop } from '../setup/test-shop.js';
import { legacyStaffHeaders } from '../setup/staff-tokens.js';
import { graphql } from '../gql/index.js';

/**
 * One source for the shop's rules. `#shared/shop.js` holds what both sides compute with (the IVA rate
 * inside `priceCart`); mocking it moves the server's quote. Shipping fee and free-shipping threshold
 * live in the shipping settings staff edit (they started as the shop.js values): changing them moves
 * the quote and the `freeShippingFrom` the cart shows. The client half: client/src/features/cart/shop-rules.test.tsx.
 */
vi.mock('#shared/shop.js', async (importOriginal) => ({
  ...(await importOriginal<typeof import('#shared/shop.js')>()),
  IVA_RATE: 0.05,
}));

let shop: TestShop;
let staff: Record<string, string>;
beforeAll(async () => {
  shop = await startTestShop();
  staff = await legacyStaffHeaders(inject('authEmulatorHost'), 'reglas@enzo.test');
});
afterAll(() => shop?.close());

const QUOTE = graphql(`
  query QuoteShopRules($input: CartQuoteInput!) {
    cartQuote(input: $input) {
      subtotal
      shipping
      total
      ivaIncluded
      freeShippingFrom
    }
  }
`);
const SETTINGS = graphql(`
  mutation SaveShopRules($input: ShippingSettingsInput!) {
    staffSaveShippingSettings(input: $input) {
      __typename
    }
  }
`);

/** A size whose one unit is under 90.000 and two units between 90.000 and 150.000. */
async function variantBetweenRules() {
  const [row] = await shop.ds.query(
    `SELECT p.id AS "productId", s.id AS "sizeId", p.price FROM product p JOIN product_size s ON s.product_id = p.id WHERE p.active AND s.stock >= 3 AND p.price BETWEEN 45000 AND 74999 ORDER BY p.id LIMIT 1`,
  );
  return row as { productId: number; sizeId: number; price: number };
}

async function quote(v: { productId: number; sizeId: number }, quantity: number) {
  const res = await shop.gql(QUOTE, {
    input: {
      lines: [{ productId: String(v.productId), sizeId: String(v.sizeId), quantity }],
      destination: { departmentCode: '11' },
    },
  });
  expect(res.errors).toBeUndefined();
  return res.data!.cartQuote;
}

describe('shop rules', () => {
  it('prices IVA with the rate in #shared/shop.js (mocked to 5 %)', async () => {
    const v = await variantBetweenRules();
    const q = await quote(v, 1);
    expect(q.ivaIncluded).toBe(q.total - Math.round(q.total / 1.05));
  });

  it('prices shipping with the settings staff save, and tells the cart its threshold', async () => {
    const v = await variantBetweenRules();
    const before = await quote(v, 2);
    expect(before).toMatchObject({ shipping: 16_500, freeShippingFrom: 150_000 });
    const saved = await shop.gql(
      SETTINGS,
      { input: { freeFrom: 90_000, defaultFee: 9_900, defaultMinDays: 3, defaultMaxDays: 8 } },
      staff,
    );
    expect(saved.errors).toBeUndefined();
    await shop.ds.query(`UPDATE shipping_rate SET fee = 9900 WHERE department_code = '11'`);
    // SQL by hand reaches the shop's cached settings by notification (as another instance's change would).
    await shop.catalogCache.sync();
    expect(await quote(v, 1)).toMatchObject({
      subtotal: v.price,
      shipping: 9_900,
      total: v.price + 9_900,
      freeShippingFrom: 90_000,
    });
    expect(await quote(v, 2)).toMatchObject({ shipping: 0, freeShippingFrom: 90_000 });
  });
});
