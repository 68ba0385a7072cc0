import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSchema, isInputObjectType } from 'graphql';
import { startTestShop, type TestShop } from '../setup/test-shop.js';
import {
  orderInput,
  orderRow,
  placedOrder,
  placeOrder,
  PLACE_ORDER,
  RECEIPT,
  sizeStock,
  variantWithStock,
} from './checkout-fixtures.js';
import { expectTypename } from '../setup/graphql-post.js';
import { captureStatements } from '../bench/statement-counter.js';
import type { PlaceOrderInput } from '../gql/graphql.js';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop?.close());

describe('placeOrder', () => {
  it('has no price field anywhere in its input: the client cannot choose what it pays', () => {
    const schema = buildSchema(fs.readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8'));
    const seen = new Set<string>();
    const visit = (name: string) => {
      const type = schema.getType(name);
      if (!isInputObjectType(type) || seen.has(name)) return;
      seen.add(name);
      for (const field of Object.values(type.getFields())) {
        expect(field.name).not.toMatch(/price|total|amount|cents|precio|valor/i);
        visit(field.type.toString().replace(/[[\]!]/g, ''));
      }
    };
    visit('PlaceOrderInput');
    expect(seen).toContain('CartLineInput');
  });

  it('rejects a forged price field as a GraphQL validation error', async () => {
    const v = await variantWithStock(shop, 5);
    const input = orderInput(v);
    // A field the input type does not have: only a cast gets it past the type checker, as only a forged request would.
    const forged = { ...input, lines: [{ ...input.lines[0], unitPrice: 1 }] } as unknown as PlaceOrderInput;
    const res = await shop.gql(PLACE_ORDER, { input: forged });
    expect(res.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('places an order priced on the server, reserves stock and snapshots it', async () => {
    const v = await variantWithStock(shop, 5);
    const placed = await placeOrder(shop, orderInput(v, 2));
    expectTypename(placed, 'OrderPlaced');
    expect(placed.reference).toMatch(/^ENZ-[2-9A-HJKMNP-Z]{6}$/);
    expect(placed.checkoutUrl).toMatch(/^\/pasarela-sandbox\?session=[\w-]+$/);
    expect(await sizeStock(shop, v.sizeId)).toEqual({ stock: 3, reserved: 2 });

    const res = await shop.gql(RECEIPT, { reference: placed.reference, token: placed.accessToken });
    const r = res.data!.orderReceipt!;
    expect(r.status).toBe('PENDIENTE_PAGO');
    expect(r.subtotal).toBe(v.price * 2);
    expect(r.total).toBe(v.price * 2 + (v.price * 2 >= 150_000 ? 0 : 16_500));
    expect(r.shippingAddress).toEqual({
      departmentName: 'Norte de Santander',
      municipalityName: 'Cúcuta',
      address: 'Av. 0 # 11-64',
    });
    expect(r.lines).toHaveLength(1);
    const row = await orderRow(shop, placed.reference);
    const transitions: Array<{ to_status: string }> = await shop.ds.query(
      `SELECT to_status FROM order_transition WHERE order_id = $1`,
      [row.id],
    );
    expect(transitions.map((t) => t.to_status)).toEqual(['PENDIENTE_PAGO']);
  });

  it('sends every statement of its own prepared by name: PostgreSQL plans them once per connection, not per order', async () => {
    const v = await variantWithStock(shop, 5);
    // Warm the connections, then capture one more order (stock check and hold, locks and caps, quote, insert).
    expectTypename(await placeOrder(shop, orderInput(v, 1)), 'OrderPlaced');
    const capture = captureStatements();
    try {
      expectTypename(await placeOrder(shop, orderInput(v, 1)), 'OrderPlaced');
    } finally {
      capture.stop();
    }
    const own = (q: string) => /product_size|shop_order|shipping_settings|pg_advisory_xact_lock/.test(q);
    const ours = capture.statements.filter(own);
    expect(ours.some((q) => q.startsWith('UPDATE product_size SET stock = stock -'))).toBe(true);
    expect(ours.some((q) => q.includes('INSERT INTO shop_order'))).toBe(true);
    expect(ours.length).toBeGreaterThanOrEqual(6);
    expect(capture.unnamed.filter(own)).toEqual([]);
  });

  it('shows nothing without the right token', async () => {
    const v = await variantWithStock(shop, 5);
    const placed = await placedOrder(shop, orderInput(v));
    const res = await shop.gql(RECEIPT, {
      reference: placed.reference,
      token: 'x'.repeat(32),
    });
    expect(res.data!.orderReceipt).toBeNull();
  });

  it('returns field errors in Spanish', async () => {
    const v = await variantWithStock(shop, 5);
    const placed = await placeOrder(
      shop,
      orderInput(v, 1, {
        customer: { fullName: 'Ana Pérez', email: 'ana@', phone: '12345', documentType: 'NIT', documentNumber: '12' },
        shipping: { departmentCode: '11', municipalityCode: '05001', address: 'Calle 1 # 2-3' },
        acceptDataPolicy: false,
      }),
    );
    expectTypename(placed, 'ValidationErrors');
    expect(placed.errors.map((e) => e.field)).toEqual([
      'customer.email',
      'customer.phone',
      'customer.documentNumber',
      'shipping.municipalityCode',
      'acceptDataPolicy',
    ]);
    expect(await sizeStock(shop, v.sizeId)).toEqual({ stock: 5, reserved: 0 });
  });

  it('answers InvalidDiscountCode with the shop’s message and reserves nothing', async () => {
    const v = await variantWithStock(shop, 5);
    const placed = await placeOrder(shop, orderInput(v, 1, { discountCode: 'NOEXISTE' }));
    expect(placed).toMatchObject({ __typename: 'InvalidDiscountCode', message: 'Código de Descuento no valido.' });
    expect(await sizeStock(shop, v.sizeId)).toEqual({ stock: 5, reserved: 0 });
  });

  it('applies a valid code and counts its use', async () => {
    const codes: Array<{ code: string; percent: number; uses: number }> = await shop.ds.query(
      `SELECT code, percent, uses FROM discount_code WHERE active AND (usage_limit IS NULL OR uses < usage_limit) AND (valid_until IS NULL OR valid_until > now()) AND (valid_from IS NULL OR valid_from <= now()) LIMIT 1`,
    );
    const v = await variantWithStock(shop, 5);
    const placed = await placeOrder(shop, orderInput(v, 1, { discountCode: codes[0].code.toLowerCase() }));
    expectTypename(placed, 'OrderPlaced');
    const rows: Array<{ discount: number; discount_code: string }> = await shop.ds.query(
      `SELECT discount, discount_code FROM shop_order WHERE reference = $1`,
      [placed.reference],
    );
    expect(rows[0]).toEqual({ discount: Math.round((v.price * codes[0].percent) / 100), discount_code: codes[0].code });
    const after: Array<{ uses: number }> = await shop.ds.query(`SELECT uses FROM discount_code WHERE code = $1`, [
      codes[0].code,
    ]);
    expect(after[0].uses).toBe(codes[0].uses + 1);
  });

  it('answers CartProblem when there is not enough stock', async () => {
    const v = await variantWithStock(shop, 1);
    const placed = await placeOrder(shop, orderInput(v, 2));
    expectTypename(placed, 'CartProblem');
    expect(placed.lines[0].problem!.kind).toBe('INSUFFICIENT_STOCK');
  });

  it('returns the same order when retried with the same idempotency key, even concurrently', async () => {
    const v = await variantWithStock(shop, 10);
    const input = orderInput(v, 1);
    const results = await Promise.all(Array.from({ length: 5 }, () => placedOrder(shop, input)));
    const again = await placedOrder(shop, input);
    const refs = new Set([...results, again].map((r) => r.reference));
    expect(refs.size).toBe(1);
    expect(again.accessToken).toBe(results[0].accessToken);
    const count: Array<{ n: number }> = await shop.ds.query(
      `SELECT count(*)::int AS n FROM shop_order WHERE idempotency_key = $1`,
      [input.idempotencyKey],
    );
    expect(count[0].n).toBe(1);
    expect(await sizeStock(shop, v.sizeId)).toEqual({ stock: 9, reserved: 1 });
  });

  it('never oversells: 50 concurrent orders for 10 units → exactly 10 orders', async () => {
    const v = await variantWithStock(shop, 10, 3);
    const results = await Promise.all(Array.from({ length: 50 }, () => placeOrder(shop, orderInput(v, 1))));
    const placed = results.filter((r) => r.__typename === 'OrderPlaced');
    expect(placed).toHaveLength(10);
    expect(results.filter((r) => r.__typename === 'CartProblem')).toHaveLength(40);
    expect(await sizeStock(shop, v.sizeId)).toEqual({ stock: 0, reserved: 10 });
    const count: Array<{ n: number }> = await shop.ds.query(
      `SELECT count(DISTINCT o.id)::int AS n FROM shop_order o JOIN order_line l ON l.order_id = o.id WHERE l.size_id = $1`,
      [Number(v.sizeId)],
    );
    expect(count[0].n).toBe(10);
  });
});
