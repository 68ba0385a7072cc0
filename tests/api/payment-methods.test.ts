import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { startTestShop, type TestShop } from '../setup/test-shop.js';
import { legacyStaffHeaders } from '../setup/staff-tokens.js';
import { orderRow, sizeStock } from './checkout-fixtures.js';
import { orderPage, SANDBOX_PAY, sandboxSession, unpaidOrder } from './order-fixtures.js';
import type { SandboxPayInput } from '../gql/graphql.js';
import { graphql } from '../gql/index.js';

/** The methods Colombians pay with, in the sandbox gateway: each posts Wompi's signed event, and the order records the method used. */
let shop: TestShop;
let auth: Record<string, string>;
beforeAll(async () => {
  shop = await startTestShop();
  auth = await legacyStaffHeaders(inject('authEmulatorHost'), 'pagos-staff@enzo.test');
});
afterAll(() => shop?.close());

async function pay(checkoutUrl: string, input: Omit<SandboxPayInput, 'session'>) {
  const session = new URL(checkoutUrl, shop.url).searchParams.get('session')!;
  return shop.gql(SANDBOX_PAY, { input: { session, ...input } });
}

/** What the gateway event said, as the shop stored it. */
async function eventMethod(reference: string): Promise<string | undefined> {
  const rows: Array<{ method: string }> = await shop.ds.query(
    `SELECT payload->'transaction'->>'paymentMethodType' AS method FROM payment_event WHERE reference = $1 ORDER BY id DESC LIMIT 1`,
    [reference],
  );
  return rows[0]?.method;
}

const cases = [
  {
    name: 'Nequi 3991111111 approves',
    method: 'NEQUI',
    input: { nequiPhone: '399 111 1111' },
    status: 'APPROVED',
    order: 'PAGADO',
  },
  {
    name: 'Nequi 3992222222 declines',
    method: 'NEQUI',
    input: { nequiPhone: '3992222222' },
    status: 'DECLINED',
    order: 'PAGO_RECHAZADO',
  },
  {
    name: 'Botón Bancolombia approves',
    method: 'BANCOLOMBIA_TRANSFER',
    input: { decision: 'APPROVE' },
    status: 'APPROVED',
    order: 'PAGADO',
  },
  {
    name: 'Botón Bancolombia declines',
    method: 'BANCOLOMBIA_TRANSFER',
    input: { decision: 'DECLINE' },
    status: 'DECLINED',
    order: 'PAGO_RECHAZADO',
  },
  {
    name: 'card 4242 approves',
    method: 'CARD',
    input: { cardNumber: '4242 4242 4242 4242' },
    status: 'APPROVED',
    order: 'PAGADO',
  },
  {
    name: 'card 4111 declines',
    method: 'CARD',
    input: { cardNumber: '4111 1111 1111 1111' },
    status: 'DECLINED',
    order: 'PAGO_RECHAZADO',
  },
  { name: 'PSE bank 1 approves', method: 'PSE', input: { pseBank: '1' }, status: 'APPROVED', order: 'PAGADO' },
  { name: 'PSE bank 2 declines', method: 'PSE', input: { pseBank: '2' }, status: 'DECLINED', order: 'PAGO_RECHAZADO' },
] as const;

describe('sandbox methods', () => {
  it.each(cases.map((c, i) => ({ ...c, i })))(
    '$name: the signed event moves the order and records the method',
    async ({ method, input, status, order, i }) => {
      // Chosen at checkout as NEQUI or BANCOLOMBIA_TRANSFER, or card; the sandbox preselects it.
      const { v, placed } = await unpaidOrder(shop, { skip: i, stock: 3, overrides: { paymentMethod: method } });
      expect(await sandboxSession(shop, placed.checkoutUrl)).toMatchObject({ paymentMethod: method });
      const res = await pay(placed.checkoutUrl, { ...input, paymentMethod: method });
      expect(res.errors).toBeUndefined();
      expect(res.data!.sandboxPay.status).toBe(status);
      const page = await orderPage(shop, placed);
      expect(page).toMatchObject({ status: order, paymentMethod: method });
      expect(await eventMethod(placed.reference)).toBe(method);
      expect(await sizeStock(shop, v.sizeId)).toEqual(
        status === 'APPROVED' ? { stock: 2, reserved: 0 } : { stock: 3, reserved: 0 },
      );
    },
  );

  it('records the method actually used when the shopper switches at the gateway (card chosen, paid with Nequi)', async () => {
    const { placed } = await unpaidOrder(shop, { skip: 8 });
    expect((await orderRow(shop, placed.reference)).status).toBe('PENDIENTE_PAGO');
    const res = await pay(placed.checkoutUrl, { paymentMethod: 'NEQUI', nequiPhone: '+57 399 111 1111' });
    expect(res.data!.sandboxPay.status).toBe('APPROVED');
    expect(await orderPage(shop, placed)).toMatchObject({ status: 'PAGADO', paymentMethod: 'NEQUI' });
    const [step] = await shop.ds.query(
      `SELECT note FROM order_transition t JOIN shop_order o ON o.id = t.order_id WHERE o.reference = $1 AND t.to_status = 'PAGADO'`,
      [placed.reference],
    );
    expect(step.note).toMatch(/aprobada \(Nequi\)$/);
  });

  it('answers another Nequi number with a clear Spanish error and keeps the session payable', async () => {
    const { placed } = await unpaidOrder(shop, { skip: 9, overrides: { paymentMethod: 'NEQUI' } });
    const wrong = await pay(placed.checkoutUrl, { nequiPhone: '3001234567' });
    expect(wrong.errors?.[0]).toMatchObject({
      message: 'Usa el celular Nequi de prueba 399 111 1111 (aprueba) o 399 222 2222 (rechaza).',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect((await orderRow(shop, placed.reference)).status).toBe('PENDIENTE_PAGO');
    expect((await pay(placed.checkoutUrl, { nequiPhone: '3991111111' })).data!.sandboxPay.status).toBe('APPROVED');
  });

  it('asks Botón Bancolombia for a decision, and refuses cash on delivery at the gateway', async () => {
    const { placed } = await unpaidOrder(shop, { skip: 10, overrides: { paymentMethod: 'BANCOLOMBIA_TRANSFER' } });
    expect((await pay(placed.checkoutUrl, {})).errors?.[0]?.message).toBe(
      'Elige si el banco aprueba o rechaza la transferencia.',
    );
    expect(
      (await pay(placed.checkoutUrl, { paymentMethod: 'CASH_ON_DELIVERY', decision: 'APPROVE' })).errors?.[0]?.message,
    ).toBe('Elige tarjeta, PSE, Nequi o Botón Bancolombia.');
    expect((await orderRow(shop, placed.reference)).status).toBe('PENDIENTE_PAGO');
  });

  it('lets staff filter by the method used and exports it', async () => {
    const list = await shop.gql(
      graphql(`
        query StaffOrdersByMethod($filter: StaffOrderFilter) {
          staffOrders(filter: $filter, first: 100) {
            csvUrl
            edges {
              node {
                reference
                paymentMethod
              }
            }
          }
        }
      `),
      { filter: { paymentMethods: ['NEQUI'] } },
      auth,
    );
    const nodes = list.data!.staffOrders.edges.map((e) => e.node);
    expect(nodes.length).toBe(4);
    expect(nodes.every((n) => n.paymentMethod === 'NEQUI')).toBe(true);
    const csv = await (await fetch(`${shop.url}${list.data!.staffOrders.csvUrl}`, { headers: auth })).text();
    expect(
      csv
        .trim()
        .split('\r\n')
        .slice(1)
        .every((r) => r.includes(';Nequi;')),
    ).toBe(true);
    const bad = await fetch(`${shop.url}/api/staff/orders.csv?method=EFECTIVO`, { headers: auth });
    expect(bad.status).toBe(400);
  });
});
