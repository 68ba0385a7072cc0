import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestShop, type TestShop } from '../setup/test-shop.js';
import { legacyStaffHeaders } from '../setup/staff-tokens.js';
import { allowedTransitions } from '../../server/src/modules/orders/order-edges.js';
import { orderInput, orderRow, placeOrder, variantWithStock, type Placed } from './checkout-fixtures.js';
import { paySandbox, RELEASE, RETRY } from './order-fixtures.js';
import { expectTypename } from '../setup/graphql-post.js';
import { graphql } from '../gql/index.js';
import type { OrderStatus, TransitionOrderInput } from '../gql/graphql.js';
import type { PlaceOrderInput } from '../../client/src/gql/types.js';

/**
 * The storefront decides nothing from an order's status: the receipt says what the shopper may do (pay, let the order
 * go), whether a payment's answer is awaited, whether the order goes ahead and whether it ended, all read from the
 * order lifecycle's table. Walked here through real payments, staff steps, expiry and a release.
 */
let shop: TestShop;
let auth: Record<string, string>;
beforeAll(async () => {
  shop = await startTestShop();
  auth = await legacyStaffHeaders(inject('authEmulatorHost'), 'staff-ciclo@enzo.test');
});
afterAll(() => shop?.close());

const PAGE = graphql(`
  query ShopperOrderMoves($reference: String!, $token: String!) {
    orderReceipt(reference: $reference, token: $token) {
      status
      canPay
      mayRelease
      awaitingGateway
      confirmed
      ended
    }
  }
`);
const LOOKUP = graphql(`
  query LookupOrderStatus($reference: String!, $email: String!) {
    orderLookup(reference: $reference, email: $email) {
      __typename
      ... on OrderLookup {
        status
        confirmed
      }
    }
  }
`);
const TRANSITION = graphql(`
  mutation ShopperMovesStaffTransition($input: TransitionOrderInput!) {
    staffTransitionOrder(input: $input) {
      __typename
      ... on StaffOrder {
        status
      }
      ... on TransitionNotAllowed {
        message
      }
    }
  }
`);
const SAVE_COD = graphql(`
  mutation EnableCashOnDelivery($input: CashOnDeliveryInput!) {
    staffSaveCashOnDelivery(input: $input) {
      __typename
    }
  }
`);

let shoppers = 0;
async function place(overrides: Partial<PlaceOrderInput> = {}) {
  const v = await variantWithStock(shop, 5, 40 + shoppers);
  const email = `ciclo${++shoppers}@correo.com`;
  const placed = await placeOrder(shop, orderInput(v, 1, { ...overrides, customer: { ...customer(), email } }));
  expectTypename(placed, 'OrderPlaced');
  return { v, placed, email, id: (await orderRow(shop, placed.reference)).id };
}
const customer = () => orderInput({ productId: '0', sizeId: '0', price: 0 }).customer;

/** The receipt's answer, checked against the lifecycle table: letting go is exactly the shopper's edge to CANCELADO. */
async function view(placed: Placed) {
  const res = await shop.gql(PAGE, {
    reference: placed.reference,
    token: placed.accessToken,
  });
  expect(res.errors).toBeUndefined();
  const page = res.data!.orderReceipt!;
  expect(page.mayRelease).toBe(allowedTransitions(page.status, 'shopper').includes('CANCELADO'));
  if (page.canPay) expect(allowedTransitions(page.status, 'shopper')).toContain('PENDIENTE_PAGO');
  return page;
}

async function lookup(placed: Placed, email: string) {
  const res = await shop.gql(
    LOOKUP,
    { reference: placed.reference, email },
    { 'x-forwarded-for': `203.0.113.${shoppers}` },
  );
  expect(res.errors).toBeUndefined();
  return res.data!.orderLookup;
}

async function staffMove(orderId: number, to: OrderStatus, extra: Partial<TransitionOrderInput> = {}) {
  const res = await shop.gql(TRANSITION, { input: { orderId: String(orderId), to, ...extra } }, auth);
  expect(res.errors).toBeUndefined();
  expect(res.data!.staffTransitionOrder).toMatchObject({ __typename: 'StaffOrder', status: to });
}

const release = async (placed: Placed) =>
  (
    await shop.gql(RELEASE, {
      reference: placed.reference,
      token: placed.accessToken,
    })
  ).data!.releaseOrder;

const retry = async (placed: Placed) =>
  (
    await shop.gql(RETRY, {
      reference: placed.reference,
      token: placed.accessToken,
    })
  ).data!.retryPayment;

const NOTHING = { canPay: false, mayRelease: false, awaitingGateway: false, confirmed: false, ended: false };

describe("what the shopper may do with their order, from the server's lifecycle", () => {
  it('unpaid: pay or let it go while the answer is awaited; paid: it goes ahead, through to delivery', async () => {
    const { placed, email, id } = await place();
    expect(await view(placed)).toEqual({
      status: 'PENDIENTE_PAGO',
      canPay: true,
      mayRelease: true,
      awaitingGateway: true,
      confirmed: false,
      ended: false,
    });
    expect(await lookup(placed, email)).toMatchObject({ status: 'PENDIENTE_PAGO', confirmed: false });

    await paySandbox(shop, placed.checkoutUrl, { decision: 'APPROVE' });
    expect(await view(placed)).toEqual({ ...NOTHING, status: 'PAGADO', confirmed: true });
    expect(await lookup(placed, email)).toMatchObject({ status: 'PAGADO', confirmed: true });
    expect((await release(placed)).__typename).toBe('OrderAlreadyPaid');

    await staffMove(id, 'EN_PREPARACION');
    await staffMove(id, 'ENVIADO', { carrier: 'Servientrega', trackingNumber: `SV-${id}` });
    expect(await view(placed)).toEqual({ ...NOTHING, status: 'ENVIADO', confirmed: true });
    await staffMove(id, 'ENTREGADO');
    expect(await view(placed)).toEqual({ ...NOTHING, status: 'ENTREGADO', confirmed: true });
  });

  it('declined: pays again while its products are there; once they are gone it ended, and letting it go cancels it', async () => {
    const { v, placed } = await place();
    await paySandbox(shop, placed.checkoutUrl, { cardNumber: '4111 1111 1111 1111' });
    expect(await view(placed)).toEqual({ ...NOTHING, status: 'PAGO_RECHAZADO', canPay: true, mayRelease: true });

    // Someone else bought the last units meanwhile.
    await shop.ds.query(`UPDATE product_size SET stock = 0 WHERE id = $1`, [Number(v.sizeId)]);
    expect(await view(placed)).toEqual({ ...NOTHING, status: 'PAGO_RECHAZADO', mayRelease: true, ended: true });
    expect((await retry(placed)).__typename).toBe('PaymentRetryUnavailable');

    expect(await release(placed)).toMatchObject({ __typename: 'OrderReleased', status: 'CANCELADO' });
    expect(await view(placed)).toEqual({ ...NOTHING, status: 'CANCELADO', ended: true });
  });

  it('expired, or a paid parcel that came back: ended, nothing to pay or let go', async () => {
    const late = await place();
    await shop.ds.query(`UPDATE shop_order SET expires_at = now() - interval '1 minute' WHERE id = $1`, [late.id]);
    expect(await shop.services.orders.expiry.runOnce()).toBeGreaterThanOrEqual(1);
    expect(await view(late.placed)).toEqual({ ...NOTHING, status: 'EXPIRADO', ended: true });
    expect((await retry(late.placed)).__typename).toBe('PaymentRetryUnavailable');
    expect(await release(late.placed)).toMatchObject({ __typename: 'OrderReleased', status: 'EXPIRADO' });

    const back = await place();
    await paySandbox(shop, back.placed.checkoutUrl, { decision: 'APPROVE' });
    await staffMove(back.id, 'EN_PREPARACION');
    await staffMove(back.id, 'ENVIADO', { carrier: 'Servientrega', trackingNumber: `SV-${back.id}` });
    await staffMove(back.id, 'DEVUELTO');
    expect(await view(back.placed)).toEqual({ ...NOTHING, status: 'DEVUELTO', ended: true });
    expect(await lookup(back.placed, back.email)).toMatchObject({ status: 'DEVUELTO', confirmed: false });
  });

  it('contraentrega: waits for the shop (nothing to pay, not ended) and goes ahead once confirmed by phone', async () => {
    const saved = await shop.gql(SAVE_COD, { input: { enabled: true, maxTotal: 1_000_000, fee: 0 } }, auth);
    expect(saved.data!.staffSaveCashOnDelivery.__typename).toBe('CashOnDeliverySettings');
    const { placed, email, id } = await place({ paymentMethod: 'CASH_ON_DELIVERY' });
    expect(await view(placed)).toEqual({ ...NOTHING, status: 'POR_CONFIRMAR' });
    expect(await lookup(placed, email)).toMatchObject({ status: 'POR_CONFIRMAR', confirmed: false });
    await staffMove(id, 'EN_PREPARACION');
    expect(await view(placed)).toEqual({ ...NOTHING, status: 'EN_PREPARACION', confirmed: true });
    expect(await lookup(placed, email)).toMatchObject({ status: 'EN_PREPARACION', confirmed: true });
  });
});
