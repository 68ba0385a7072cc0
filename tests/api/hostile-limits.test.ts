import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_RULES } from '../../server/src/app/graphql-limits.js';
import { startTestShop, type GqlResponse, type TestShop } from '../setup/test-shop.js';
import { orderInput, variantWithStock } from './checkout-fixtures.js';

/**
 * The shop tried as an attacker would, one class of attack per block, each written so that a new operation
 * without coverage fails here: every per-client limit against clients that rotate addresses inside their IPv6
 * /64, every string input of every public operation against long and adversarial text, and every webhook
 * route against floods of unsigned requests.
 */

const OPEN_ORDERS_PER_CLIENT = 3;
let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop({ MAX_OPEN_ORDERS_PER_CLIENT: String(OPEN_ORDERS_PER_CLIENT) });
});
afterAll(() => shop?.close());

const from = (address: string) => ({ 'x-forwarded-for': address });

/** Address `n` inside a /64 (`2001:db8:<net>:<sub>::<n>`): the same subscriber as every other `n`. */
const inSubnet = (net: number, n: number) => `2001:db8:${net.toString(16)}:7::${n.toString(16)}`;

// ---------------------------------------------------------------------------------------------------------------
// IPv6 rotation: one call per fresh address inside a /64 for every rule; the rule still counts them as one client.

/** One call that counts for a rate rule (cheap: the limit is checked before the operation runs). */
const LIMITED_CALLS: Record<string, () => { query: string; variables: Record<string, unknown> }> = {
  placeOrder: () => ({
    query: `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { __typename } }`,
    variables: {
      input: { ...orderInput({ productId: '1', sizeId: '1', price: 0 }), customer: { fullName: '' } },
    },
  }),
  cartQuote: () => ({
    query: `query($input: CartQuoteInput!) { cartQuote(input: $input) { total } }`,
    variables: { input: { lines: [], discountCode: 'NOEXISTE' } },
  }),
  orderLookup: () => ({
    query: `query($r: String!, $e: String!) { orderLookup(reference: $r, email: $e) { __typename } }`,
    variables: { r: 'ENZ-NOEXIS', e: 'nadie@correo.com' },
  }),
};

describe('IPv6 rotation inside a /64', () => {
  it('has a call for every rate rule', () => {
    expect(Object.keys(LIMITED_CALLS).sort()).toEqual(DEFAULT_RATE_RULES.map((r) => r.field).sort());
  });

  DEFAULT_RATE_RULES.forEach((rule, index) => {
    it(`limits ${rule.field} per /64, not per address`, async () => {
      const net = 0x100 + index;
      const call = LIMITED_CALLS[rule.field]!;
      for (let n = 1; n <= rule.limit; n++) {
        const res = await shop.gql(call().query, call().variables, from(inSubnet(net, n)));
        expect(res.errors?.[0]?.extensions?.code).not.toBe('RATE_LIMITED');
      }
      const over = await shop.gql(call().query, call().variables, from(inSubnet(net, 0xffff)));
      expect(over.status).toBe(429);
      expect(over.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
      // Another /64 is another client.
      const neighbour = await shop.gql(call().query, call().variables, from(`2001:db8:${net.toString(16)}:8::1`));
      expect(neighbour.errors?.[0]?.extensions?.code).not.toBe('RATE_LIMITED');
    });
  });

  it('counts an IPv4-mapped IPv6 client as its IPv4 address', async () => {
    const call = LIMITED_CALLS.orderLookup!();
    const limit = DEFAULT_RATE_RULES.find((r) => r.field === 'orderLookup')!.limit;
    for (let n = 0; n < limit; n++) {
      const address = n % 2 ? '::ffff:198.51.100.9' : '198.51.100.9';
      const res = await shop.gql(call.query, call.variables, from(address));
      expect(res.errors?.[0]?.extensions?.code).not.toBe('RATE_LIMITED');
    }
    const over = await shop.gql(call.query, call.variables, from('::ffff:198.51.100.9'));
    expect(over.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
  });

  it('caps open orders per /64: a fresh address in the same /64 gets no extra order', async () => {
    const variant = await variantWithStock(shop, 50, 3);
    const place = (n: number) =>
      shop.gql<{ placeOrder: { __typename: string; limit?: string } }>(
        `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { __typename ... on OrderLimitReached { limit } } }`,
        {
          input: orderInput(variant, 1, {
            customer: { ...orderInput(variant).customer, email: `rotacion${n}@correo.com` },
          }),
        },
        from(inSubnet(0x200, n)),
      );
    const answers: Array<GqlResponse<{ placeOrder: { __typename: string; limit?: string } }>> = [];
    for (let n = 1; n <= OPEN_ORDERS_PER_CLIENT + 2; n++) answers.push(await place(n));
    const kinds = answers.map((a) => a.data?.placeOrder.__typename);
    expect(kinds.slice(0, OPEN_ORDERS_PER_CLIENT)).toEqual(Array(OPEN_ORDERS_PER_CLIENT).fill('OrderPlaced'));
    for (const late of answers.slice(OPEN_ORDERS_PER_CLIENT))
      expect(late.data?.placeOrder).toEqual({ __typename: 'OrderLimitReached', limit: 'OPEN_ORDERS_PER_CLIENT' });
  });
});
