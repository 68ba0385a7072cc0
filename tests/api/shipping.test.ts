import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject, vi } from 'vitest';
import { startTestShop, type TestShop } from '../setup/test-shop.js';
import { captureStatements } from '../bench/statement-counter.js';
import { legacyStaffHeaders } from '../setup/staff-tokens.js';
import {
  orderInput,
  orderRow,
  knownEvent,
  placedOrder,
  placeOrder,
  postEvent,
  variantWithStock,
  type Variant,
} from './checkout-fixtures.js';
import { expectTypename } from '../setup/graphql-post.js';
import { graphql } from '../gql/index.js';
import type { ShippingRateInput } from '../gql/graphql.js';

let shop: TestShop;
let auth: Record<string, string>;
let item: Variant;

beforeAll(async () => {
  shop = await startTestShop();
  auth = await legacyStaffHeaders(inject('authEmulatorHost'), 'staff-envios@enzo.test');
  item = await variantWithStock(shop, 500);
  // A known price makes the threshold arithmetic readable: 40.000 per unit.
  await shop.ds.query('UPDATE product SET price = 40000 WHERE id = $1', [Number(item.productId)]);
});
afterAll(() => shop?.close());

const QUOTE = graphql(`
  query QuoteShipping($input: CartQuoteInput!) {
    cartQuote(input: $input) {
      subtotal
      discount
      shipping
      total
      shippingIsEstimate
      freeShippingFrom
      delivery {
        minDays
        maxDays
        label
      }
    }
  }
`);
const quote = async (
  quantity: number,
  destination?: { departmentCode: string; municipalityCode?: string },
  discountCode?: string,
) => {
  const res = await shop.gql(QUOTE, {
    input: { lines: [{ productId: item.productId, sizeId: item.sizeId, quantity }], discountCode, destination },
  });
  expect(res.errors).toBeUndefined();
  return res.data!.cartQuote;
};

graphql(`
  fragment ShippingInvalid on ValidationErrors {
    __typename
    message
    errors {
      field
      message
    }
  }
`);
const SAVE_RATE = graphql(`
  mutation SaveShippingRate($input: ShippingRateInput!) {
    staffSaveShippingRate(input: $input) {
      __typename
      ... on ShippingRate {
        id
        fee
        minDays
        maxDays
        municipalityName
      }
      ...ShippingInvalid
    }
  }
`);
const SAVE_SETTINGS = graphql(`
  mutation SaveShippingSettings($input: ShippingSettingsInput!) {
    staffSaveShippingSettings(input: $input) {
      __typename
      ... on ShippingSettings {
        freeFrom
        defaultFee
        updatedBy
      }
      ...ShippingInvalid
    }
  }
`);
const REMOVE_RATE = graphql(`
  mutation RemoveShippingRate($id: ID!) {
    staffRemoveShippingRate(id: $id) {
      __typename
      ... on ShippingRateRemoved {
        id
      }
      ...ShippingInvalid
      ... on NotFound {
        message
      }
    }
  }
`);
const SHOP_SHIPPING = graphql(`
  query ShopShippingSettings {
    shopSettings {
      freeShippingThreshold
      shippingFee
      delivery {
        label
      }
    }
  }
`);
const DELIVERY_RECEIPT = graphql(`
  query DeliveryReceipt($r: String!, $t: String!) {
    orderReceipt(reference: $r, token: $t) {
      status
      delivery {
        label
        earliest
        latest
      }
    }
  }
`);

describe('shipping by destination', () => {
  it('quotes «desde» the lowest fee and the widest delivery time until the destination is known', async () => {
    const q = await quote(1);
    expect(q).toMatchObject({
      subtotal: 40_000,
      shipping: 16_500,
      total: 56_500,
      shippingIsEstimate: true,
      freeShippingFrom: 150_000,
    });
    expect(q.delivery).toEqual({ minDays: 1, maxDays: 8, label: '1 a 8 días hábiles' });
    const settings = await shop.gql(SHOP_SHIPPING);
    expect(settings.data!.shopSettings).toEqual({
      freeShippingThreshold: 150_000,
      shippingFee: 16_500,
      delivery: { label: '1 a 8 días hábiles' },
    });
  });

  it.each([
    ['Bogotá', { departmentCode: '11', municipalityCode: '11001' }, '1 a 2 días hábiles'],
    ['Medellín (capital)', { departmentCode: '05', municipalityCode: '05001' }, '2 a 4 días hábiles'],
    ['Abejorral (Antioquia)', { departmentCode: '05', municipalityCode: '05002' }, '3 a 5 días hábiles'],
    ['Leticia (Amazonas)', { departmentCode: '91', municipalityCode: '91001' }, '5 a 8 días hábiles'],
    ['a department only', { departmentCode: '68' }, '3 a 5 días hábiles'],
  ])('re-prices for %s', async (_name, destination, label) => {
    const q = await quote(1, destination);
    expect(q.shippingIsEstimate).toBe(false);
    expect(q.shipping).toBe(16_500);
    expect(q.delivery.label).toBe(label);
  });

  it('keeps the threshold after the discount: 4 × 40.000 − 10 % = 144.000 pays shipping, 5 units do not', async () => {
    const four = await quote(4, { departmentCode: '11', municipalityCode: '11001' }, 'BIENVENIDO10');
    expect(four).toMatchObject({ subtotal: 160_000, discount: 16_000, shipping: 16_500, total: 160_500 });
    const five = await quote(5, { departmentCode: '11', municipalityCode: '11001' }, 'BIENVENIDO10');
    expect(five).toMatchObject({ subtotal: 200_000, discount: 20_000, shipping: 0, total: 180_000 });
  });

  it('lets staff override a municipality and move the free-shipping threshold; the server charges it', async () => {
    const saved = await shop.gql(
      SAVE_RATE,
      { input: { departmentCode: '05', municipalityCode: '05002', fee: 25_000, minDays: 4, maxDays: 6 } },
      auth,
    );
    expect(saved.errors).toBeUndefined();
    expect(saved.data!.staffSaveShippingRate).toMatchObject({
      __typename: 'ShippingRate',
      fee: 25_000,
      municipalityName: 'Abejorral',
    });
    expect(await quote(1, { departmentCode: '05', municipalityCode: '05002' })).toMatchObject({
      shipping: 25_000,
      delivery: { label: '4 a 6 días hábiles' },
    });
    expect((await quote(1, { departmentCode: '05', municipalityCode: '05001' })).shipping).toBe(16_500);

    // The order is priced by the server for its destination, whatever the client showed.
    const placed = await placeOrder(
      shop,
      orderInput(item, 1, {
        shipping: { departmentCode: '05', municipalityCode: '05002', address: 'Calle 1 # 2-3', neighborhood: null },
      }),
    );
    expectTypename(placed, 'OrderPlaced');
    const [row] = await shop.ds.query(
      'SELECT shipping, total, delivery_min_days, delivery_max_days FROM shop_order WHERE reference = $1',
      [placed.reference],
    );
    expect(row).toEqual({ shipping: 25_000, total: 65_000, delivery_min_days: 4, delivery_max_days: 6 });

    const rate = saved.data!.staffSaveShippingRate;
    expectTypename(rate, 'ShippingRate');
    const removed = await shop.gql(REMOVE_RATE, { id: rate.id }, auth);
    expect(removed.data!.staffRemoveShippingRate.__typename).toBe('ShippingRateRemoved');
    expect((await quote(1, { departmentCode: '05', municipalityCode: '05002' })).shipping).toBe(16_500);

    const settings = await shop.gql(
      SAVE_SETTINGS,
      { input: { freeFrom: 200_000, defaultFee: 16_500, defaultMinDays: 3, defaultMaxDays: 8 } },
      auth,
    );
    expect(settings.data!.staffSaveShippingSettings).toMatchObject({
      __typename: 'ShippingSettings',
      freeFrom: 200_000,
      updatedBy: 'staff-envios@enzo.test',
    });
    expect(await quote(4, { departmentCode: '11', municipalityCode: '11001' })).toMatchObject({
      subtotal: 160_000,
      shipping: 16_500,
      freeShippingFrom: 200_000,
    });
    await shop.gql(
      SAVE_SETTINGS,
      { input: { freeFrom: 150_000, defaultFee: 16_500, defaultMinDays: 3, defaultMaxDays: 8 } },
      auth,
    );
  });

  it('refuses bad rates with Spanish messages and changes nothing', async () => {
    const cases: Array<[ShippingRateInput, string, string]> = [
      [
        { departmentCode: '00', fee: 1, minDays: 1, maxDays: 2 },
        'departmentCode',
        'Elige un departamento de la lista.',
      ],
      [
        { departmentCode: '05', municipalityCode: '11001', fee: 1, minDays: 1, maxDays: 2 },
        'municipalityCode',
        'Elige un municipio de Antioquia de la lista.',
      ],
      [
        { departmentCode: '05', fee: -1, minDays: 1, maxDays: 2 },
        'fee',
        'El valor del envío debe ser un número entero de pesos (0 o más).',
      ],
      [
        { departmentCode: '05', fee: 1, minDays: 5, maxDays: 2 },
        'minDays',
        'El mínimo de días no puede ser mayor que el máximo.',
      ],
    ];
    for (const [input, field, message] of cases) {
      const res = await shop.gql(SAVE_RATE, { input }, auth);
      expect(res.data!.staffSaveShippingRate).toMatchObject({
        __typename: 'ValidationErrors',
        errors: [{ field, message }],
      });
    }
    const [department] = await shop.ds.query(
      `SELECT id FROM shipping_rate WHERE department_code = '05' AND municipality_code IS NULL`,
    );
    const refused = await shop.gql(REMOVE_RATE, { id: String(department.id) }, auth);
    expect(refused.data!.staffRemoveShippingRate.__typename).toBe('ValidationErrors');
    expect((await quote(1, { departmentCode: '05', municipalityCode: '05002' })).delivery.label).toBe(
      '3 a 5 días hábiles',
    );
    const anonymous = await shop.gql(SAVE_RATE, { input: { departmentCode: '05', fee: 0, minDays: 0, maxDays: 0 } });
    expect(anonymous.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('states the delivery estimate on the receipt, with dates once paid (business days, holidays counted)', async () => {
    const placed = await placedOrder(
      shop,
      orderInput(item, 1, {
        shipping: { departmentCode: '11', municipalityCode: '11001', address: 'Calle 10 # 5-20', neighborhood: null },
      }),
    );
    const before = await shop.gql(DELIVERY_RECEIPT, {
      r: placed.reference,
      t: placed.accessToken,
    });
    expect(before.data!.orderReceipt?.delivery).toEqual({ label: '1 a 2 días hábiles', earliest: null, latest: null });
    const row = await orderRow(shop, placed.reference);
    expect(
      await postEvent(
        shop,
        await knownEvent(shop, {
          id: `tx-envio-${row.id}`,
          reference: placed.reference,
          amountInCents: row.total * 100,
          status: 'APPROVED',
        }),
      ),
    ).toBe(200);
    // Paid on a Friday before a holiday Monday: 1 to 2 business days are Tuesday and Wednesday.
    await shop.ds.query(
      `UPDATE order_transition SET at = '2026-11-13T15:00:00-05:00' WHERE order_id = $1 AND to_status = 'PAGADO'`,
      [row.id],
    );
    const after = await shop.gql(DELIVERY_RECEIPT, { r: placed.reference, t: placed.accessToken });
    expect(after.data!.orderReceipt).toMatchObject({
      status: 'PAGADO',
      delivery: { earliest: '2026-11-17', latest: '2026-11-18' },
    });
  });

  it('keeps the settings quotes need between changes: no settings SQL per quote, any change reaches the next quote, an order reads the rows', async () => {
    const bogota = { departmentCode: '11', municipalityCode: '11001' };
    const before = await quote(1, bogota);
    // Warm: a quote now reads only the products, whatever the destination's settings.
    const capture = captureStatements();
    try {
      await quote(1, bogota);
    } finally {
      capture.stop();
    }
    const statements = capture.statements;
    expect(statements.some((q) => q.includes('product_size'))).toBe(true);
    expect(statements.filter((q) => /shipping_settings|shipping_rate|cash_on_delivery_settings/.test(q))).toEqual([]);

    // A change made elsewhere (another instance, SQL by hand) reaches this instance by its notification alone.
    const other = new pg.Client({ connectionString: shop.databaseUrl });
    await other.connect();
    try {
      await other.query(`UPDATE shipping_rate SET fee = fee + 1100 WHERE department_code = '11'`);
      await vi.waitFor(async () => expect((await quote(1, bogota)).shipping).toBe(before.shipping + 1100), {
        timeout: 5000,
        interval: 50,
      });
    } finally {
      await other.query(`UPDATE shipping_rate SET fee = fee - 1100 WHERE department_code = '11'`);
      await other.end();
    }
    await shop.catalogCache.sync();
    expect((await quote(1, bogota)).shipping).toBe(before.shipping);

    // Placing an order never takes the cached terms: it reads the rate with the order.
    shop.catalogCache.values.set('shipping-terms:11:11001', {
      value: { fee: 1, freeFrom: 150_000, minDays: 1, maxDays: 2, estimate: false },
    });
    expect((await quote(1, bogota)).shipping).toBe(1);
    const placed = await placedOrder(
      shop,
      orderInput(item, 1, {
        shipping: { departmentCode: '11', municipalityCode: '11001', address: 'Calle 10 # 5-20', neighborhood: null },
      }),
    );
    const [row] = await shop.ds.query('SELECT shipping FROM shop_order WHERE reference = $1', [placed.reference]);
    expect(row.shipping).toBe(before.shipping);
    shop.catalogCache.invalidate();
  });
});
