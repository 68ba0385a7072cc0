import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../setup/test-shop.js';
import { PLACE_ORDER, orderInput, sizeStock, variantWithStock } from './checkout-fixtures.js';
import { expectTypename } from '../setup/graphql-post.js';

/**
 * A flash sale: many shoppers (each with their own email and address) press «Pagar» at the same moment for the last
 * units of one size. Exactly the stock is sold, everyone else is told in Spanish that it sold out, and stock plus
 * reserved still add up to what there was.
 */
let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop?.close());

const BUYERS = 150;
const STOCK = 20;

describe('flash sale', () => {
  it(`${BUYERS} shoppers at once for ${STOCK} units: exactly ${STOCK} orders, the rest refused in Spanish`, async () => {
    const v = await variantWithStock(shop, STOCK, 5);
    const results = await Promise.all(
      Array.from({ length: BUYERS }, async (_, buyer) => {
        const input = orderInput(v, 1, {
          customer: {
            fullName: 'Comprador Relámpago',
            email: `relampago-${buyer}-${randomUUID().slice(0, 8)}@correo.com`,
            phone: '315 482 7760',
            documentType: 'CC',
            documentNumber: String(1_000_000_000 + buyer),
          },
        });
        const headers = { 'x-forwarded-for': `10.77.${Math.floor(buyer / 250)}.${(buyer % 250) + 1}` };
        const res = await shop.gql(PLACE_ORDER, { input }, headers);
        if (res.errors) throw new Error(JSON.stringify(res.errors));
        return res.data!.placeOrder;
      }),
    );

    const placed = results.filter((r) => r.__typename === 'OrderPlaced');
    const refused = results.filter((r) => r.__typename !== 'OrderPlaced');
    expect(placed).toHaveLength(STOCK);
    expect(new Set(placed.map((r) => r.reference)).size).toBe(STOCK);
    expect(refused).toHaveLength(BUYERS - STOCK);
    for (const r of refused) {
      // Every refusal says what happened, in Spanish, on the line that sold out.
      expectTypename(r, 'CartProblem');
      expect(r.message).toBe('Algunos productos de tu carrito cambiaron. Revísalos antes de pagar.');
      const line = r.lines.find((l) => l.sizeId === v.sizeId);
      expect(line?.problem?.kind).toBe('SOLD_OUT');
      expect(line?.problem?.message).toMatch(/agot/i);
    }

    expect(await sizeStock(shop, v.sizeId)).toEqual({ stock: 0, reserved: STOCK });
    const [units]: Array<{ orders: number; units: number }> = await shop.ds.query(
      `SELECT count(DISTINCT l.order_id)::int AS orders, coalesce(sum(l.quantity), 0)::int AS units
         FROM order_line l WHERE l.size_id = $1`,
      [Number(v.sizeId)],
    );
    expect(units).toEqual({ orders: STOCK, units: STOCK });
  });
});
