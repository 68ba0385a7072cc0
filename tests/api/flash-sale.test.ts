import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../setup/test-shop.js';
import {
  PLACE_ORDER,
  orderInput,
  placeOrder,
  placedOrder,
  shopperIp,
  sizeStock,
  variantWithStock,
} from './checkout-fixtures.js';
import { expectTypename, type GqlResponse } from '../setup/graphql-post.js';
import type { PlaceOrderMutation } from '../gql/graphql.js';

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

  it('refuses a sold-out size at once, without waiting for the locks of a placement', async () => {
    const v = await variantWithStock(shop, 0, 6);
    const input = orderInput(v, 1, { customer: { ...orderInput(v).customer, email: 'agotado-ya@correo.com' } });
    // Another request with the same key is inside its transaction, holding the key's lock until it ends.
    const holder = shop.ds.createQueryRunner();
    await holder.connect();
    try {
      await holder.startTransaction();
      await holder.query(`SELECT pg_advisory_xact_lock(hashtext('order-key'), hashtext($1))`, [input.idempotencyKey]);
      const refused = await placeOrder(shop, input);
      expectTypename(refused, 'CartProblem');
      expect(refused.message).toBe('Algunos productos de tu carrito cambiaron. Revísalos antes de pagar.');
      expect(refused.lines.find((l) => l.sizeId === v.sizeId)?.problem).toMatchObject({
        kind: 'SOLD_OUT',
        message: 'Agotado',
      });
    } finally {
      await holder.rollbackTransaction();
      await holder.release();
    }
    expect(await sizeStock(shop, v.sizeId)).toEqual({ stock: 0, reserved: 0 });
  });

  it('answers a retried key with its order even once its purchase sold the size out', async () => {
    const v = await variantWithStock(shop, 1, 7);
    const input = orderInput(v, 1, { customer: { ...orderInput(v).customer, email: 'reintento@correo.com' } });
    const first = await placedOrder(shop, input);
    expect(await sizeStock(shop, v.sizeId)).toEqual({ stock: 0, reserved: 1 });
    const again = await placedOrder(shop, input);
    expect(again.reference).toBe(first.reference);
  });

  it('a stale «available» read cannot oversell: the stock hold re-checks under the row lock', async () => {
    const v = await variantWithStock(shop, 1, 8);
    // Another buyer's hold of the last unit, not committed yet: the committed data still shows 1 unit.
    const other = shop.ds.createQueryRunner();
    await other.connect();
    let answer: GqlResponse<PlaceOrderMutation> | undefined;
    try {
      await other.startTransaction();
      await other.query(`UPDATE product_size SET stock = stock - 1, reserved = reserved + 1 WHERE id = $1`, [
        Number(v.sizeId),
      ]);
      const input = orderInput(v, 1, { customer: { ...orderInput(v).customer, email: 'tarde@correo.com' } });
      const pending = shop.gql(PLACE_ORDER, { input }, shopperIp());
      // The order passed the read and is waiting for the size's row.
      await expect
        .poll(
          async () =>
            (
              (await shop.ds.query(
                `SELECT count(*)::int AS n FROM pg_stat_activity
                  WHERE datname = current_database() AND wait_event_type = 'Lock' AND wait_event = 'transactionid'`,
              )) as Array<{ n: number }>
            )[0]!.n,
          { timeout: 20_000 },
        )
        .toBe(1);
      await other.commitTransaction();
      answer = await pending;
      const [orders] = (await shop.ds.query(`SELECT count(*)::int AS n FROM shop_order WHERE idempotency_key = $1`, [
        input.idempotencyKey,
      ])) as Array<{ n: number }>;
      expect(orders!.n).toBe(0);
    } finally {
      if (other.isTransactionActive) await other.rollbackTransaction();
      await other.release();
    }
    expect(answer?.errors).toBeUndefined();
    const refused = answer!.data!.placeOrder;
    expectTypename(refused, 'CartProblem');
    expect(refused.lines.find((l) => l.sizeId === v.sizeId)?.problem).toMatchObject({
      kind: 'SOLD_OUT',
      message: 'Se agotó mientras finalizabas la compra',
    });
    expect(await sizeStock(shop, v.sizeId)).toEqual({ stock: 0, reserved: 1 });
  });
});
