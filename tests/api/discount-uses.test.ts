import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../setup/test-shop.js';
import {
  orderInput,
  orderRow,
  knownEvent,
  placedOrder,
  placeOrder,
  postEvent,
  variantWithStock,
} from './checkout-fixtures.js';
import { graphql } from '../gql/index.js';
import { expectTypename } from '../setup/graphql-post.js';

/** A one-use code must not be lost by a shopper whose order ends unpaid. */
let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop?.close());

const RETRY = graphql(`
  mutation RetryPaymentTypename($reference: String!, $token: String!) {
    retryPayment(reference: $reference, token: $token) {
      __typename
    }
  }
`);

async function uses(code: string): Promise<number> {
  return (await shop.ds.query(`SELECT uses FROM discount_code WHERE code = $1`, [code]))[0].uses;
}

async function oneUseCode(code: string) {
  await shop.ds.query(`INSERT INTO discount_code (code, percent, usage_limit) VALUES ($1, 10, 1)`, [code]);
}

describe('discount uses follow the order', () => {
  it('counts a use when the order is placed and refuses the code to a second order', async () => {
    await oneUseCode('UNAVEZ1');
    const v = await variantWithStock(shop, 10, 3);
    await placedOrder(shop, orderInput(v, 1, { discountCode: 'unavez1' }));
    expect(await uses('UNAVEZ1')).toBe(1);
    const second = await placeOrder(shop, orderInput(v, 1, { discountCode: 'UNAVEZ1' }));
    expectTypename(second, 'InvalidDiscountCode');
  });

  it('gives the use back when the payment is declined and takes it again on retry', async () => {
    await oneUseCode('UNAVEZ2');
    const v = await variantWithStock(shop, 10, 4);
    const placed = await placedOrder(shop, orderInput(v, 1, { discountCode: 'UNAVEZ2' }));
    const row = await orderRow(shop, placed.reference);
    expect(
      await postEvent(
        shop,
        await knownEvent(shop, {
          id: 'tx-dec-1',
          reference: placed.reference,
          amountInCents: row.total * 100,
          status: 'DECLINED',
        }),
      ),
    ).toBe(200);
    expect(await uses('UNAVEZ2')).toBe(0);
    const retry = await shop.gql(RETRY, {
      reference: placed.reference,
      token: placed.accessToken,
    });
    expect(retry.data!.retryPayment.__typename).toBe('OrderPlaced');
    expect(await uses('UNAVEZ2')).toBe(1);
  });

  it('gives the use back when the order expires, and counts it again on a late approval', async () => {
    await oneUseCode('UNAVEZ3');
    const v = await variantWithStock(shop, 10, 5);
    const placed = await placedOrder(shop, orderInput(v, 1, { discountCode: 'UNAVEZ3' }));
    const row = await orderRow(shop, placed.reference);
    await shop.ds.query(`UPDATE shop_order SET expires_at = now() - interval '1 minute' WHERE id = $1`, [row.id]);
    await shop.services.orders.expiry.runOnce();
    expect(await uses('UNAVEZ3')).toBe(0);
    expect(
      await postEvent(
        shop,
        await knownEvent(shop, {
          id: 'tx-late-d',
          reference: placed.reference,
          amountInCents: row.total * 100,
          status: 'APPROVED',
        }),
      ),
    ).toBe(200);
    expect((await orderRow(shop, placed.reference)).status).toBe('PAGADO');
    expect(await uses('UNAVEZ3')).toBe(1);
  });
});
