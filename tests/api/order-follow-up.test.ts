import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestShop, type TestShop } from '../setup/test-shop.js';
import { bearer, createUser, signIn } from '../setup/staff-tokens.js';
import { sizeStock } from './checkout-fixtures.js';
import { mailsOf, orderPage, paySandbox, RELEASE, unpaidOrder } from './order-fixtures.js';
import { graphql } from '../gql/index.js';
import type { OrderStatus, TransitionOrderInput } from '../gql/graphql.js';

/** The order a shopper follows after paying: its page and an email at each state. */
let shop: TestShop;
let staff: Record<string, string>;
const STAFF_EMAIL = 'despachos@enzo.test';

beforeAll(async () => {
  shop = await startTestShop();
  await createUser(STAFF_EMAIL, 'clave-segura-1', true);
  staff = bearer(await signIn(inject('authEmulatorHost'), STAFF_EMAIL, 'clave-segura-1'));
});
afterAll(() => shop?.close());

const TRANSITION = graphql(`
  mutation FollowUpTransition($input: TransitionOrderInput!) {
    staffTransitionOrder(input: $input) {
      __typename
      ... on StaffOrder {
        status
      }
    }
  }
`);

async function move(orderId: number, to: OrderStatus, extra: Partial<TransitionOrderInput> = {}) {
  const res = await shop.gql(
    TRANSITION,
    { input: { orderId: String(orderId), to, note: 'Nota interna del equipo', ...extra } },
    staff,
  );
  expect(res.errors).toBeUndefined();
  expect(res.data!.staffTransitionOrder).toEqual({ __typename: 'StaffOrder', status: to });
}

async function paidOrder(skip: number) {
  const order = await unpaidOrder(shop, { skip });
  await paySandbox(shop, order.placed.checkoutUrl, { decision: 'APPROVE' });
  return order;
}

describe('an order the shopper can follow', () => {
  it('emails the shopper when the order is prepared, shipped (with the tracking link) and delivered; the page shows it all', async () => {
    const { placed, row } = await paidOrder(0);
    expect((await mailsOf(shop, row.id)).map((m) => m.subject)).toEqual([
      `Confirmación de tu pedido ${placed.reference} · Enzo`,
      expect.stringMatching(/^Nuevo pedido pagado/),
    ]);

    await move(row.id, 'EN_PREPARACION');
    await move(row.id, 'ENVIADO', { carrier: 'Servientrega', trackingNumber: '2150001234' });
    const shipped = (await mailsOf(shop, row.id)).find(
      (m) => m.subject === `Tu pedido ${placed.reference} va en camino · Enzo`,
    );
    expect(shipped).toBeDefined();
    expect(shipped!.recipient).toBe('ana@correo.com');
    expect(shipped!.text).toContain('salió con Servientrega, guía número 2150001234');
    expect(shipped!.text).toContain('https://www.servientrega.com/wps/portal/rastreo-envio/detalle?id=2150001234');
    expect(shipped!.text).toContain(`/pago-exitoso?ref=${placed.reference}&token=${placed.accessToken}`);

    let page = await orderPage(shop, placed);
    expect(page).toMatchObject({
      status: 'ENVIADO',
      carrier: 'Servientrega',
      trackingNumber: '2150001234',
      trackingUrl: 'https://www.servientrega.com/wps/portal/rastreo-envio/detalle?id=2150001234',
      canPay: false,
      payBefore: null,
    });
    expect(page.timeline.map((s) => s.status)).toEqual(['PENDIENTE_PAGO', 'PAGADO', 'EN_PREPARACION', 'ENVIADO']);

    await move(row.id, 'ENTREGADO');
    page = await orderPage(shop, placed);
    expect(page.timeline.at(-1)!.status).toBe('ENTREGADO');
    const subjects = (await mailsOf(shop, row.id)).map((m) => m.subject);
    expect(subjects).toEqual([
      `Confirmación de tu pedido ${placed.reference} · Enzo`,
      expect.stringMatching(/^Nuevo pedido pagado/),
      `Estamos preparando tu pedido ${placed.reference} · Enzo`,
      `Tu pedido ${placed.reference} va en camino · Enzo`,
      `Tu pedido ${placed.reference} fue entregado · Enzo`,
    ]);
    // Nothing the shopper reads names the staff member or repeats their note.
    for (const mail of (await mailsOf(shop, row.id)).filter((m) => m.recipient === 'ana@correo.com')) {
      expect(mail.text).not.toContain(STAFF_EMAIL);
      expect(mail.text).not.toContain('Nota interna');
    }
    expect(JSON.stringify(page)).not.toContain(STAFF_EMAIL);
  });

  it('shows other carriers as text, without an invented link', async () => {
    const { placed, row } = await paidOrder(1);
    await move(row.id, 'EN_PREPARACION');
    await move(row.id, 'ENVIADO', { carrier: 'Mensajería Cúcuta Express', trackingNumber: 'MC-88' });
    expect(await orderPage(shop, placed)).toMatchObject({
      carrier: 'Mensajería Cúcuta Express',
      trackingNumber: 'MC-88',
      trackingUrl: null,
    });
  });

  it('tells the shopper when staff cancel a paid order and the money comes back', async () => {
    const { placed, row } = await paidOrder(2);
    await move(row.id, 'CANCELADO');
    const cancelled = (await mailsOf(shop, row.id)).find(
      (m) => m.subject === `Cancelamos tu pedido ${placed.reference} · Enzo`,
    );
    expect(cancelled!.text).toContain('te devolveremos');
    expect(await orderPage(shop, placed)).toMatchObject({ status: 'CANCELADO', refundPending: true });
  });

  it('tells the shopper when staff cancel an unpaid order, but not when the shopper lets it go', async () => {
    const first = await unpaidOrder(shop, { skip: 3 });
    await move(first.row.id, 'CANCELADO');
    expect((await mailsOf(shop, first.row.id)).map((m) => m.subject)).toEqual([
      `Cancelamos tu pedido ${first.placed.reference} · Enzo`,
    ]);

    const second = await unpaidOrder(shop, { skip: 4, stock: 3, quantity: 2 });
    expect(await sizeStock(shop, second.v.sizeId)).toEqual({ stock: 1, reserved: 2 });
    const res = await shop.gql(RELEASE, { reference: second.placed.reference, token: second.placed.accessToken });
    expect(res.data).toEqual({
      releaseOrder: { __typename: 'OrderReleased', reference: second.placed.reference, status: 'CANCELADO' },
    });
    expect(await sizeStock(shop, second.v.sizeId)).toEqual({ stock: 3, reserved: 0 });
    expect(await mailsOf(shop, second.row.id)).toEqual([]);
  });
});
