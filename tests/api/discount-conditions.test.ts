import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { startTestShop, type TestShop } from '../setup/test-shop.js';
import { legacyStaffHeaders } from '../setup/staff-tokens.js';
import { orderInput, placeOrder, type Variant } from './checkout-fixtures.js';
import { insertOrder } from '../setup/staff-order-fixtures.js';
import { expectTypename } from '../setup/graphql-post.js';
import { graphql } from '../gql/index.js';
import type { CustomerInput, DiscountCodeInput } from '../gql/graphql.js';

let shop: TestShop;
let auth: Record<string, string>;

beforeAll(async () => {
  shop = await startTestShop();
  auth = await legacyStaffHeaders(inject('authEmulatorHost'), 'staff-codes@enzo.test');
});
afterAll(() => shop?.close());

const CREATE = graphql(`
  mutation CreateConditionalDiscountCode($input: DiscountCodeInput!) {
    staffCreateDiscountCode(input: $input) {
      __typename
      ... on StaffDiscountCode {
        id
        code
        percent
        minSubtotal
        firstPurchaseOnly
        perCustomerLimit
        categories {
          slug
          name
        }
      }
      ... on ValidationErrors {
        message
        errors {
          field
          message
        }
      }
    }
  }
`);
const QUOTE = graphql(`
  query QuoteWithConditions($input: CartQuoteInput!) {
    cartQuote(input: $input) {
      subtotal
      discount
      shipping
      total
      discountCodeInvalid
      discountProblem {
        reason
        message
      }
      appliedDiscount {
        code
        percent
        categorySlugs
      }
    }
  }
`);
/** placeOrder asking only why a code was refused. */
const PLACE_WITH_CODE = graphql(`
  mutation PlaceOrderWithCode($input: PlaceOrderInput!) {
    placeOrder(input: $input) {
      __typename
      ... on InvalidDiscountCode {
        reason
        message
      }
    }
  }
`);
const STAFF_CODE_STATES = graphql(`
  query StaffDiscountCodeStates {
    staffDiscountCodes {
      code
      state
    }
  }
`);

async function createCode(input: Omit<DiscountCodeInput, 'percent' | 'active'> & Partial<DiscountCodeInput>) {
  const res = await shop.gql(CREATE, { input: { percent: 10, active: true, ...input } }, auth);
  expect(res.errors).toBeUndefined();
  return res.data!.staffCreateDiscountCode;
}

/** A size of a product of `category` with plenty of stock, at a known price. */
async function variantOf(category: string, price: number): Promise<Variant> {
  const [row] = await shop.ds.query(
    `SELECT p.id AS product_id, s.id AS size_id FROM product p JOIN product_size s ON s.product_id = p.id
      WHERE p.active AND p.category_slug = $1 ORDER BY p.id, s.position LIMIT 1`,
    [category],
  );
  await shop.ds.query(`UPDATE product SET price = $2 WHERE id = $1`, [row.product_id, price]);
  await shop.ds.query(`UPDATE product_size SET stock = 50, reserved = 0 WHERE id = $1`, [row.size_id]);
  return { productId: String(row.product_id), sizeId: String(row.size_id), price };
}

async function quote(lines: Array<[Variant, number]>, discountCode: string) {
  const res = await shop.gql(QUOTE, {
    input: {
      lines: lines.map(([v, quantity]) => ({ productId: v.productId, sizeId: v.sizeId, quantity })),
      discountCode,
    },
  });
  expect(res.errors).toBeUndefined();
  return res.data!.cartQuote;
}

const customer = (email: string, documentNumber: string): CustomerInput => ({
  fullName: 'Laura Gómez Ríos',
  email,
  phone: '3104567890',
  documentType: 'CC',
  documentNumber,
});

describe('discount codes with conditions (staff)', () => {
  it('creates a code with minimum purchase, categories, first purchase only and a per-customer limit', async () => {
    const code = await createCode({
      code: 'COLLARES20',
      percent: 20,
      minSubtotal: 80_000,
      categorySlugs: ['collares', 'correas'],
      firstPurchaseOnly: true,
      perCustomerLimit: 1,
    });
    expect(code).toMatchObject({
      __typename: 'StaffDiscountCode',
      code: 'COLLARES20',
      minSubtotal: 80_000,
      firstPurchaseOnly: true,
      perCustomerLimit: 1,
      categories: [
        { slug: 'collares', name: 'Collares' },
        { slug: 'correas', name: 'Correas' },
      ],
    });
  });

  it.each([
    [
      { minSubtotal: 0 },
      'minSubtotal',
      'La compra mínima debe ser un número entero de pesos mayor que 0, o quedar vacía.',
    ],
    [
      { perCustomerLimit: 0 },
      'perCustomerLimit',
      'El límite por cliente debe ser un número entero mayor que 0, o quedar vacío.',
    ],
    [{ categorySlugs: ['juguetes'] }, 'categorySlugs', 'Una de las categorías elegidas no existe.'],
  ])('refuses %j', async (change, field, message) => {
    const res = await createCode({ code: 'MALO10', ...change });
    expect(res).toMatchObject({ __typename: 'ValidationErrors', errors: [{ field, message }] });
  });
});

describe('discount conditions on the cart quote and the order (server decides, same words)', () => {
  it('minimum purchase: says how much is missing, then applies', async () => {
    await createCode({ code: 'MINIMO100', percent: 10, minSubtotal: 100_000 });
    const collar = await variantOf('collares', 45_000);
    const short = await quote([[collar, 2]], 'minimo100');
    expect(short).toMatchObject({
      discount: 0,
      discountCodeInvalid: true,
      appliedDiscount: null,
      discountProblem: {
        reason: 'MINIMUM_NOT_MET',
        message: 'Este código aplica en compras desde $ 100.000: te faltan $ 10.000.',
      },
    });
    const placed = await placeOrder(shop, orderInput(collar, 2, { discountCode: 'MINIMO100' }));
    expect(placed).toMatchObject({
      __typename: 'InvalidDiscountCode',
      message: 'Este código aplica en compras desde $ 100.000: te faltan $ 10.000.',
    });
    const enough = await quote([[collar, 3]], 'MINIMO100');
    expect(enough).toMatchObject({
      subtotal: 135_000,
      discount: 13_500,
      discountProblem: null,
      appliedDiscount: { code: 'MINIMO100' },
    });
  });

  it('category scope: discounts only the products of its categories, refuses a cart without them', async () => {
    await createCode({ code: 'SOLOCOLLARES', percent: 15, categorySlugs: ['collares'] });
    const collar = await variantOf('collares', 40_000);
    const jacket = await variantOf('chaquetas', 120_000);
    const mixed = await quote(
      [
        [collar, 2],
        [jacket, 1],
      ],
      'SOLOCOLLARES',
    );
    expect(mixed).toMatchObject({
      subtotal: 200_000,
      discount: 12_000,
      total: 188_000,
      appliedDiscount: { categorySlugs: ['collares'] },
    });
    const none = await quote([[jacket, 1]], 'SOLOCOLLARES');
    expect(none.discountProblem).toEqual({
      reason: 'NO_ELIGIBLE_PRODUCTS',
      message: 'Este código solo aplica a productos de Collares.',
    });
    // The order charges exactly what the quote said.
    const placed = await placeOrder(
      shop,
      orderInput(collar, 2, {
        lines: [
          { productId: collar.productId, sizeId: collar.sizeId, quantity: 2 },
          { productId: jacket.productId, sizeId: jacket.sizeId, quantity: 1 },
        ],
        discountCode: 'SOLOCOLLARES',
      }),
    );
    expectTypename(placed, 'OrderPlaced');
    const [order] = await shop.ds.query(`SELECT subtotal, discount, total FROM shop_order WHERE reference = $1`, [
      placed.reference,
    ]);
    expect(order).toEqual({ subtotal: 200_000, discount: 12_000, total: 188_000 });
    const refused = await placeOrder(shop, orderInput(jacket, 1, { discountCode: 'SOLOCOLLARES' }));
    expect(refused).toMatchObject({
      __typename: 'InvalidDiscountCode',
      message: 'Este código solo aplica a productos de Collares.',
    });
  });

  it('first purchase only: refused at the order for a customer who bought (by email in any spelling, or by document), fine for a new one; the quote never asks', async () => {
    await createCode({ code: 'PRIMERA', percent: 10, firstPurchaseOnly: true });
    const collar = await variantOf('collares', 50_000);
    await insertOrder(shop.ds, {
      productId: Number(collar.productId),
      sizeId: Number(collar.sizeId),
      unitPrice: 50_000,
      status: 'ENTREGADO',
      email: 'cliente.fiel@correo.com',
      documentNumber: '52999111',
    });
    const message = 'Este código no aplica a este pedido.';

    // The quote names no customer: it applies the code for anyone, so it never tells who has bought here.
    expect((await quote([[collar, 1]], 'PRIMERA')).appliedDiscount).not.toBeNull();

    const byEmail = await placeOrder(
      shop,
      orderInput(collar, 1, {
        discountCode: 'PRIMERA',
        customer: customer('Cliente.Fiel+promo@correo.com', '1111111'),
      }),
    );
    expect(byEmail).toMatchObject({ __typename: 'InvalidDiscountCode', message });
    const byDocument = await placeOrder(
      shop,
      orderInput(collar, 1, { discountCode: 'PRIMERA', customer: customer('otro.correo@correo.com', '52999111') }),
    );
    expect(byDocument).toMatchObject({ __typename: 'InvalidDiscountCode', message });
    const newcomer = await placeOrder(
      shop,
      orderInput(collar, 1, { discountCode: 'PRIMERA', customer: customer('nueva@correo.com', '80111222') }),
    );
    expectTypename(newcomer, 'OrderPlaced');
    // Her pending order already uses it: a second one is refused.
    const again = await placeOrder(
      shop,
      orderInput(collar, 1, { discountCode: 'PRIMERA', customer: customer('nueva@correo.com', '80111222') }),
    );
    expect(again).toMatchObject({ __typename: 'InvalidDiscountCode', message });
  });

  it('per-customer limit: counts pending and paid orders, not declined ones; two orders at once cannot both pass', async () => {
    await createCode({ code: 'DOSVECES', percent: 10, perCustomerLimit: 2 });
    const collar = await variantOf('collares', 50_000);
    const who = customer('limite@correo.com', '79888777');
    const first = await placeOrder(shop, orderInput(collar, 1, { discountCode: 'DOSVECES', customer: who }));
    expectTypename(first, 'OrderPlaced');
    // Declined: its use comes back.
    await shop.ds.query(`UPDATE shop_order SET status = 'PAGO_RECHAZADO' WHERE reference = $1`, [first.reference]);

    const [a, b, c] = await Promise.all(
      [1, 2, 3].map(() => placeOrder(shop, orderInput(collar, 1, { discountCode: 'DOSVECES', customer: who }))),
    );
    const outcomes = [a!, b!, c!].map((r) => r.__typename).sort();
    expect(outcomes).toEqual(['InvalidDiscountCode', 'OrderPlaced', 'OrderPlaced']);
    const refused = [a!, b!, c!].find((r) => r.__typename === 'InvalidDiscountCode')!;
    expect(refused.message).toBe('Este código no aplica a este pedido.');
    // The same customer with a +tag is the same customer.
    const tagged = await placeOrder(
      shop,
      orderInput(collar, 1, { discountCode: 'DOSVECES', customer: { ...who, email: 'limite+otra@correo.com' } }),
    );
    expect(tagged).toMatchObject({
      __typename: 'InvalidDiscountCode',
      message: 'Este código no aplica a este pedido.',
    });
  });

  it('per-customer limit: a cash-on-delivery order waiting for the phone call holds its use too', async () => {
    await createCode({ code: 'UNAVEZ', percent: 10, perCustomerLimit: 1 });
    const collar = await variantOf('collares', 50_000);
    const who = customer('contraentrega@correo.com', '79111222');
    const first = await placeOrder(shop, orderInput(collar, 1, { discountCode: 'UNAVEZ', customer: who }));
    expectTypename(first, 'OrderPlaced');
    await shop.ds.query(
      `UPDATE shop_order SET status = 'POR_CONFIRMAR', payment_method = 'CASH_ON_DELIVERY' WHERE reference = $1`,
      [first.reference],
    );
    const second = await shop.gql(
      PLACE_WITH_CODE,
      { input: orderInput(collar, 1, { discountCode: 'UNAVEZ', customer: who }) },
      { 'x-forwarded-for': '10.77.1.3' },
    );
    expect(second.data!.placeOrder).toEqual({
      __typename: 'InvalidDiscountCode',
      reason: 'NOT_FOR_THIS_ORDER',
      message: 'Este código no aplica a este pedido.',
    });
  });

  it('says when a code expired, starts later or ran out; a switched-off code reads like an unknown one; staff see each state', async () => {
    const collar = await variantOf('collares', 50_000);
    const now = Date.now();
    await createCode({ code: 'VENCIDO', validUntil: new Date(now - 3 * 86_400_000).toISOString() });
    await createCode({ code: 'PRONTO', validFrom: new Date(now + 40 * 86_400_000).toISOString() });
    await createCode({ code: 'AGOTADO', usageLimit: 1 });
    await shop.ds.query(`UPDATE discount_code SET uses = 1 WHERE code = 'AGOTADO'`);
    await createCode({ code: 'APAGADO', active: false });
    const day = (ms: number) =>
      new Intl.DateTimeFormat('es-CO', { day: 'numeric', month: 'long', timeZone: 'America/Bogota' }).format(ms);
    const expired = (await quote([[collar, 1]], 'vencido')).discountProblem!;
    expect(expired.reason).toBe('EXPIRED');
    expect(expired.message).toMatch(new RegExp(`^Este código venció el ${day(now - 3 * 86_400_000)}( de \\d{4})?\\.$`));
    const early = (await quote([[collar, 1]], 'PRONTO')).discountProblem!;
    expect(early.reason).toBe('NOT_YET_VALID');
    expect(early.message).toMatch(
      new RegExp(`^Este código es válido desde el ${day(now + 40 * 86_400_000)}( de \\d{4})?\\.$`),
    );
    expect((await quote([[collar, 1]], 'AGOTADO')).discountProblem).toEqual({
      reason: 'USED_UP',
      message: 'Este código ya se agotó: se usaron todos sus cupos.',
    });
    expect((await quote([[collar, 1]], 'APAGADO')).discountProblem).toEqual({
      reason: 'INVALID',
      message: 'Código de Descuento no valido.',
    });
    const placed = await shop.gql(
      PLACE_WITH_CODE,
      { input: orderInput(collar, 1, { discountCode: 'VENCIDO' }) },
      { 'x-forwarded-for': '10.77.1.4' },
    );
    expect(placed.data!.placeOrder).toEqual({ __typename: 'InvalidDiscountCode', ...expired });

    const list = await shop.gql(STAFF_CODE_STATES, {}, auth);
    const states = Object.fromEntries(list.data!.staffDiscountCodes.map((c) => [c.code, c.state]));
    expect(states).toMatchObject({
      VENCIDO: 'EXPIRED',
      PRONTO: 'SCHEDULED',
      AGOTADO: 'USED_UP',
      APAGADO: 'INACTIVE',
      BIENVENIDO10: 'ACTIVE',
    });
  });

  it('an unknown code keeps the shop message and its reason', async () => {
    const collar = await variantOf('collares', 50_000);
    expect((await quote([[collar, 1]], 'NOEXISTE')).discountProblem).toEqual({
      reason: 'INVALID',
      message: 'Código de Descuento no valido.',
    });
    const placed = await shop.gql(
      PLACE_WITH_CODE,
      { input: orderInput(collar, 1, { discountCode: 'NOEXISTE' }) },
      { 'x-forwarded-for': '10.77.1.2' },
    );
    expect(placed.data!.placeOrder).toEqual({
      __typename: 'InvalidDiscountCode',
      reason: 'INVALID',
      message: 'Código de Descuento no valido.',
    });
  });
});
