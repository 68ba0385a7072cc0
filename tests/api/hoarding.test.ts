import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../setup/test-shop.js';
import {
  knownEvent,
  orderInput,
  orderRow,
  PLACE_ORDER,
  postEvent,
  sizeStock,
  variantWithStock,
  type Variant,
} from './checkout-fixtures.js';
import { expectTypename } from '../setup/graphql-post.js';
import { graphql } from '../gql/index.js';
import type { PlaceOrderInput } from '../gql/graphql.js';

/**
 * Nobody hoards stock: without caps one anonymous placeOrder could reserve 670 units across 50 sizes, and
 * retryPayment could extend the hold again and again. Caps (shop settings, pet-shop defaults) stop both.
 */
const CAPS = {
  MAX_UNITS_PER_SIZE: '5',
  MAX_UNITS_PER_ORDER: '8',
  MAX_OPEN_ORDERS_PER_EMAIL: '2',
  MAX_OPEN_ORDERS_PER_CLIENT: '3',
  ORDER_EXPIRY_MINUTES: '30',
};
let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop(CAPS);
});
afterAll(() => shop?.close());

const RESULT = graphql(`
  mutation PlaceOrderWithinCaps($input: PlaceOrderInput!) {
    placeOrder(input: $input) {
      __typename
      ... on OrderPlaced {
        reference
        accessToken
        checkoutUrl
      }
      ... on OrderLimitReached {
        limit
        max
        message
      }
      ... on CartProblem {
        message
        lines {
          sizeId
          quantity
          problem {
            kind
            available
            message
          }
        }
      }
    }
  }
`);
const RETRY = graphql(`
  mutation RetryPaymentWithinHold($reference: String!, $token: String!) {
    retryPayment(reference: $reference, token: $token) {
      __typename
      ... on OrderPlaced {
        reference
      }
      ... on PaymentRetryUnavailable {
        message
      }
    }
  }
`);

async function place(input: PlaceOrderInput, ip: string) {
  const res = await shop.gql(RESULT, { input }, { 'x-forwarded-for': ip });
  expect(res.errors).toBeUndefined();
  return res.data!.placeOrder;
}

async function sizesWithStock(n: number, stock = 50) {
  const rows: Array<{ product_id: number; size_id: number }> = await shop.ds.query(
    `SELECT s.product_id, s.id AS size_id FROM product_size s JOIN product p ON p.id = s.product_id WHERE p.active ORDER BY s.id LIMIT $1`,
    [n],
  );
  await shop.ds.query(`UPDATE product_size SET stock = $2, reserved = 0 WHERE id = ANY($1)`, [
    rows.map((r) => r.size_id),
    stock,
  ]);
  return rows.map((r): Variant => ({ productId: String(r.product_id), sizeId: String(r.size_id), price: 0 }));
}

async function reservedTotal(): Promise<number> {
  const rows: Array<{ n: number }> = await shop.ds.query(
    `SELECT coalesce(sum(reserved), 0)::int AS n FROM product_size`,
  );
  return rows[0]!.n;
}

describe('no hoarding', () => {
  it('refuses more units of one size than the cap, with the cap as what is available', async () => {
    const [size] = await sizesWithStock(1);
    const result = await place(
      orderInput(size!, 6, { customer: { ...orderInput(size!).customer, email: 'talla@correo.com' } }),
      '10.9.0.1',
    );
    expectTypename(result, 'CartProblem');
    expect(result.lines[0]!.problem).toEqual({
      kind: 'INVALID_QUANTITY',
      available: 5,
      message: 'Puedes llevar hasta 5 unidades de esta talla por pedido.',
    });
    expect(await reservedTotal()).toBe(0);
  });

  it('refuses an order of 50 lines × 99 units, and one over the units-per-order cap, reserving nothing', async () => {
    const sizes = await sizesWithStock(50, 200);
    const lines = sizes.map((s) => ({ productId: s.productId, sizeId: s.sizeId, quantity: 99 }));
    const base = orderInput(sizes[0]!, 1, {
      customer: { ...orderInput(sizes[0]!).customer, email: 'acaparador@correo.com' },
    });
    expect((await place({ ...base, lines }, '10.9.0.2')).__typename).toBe('CartProblem');
    const nine = sizes.slice(0, 3).map((s) => ({ productId: s.productId, sizeId: s.sizeId, quantity: 3 }));
    const result = await place({ ...base, lines: nine }, '10.9.0.2');
    expect(result).toMatchObject({ __typename: 'OrderLimitReached', limit: 'UNITS_PER_ORDER', max: 8 });
    expectTypename(result, 'OrderLimitReached');
    expect(result.message).toMatch(/hasta 8 unidades en total/);
    expect(await reservedTotal()).toBe(0);
  });

  it('caps orders waiting for payment per email and per client address', async () => {
    const [size] = await sizesWithStock(1);
    const customer = { ...orderInput(size!).customer, email: 'mismo@correo.com' };
    expect((await place(orderInput(size!, 1, { customer }), '10.9.1.1')).__typename).toBe('OrderPlaced');
    expect((await place(orderInput(size!, 1, { customer }), '10.9.1.2')).__typename).toBe('OrderPlaced');
    const third = await place(
      orderInput(size!, 1, { customer: { ...customer, email: 'MISMO@correo.com' } }),
      '10.9.1.3',
    );
    expect(third).toMatchObject({ __typename: 'OrderLimitReached', limit: 'OPEN_ORDERS_PER_EMAIL', max: 2 });
    expectTypename(third, 'OrderLimitReached');
    expect(third.message).toMatch(/Ya tienes 2 pedidos esperando pago/);

    const ip = '10.9.2.1';
    for (let i = 0; i < 3; i++) {
      expect(
        (await place(orderInput(size!, 1, { customer: { ...customer, email: `ip${i}@correo.com` } }), ip)).__typename,
      ).toBe('OrderPlaced');
    }
    const fourth = await place(orderInput(size!, 1, { customer: { ...customer, email: 'ip4@correo.com' } }), ip);
    expect(fourth).toMatchObject({ __typename: 'OrderLimitReached', limit: 'OPEN_ORDERS_PER_CLIENT', max: 3 });
    expectTypename(fourth, 'OrderLimitReached');
    expect(fourth.message).toMatch(/demasiados pedidos esperando pago desde tu conexión/);
    // Concurrent attempts from one address do not slip past the cap.
    const burst = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        place(orderInput(size!, 1, { customer: { ...customer, email: `rafaga${i}@correo.com` } }), '10.9.3.1'),
      ),
    );
    expect(burst.filter((r) => r.__typename === 'OrderPlaced')).toHaveLength(3);
  });

  it('counts one customer however the email is written: +tags, and dots at Gmail', async () => {
    const [size] = await sizesWithStock(1);
    const customer = (email: string) => ({ ...orderInput(size!).customer, email });
    expect(
      (await place(orderInput(size!, 1, { customer: customer('perrito+1@correo.com') }), '10.9.4.1')).__typename,
    ).toBe('OrderPlaced');
    expect(
      (await place(orderInput(size!, 1, { customer: customer('Perrito+2@correo.com') }), '10.9.4.2')).__typename,
    ).toBe('OrderPlaced');
    const third = await place(orderInput(size!, 1, { customer: customer('perrito@correo.com') }), '10.9.4.3');
    expect(third).toMatchObject({ __typename: 'OrderLimitReached', limit: 'OPEN_ORDERS_PER_EMAIL', max: 2 });
    expectTypename(third, 'OrderLimitReached');
    expect(
      (await place(orderInput(size!, 1, { customer: customer('g.a.t.o@gmail.com') }), '10.9.4.4')).__typename,
    ).toBe('OrderPlaced');
    expect(
      (await place(orderInput(size!, 1, { customer: customer('gato+x@googlemail.com') }), '10.9.4.5')).__typename,
    ).toBe('OrderPlaced');
    expect(await place(orderInput(size!, 1, { customer: customer('GATO@gmail.com') }), '10.9.4.6')).toMatchObject({
      __typename: 'OrderLimitReached',
      limit: 'OPEN_ORDERS_PER_EMAIL',
    });
    // Elsewhere dots are part of the address: another customer.
    expect(
      (await place(orderInput(size!, 1, { customer: customer('p.errito@correo.com') }), '10.9.4.7')).__typename,
    ).toBe('OrderPlaced');
  });

  it('never holds stock past the first expiry plus one period through retryPayment', async () => {
    const v = await variantWithStock(shop, 5, 40);
    const res = await shop.gql(
      PLACE_ORDER,
      { input: orderInput(v, 1, { customer: { ...orderInput(v).customer, email: 'reintento@correo.com' } }) },
      { 'x-forwarded-for': '10.9.4.1' },
    );
    const placed = res.data!.placeOrder;
    expectTypename(placed, 'OrderPlaced');
    const { reference, accessToken: token } = placed;
    const row = await orderRow(shop, reference);
    const holdUntil = (
      await shop.ds.query(`SELECT hold_until, expires_at, created_at FROM shop_order WHERE id = $1`, [row.id])
    )[0] as { hold_until: Date; expires_at: Date };
    expect(holdUntil.hold_until.getTime() - holdUntil.expires_at.getTime()).toBe(30 * 60_000);

    let attempt = 0;
    const decline = async () => {
      attempt++;
      const payRef = attempt === 1 ? reference : `${reference}-${attempt}`;
      expect(
        await postEvent(
          shop,
          await knownEvent(shop, {
            id: `hoard-${attempt}`,
            reference: payRef,
            amountInCents: row.total * 100,
            status: 'DECLINED',
          }),
        ),
      ).toBe(200);
    };
    // Decline, then retry 25 minutes later (the first period is nearly over): the new hold ends at hold_until, not 30 minutes later.
    await decline();
    await shop.ds.query(
      `UPDATE shop_order SET created_at = created_at - interval '25 minutes', expires_at = expires_at - interval '25 minutes', hold_until = hold_until - interval '25 minutes' WHERE id = $1`,
      [row.id],
    );
    const retried = await shop.gql(RETRY, { reference, token });
    expect(retried.data!.retryPayment.__typename).toBe('OrderPlaced');
    const after: Array<{ expires_at: Date; hold_until: Date }> = await shop.ds.query(
      `SELECT expires_at, hold_until FROM shop_order WHERE id = $1`,
      [row.id],
    );
    expect(after[0]!.expires_at.getTime()).toBeLessThanOrEqual(after[0]!.hold_until.getTime());
    expect(after[0]!.hold_until.getTime() - Date.now()).toBeLessThan(36 * 60_000);

    // Decline again near the end of the hold: no more retries, the stock goes back.
    await decline();
    await shop.ds.query(
      `UPDATE shop_order SET expires_at = now() + interval '30 seconds', hold_until = now() + interval '30 seconds' WHERE id = $1`,
      [row.id],
    );
    const refused = await shop.gql(RETRY, {
      reference,
      token,
    });
    expect(refused.data!.retryPayment).toMatchObject({
      __typename: 'PaymentRetryUnavailable',
      message: expect.stringMatching(/tiempo de reserva/),
    });
    expect(await sizeStock(shop, v.sizeId)).toEqual({ stock: 5, reserved: 0 });
  });
});
