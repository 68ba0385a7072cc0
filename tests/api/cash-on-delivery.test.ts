import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { captureStatements } from '../bench/statement-counter.js';
import { startTestShop, type TestShop } from '../setup/test-shop.js';
import { legacyStaffHeaders } from '../setup/staff-tokens.js';
import { orderInput, orderRow, shopperIp, sizeStock, variantWithStock, type Variant } from './checkout-fixtures.js';
import { mailsOf } from './order-fixtures.js';
import { expectTypename } from '../setup/graphql-post.js';
import { graphql } from '../gql/index.js';
import type { CashOnDeliveryInput, OrderStatus, PaymentMethod, TransitionOrderInput } from '../gql/graphql.js';
import type { PlaceOrderInput } from '../../client/src/gql/types.js';
import { CartQuoteDocument } from '../../client/src/features/cart/cart.generated.js';
import { PlaceOrderDocument } from '../../client/src/features/checkout/checkout.generated.js';
import { OrderReceiptDocument } from '../../client/src/features/orders/orders.generated.js';
import {
  StaffCashOnDeliveryDocument,
  StaffSaveCashOnDeliveryDocument,
} from '../../client/src/features/staff-payments/staff-payments.generated.js';
import {
  StaffMarkCashCollectedDocument,
  StaffOrderDetailDocument,
  StaffTransitionOrderDocument,
} from '../../client/src/features/staff-orders/staff-orders.generated.js';
import { StaffDashboardHomeDocument } from '../../client/src/features/staff-home/staff-home.generated.js';

/** Cash on delivery (contraentrega): the staff switch, the maximum and the fee, decided by the server; the order's own lifecycle. */
let shop: TestShop;
let auth: Record<string, string>;
beforeAll(async () => {
  shop = await startTestShop();
  auth = await legacyStaffHeaders(inject('authEmulatorHost'), 'cod-staff@enzo.test');
});
afterAll(() => shop?.close());

// The app's own documents (the checkout, the order page, the staff's payment and order screens): what they send is
// what is tested.
const SAVE = StaffSaveCashOnDeliveryDocument;
const QUOTE = CartQuoteDocument;
const PLACE = PlaceOrderDocument;
const RECEIPT = OrderReceiptDocument;
const TRANSITION = StaffTransitionOrderDocument;
const COLLECT = StaffMarkCashCollectedDocument;
// The staff list selects no payment fee: the test asks for it to check the fee each order carries.
const LIST = graphql(`
  query CodStaffOrders($filter: StaffOrderFilter) {
    staffOrders(filter: $filter, first: 100) {
      totalCount
      csvUrl
      edges {
        node {
          reference
          status
          paymentMethod
          paymentFee
        }
      }
    }
  }
`);
const PAYMENT_OPTIONS = graphql(`
  query CodPaymentOptions {
    paymentOptions {
      methods
    }
  }
`);

const codInput = (v: Variant, quantity = 1, overrides: Partial<PlaceOrderInput> = {}) =>
  orderInput(v, quantity, { paymentMethod: 'CASH_ON_DELIVERY', ...overrides });

async function save(input: CashOnDeliveryInput) {
  const res = await shop.gql(SAVE, { input }, auth);
  expect(res.errors).toBeUndefined();
  return res.data!.staffSaveCashOnDelivery;
}

async function quote(v: Variant, quantity: number, paymentMethod?: PaymentMethod) {
  const input = {
    lines: [{ productId: v.productId, sizeId: v.sizeId, quantity }],
    destination: { departmentCode: '54', municipalityCode: '54001' },
    paymentMethod,
  };
  const res = await shop.gql(QUOTE, { input });
  expect(res.errors).toBeUndefined();
  return res.data!.cartQuote;
}

async function place(input: PlaceOrderInput) {
  const res = await shop.gql(PLACE, { input }, shopperIp());
  expect(res.errors).toBeUndefined();
  return res.data!.placeOrder;
}

async function staffMove(orderId: number, to: OrderStatus, extra: Omit<TransitionOrderInput, 'orderId' | 'to'> = {}) {
  const res = await shop.gql(TRANSITION, { input: { orderId: String(orderId), to, ...extra } }, auth);
  expect(res.errors).toBeUndefined();
  return res.data!.staffTransitionOrder;
}

const collect = async (orderId: number, note?: string) => {
  const res = await shop.gql(COLLECT, { orderId: String(orderId), note }, auth);
  expect(res.errors).toBeUndefined();
  return res.data!.staffMarkCashCollected;
};

describe('cash on delivery settings', () => {
  it('is off by default: the quote says why and placeOrder refuses it without placing anything', async () => {
    const v = await variantWithStock(shop, 5, 0);
    const q = await quote(v, 1, 'CASH_ON_DELIVERY');
    expect(q.cashOnDelivery).toMatchObject({
      available: false,
      reason: 'DISABLED',
      message: expect.stringContaining('no está disponible'),
    });
    expect((await shop.gql(PAYMENT_OPTIONS)).data!.paymentOptions.methods).toEqual([
      'CARD',
      'PSE',
      'NEQUI',
      'BANCOLOMBIA_TRANSFER',
    ]);
    const input = codInput(v);
    const refused = await place(input);
    expect(refused).toMatchObject({
      __typename: 'CashOnDeliveryUnavailable',
      reason: 'DISABLED',
      message: 'El pago contraentrega no está disponible en este momento. Elige otro medio de pago.',
    });
    expect(await shop.ds.query(`SELECT id FROM shop_order WHERE idempotency_key = $1`, [input.idempotencyKey])).toEqual(
      [],
    );
    expect(await sizeStock(shop, v.sizeId)).toEqual({ stock: 5, reserved: 0 });
  });

  it('only staff change it, with whole non-negative pesos', async () => {
    const anonymous = await shop.gql(SAVE, { input: { enabled: true, maxTotal: 100000, fee: 0 } });
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(await save({ enabled: true, maxTotal: 100000, fee: -1 })).toMatchObject({
      __typename: 'ValidationErrors',
      errors: [{ field: 'fee', message: 'El recargo debe ser un número entero de pesos (0 o más).' }],
    });
    expect(await save({ enabled: true, maxTotal: 5000, fee: 5000 })).toMatchObject({
      __typename: 'ValidationErrors',
      errors: [{ field: 'maxTotal' }],
    });
    expect(await save({ enabled: true, maxTotal: 400000, fee: 8000 })).toMatchObject({
      __typename: 'CashOnDeliverySettings',
      enabled: true,
      maxTotal: 400000,
      fee: 8000,
      updatedBy: 'cod-staff@enzo.test',
    });
    expect((await shop.gql(PAYMENT_OPTIONS)).data!.paymentOptions.methods).toContain('CASH_ON_DELIVERY');
  });
});

describe('cash on delivery limits', () => {
  it('adds the fee as its own line only when chosen, and accepts an order exactly at the maximum', async () => {
    const v = await variantWithStock(shop, 5, 1);
    const card = await quote(v, 2, 'CARD');
    const cod = await quote(v, 2, 'CASH_ON_DELIVERY');
    expect(card.paymentFee).toBe(0);
    expect(cod.paymentFee).toBe(8000);
    expect(cod.total).toBe(card.total + 8000);
    expect(card.cashOnDelivery).toMatchObject({ available: true, fee: 8000 });

    await save({ enabled: true, maxTotal: cod.total, fee: 8000 });
    const placed = await place(codInput(v, 2));
    expectTypename(placed, 'OrderPlaced');
    // No gateway: the shopper goes straight to the order page.
    expect(placed.checkoutUrl).toContain(`/pago-exitoso?ref=${placed.reference}`);
    const row = await orderRow(shop, placed.reference);
    expect(row).toMatchObject({ status: 'POR_CONFIRMAR', total: cod.total });
    expect(await sizeStock(shop, v.sizeId)).toEqual({ stock: 3, reserved: 2 });
    const receipt = (
      await shop.gql(RECEIPT, {
        reference: placed.reference,
        token: placed.accessToken,
      })
    ).data!.orderReceipt;
    expect(receipt).toMatchObject({
      status: 'POR_CONFIRMAR',
      paymentMethod: 'CASH_ON_DELIVERY',
      paymentFee: 8000,
      total: cod.total,
      canPay: false,
      payBefore: null,
      timeline: [{ from: null, status: 'POR_CONFIRMAR' }],
    });
    const mails = await mailsOf(shop, row.id);
    expect(mails.map((m) => m.subject)).toEqual([
      `Recibimos tu pedido ${placed.reference} (pago contraentrega) · Enzo`,
      `Nuevo pedido contraentrega por confirmar ${placed.reference} · $ ${cod.total.toLocaleString('es-CO')}`,
    ]);
    expect(mails[0]!.text).toContain('Te llamaremos al 3154827760');
    expect(mails[0]!.html).toContain('Recargo pago contraentrega');
  });

  it('refuses an order one peso over the maximum (fee included) and places nothing', async () => {
    const v = await variantWithStock(shop, 5, 2);
    const cod = await quote(v, 1, 'CASH_ON_DELIVERY');
    await save({ enabled: true, maxTotal: cod.total - 1, fee: 8000 });
    expect((await quote(v, 1, 'CASH_ON_DELIVERY')).cashOnDelivery).toMatchObject({
      available: false,
      reason: 'OVER_MAXIMUM',
      maxTotal: cod.total - 1,
    });
    const input = codInput(v);
    const refused = await place(input);
    expectTypename(refused, 'CashOnDeliveryUnavailable');
    expect(refused).toMatchObject({ reason: 'OVER_MAXIMUM', maxTotal: cod.total - 1 });
    expect(refused.message).toContain('hasta $');
    expect(await shop.ds.query(`SELECT id FROM shop_order WHERE idempotency_key = $1`, [input.idempotencyKey])).toEqual(
      [],
    );
    expect(await sizeStock(shop, v.sizeId)).toEqual({ stock: 5, reserved: 0 });
    // The same cart still pays online.
    expect((await place(orderInput(v, 1))).__typename).toBe('OrderPlaced');
  });

  it('refuses it once staff switch it off again', async () => {
    const v = await variantWithStock(shop, 5, 3);
    await save({ enabled: false, maxTotal: 1_000_000, fee: 8000 });
    expect(await place(codInput(v))).toMatchObject({ __typename: 'CashOnDeliveryUnavailable', reason: 'DISABLED' });
    await save({ enabled: true, maxTotal: 1_000_000, fee: 8000 });
  });

  it('a contraentrega order reads the settings with the order, never the kept copy; a card order does not read them', async () => {
    const v = await variantWithStock(shop, 5, 4);
    await save({ enabled: true, maxTotal: 1_000_000, fee: 8000 });
    // A stale kept copy (as if staff's change had not reached this instance yet): quotes show it…
    const keepStale = () =>
      shop.catalogCache.values.set('cash-on-delivery', {
        value: Object.freeze({ enabled: false, maxTotal: 0, fee: 1, confirmWithinHours: 48 }),
      });
    keepStale();
    try {
      expect((await quote(v, 1, 'CASH_ON_DELIVERY')).cashOnDelivery).toMatchObject({ available: false, fee: 1 });
      // …but the order is decided by the row: placed, with the row's fee.
      const placed = await place(codInput(v));
      expectTypename(placed, 'OrderPlaced');
      expect((await orderRow(shop, placed.reference)).payment_fee).toBe(8000);

      // The order's stock change dropped the kept copies here; kept again, a card order takes what it needs from it.
      await shop.catalogCache.sync();
      keepStale();
      const capture = captureStatements();
      let card: Awaited<ReturnType<typeof place>>;
      let statements: string[];
      try {
        card = await place(orderInput(v, 1));
      } finally {
        statements = capture.stop();
      }
      expectTypename(card, 'OrderPlaced');
      expect(statements.some((q) => q.includes('INSERT INTO shop_order'))).toBe(true);
      expect(statements.filter((q) => q.includes('cash_on_delivery_settings'))).toEqual([]);
      expect((await orderRow(shop, card.reference)).payment_fee).toBe(0);
    } finally {
      shop.catalogCache.invalidate();
    }
  });
});

describe('a cash-on-delivery order through its lifecycle', () => {
  it("waits for the call past the payment deadline, within the shop's window", async () => {
    await save({ enabled: true, maxTotal: 1_000_000, fee: 8000 });
    const v = await variantWithStock(shop, 4, 4);
    const placed = await place(codInput(v));
    expectTypename(placed, 'OrderPlaced');
    const row = await orderRow(shop, placed.reference);
    await shop.ds.query(
      `UPDATE shop_order SET expires_at = now() - interval '3 days', hold_until = now() - interval '3 days' WHERE id = $1`,
      [row.id],
    );
    await shop.services.orders.expiry.runOnce();
    expect((await orderRow(shop, placed.reference)).status).toBe('POR_CONFIRMAR');
    expect(await sizeStock(shop, v.sizeId)).toEqual({ stock: 3, reserved: 1 });
  });

  it('not confirmed within the window staff set (48 h by default) is cancelled by the expiry job: stock and code use back, the shopper told why', async () => {
    const settings = await shop.gql(StaffCashOnDeliveryDocument, {}, auth);
    expect(settings.data!.staffCashOnDelivery.confirmWithinHours).toBe(48);
    await shop.ds.query(`INSERT INTO discount_code (code, percent) VALUES ('LAPSO10', 10)`);
    const v = await variantWithStock(shop, 6, 8);
    const placedAgo = async (hours: number) => {
      const placed = await place(codInput(v, 1, { discountCode: 'LAPSO10' }));
      expectTypename(placed, 'OrderPlaced');
      const row = await orderRow(shop, placed.reference);
      await shop.ds.query(`UPDATE shop_order SET created_at = now() - make_interval(hours => $2) WHERE id = $1`, [
        row.id,
        hours,
      ]);
      return { placed, row };
    };
    const old = await placedAgo(49);
    const recent = await placedAgo(45);
    expect(await sizeStock(shop, v.sizeId)).toEqual({ stock: 4, reserved: 2 });

    // Staff see what is about to lapse: the order's deadline and the dashboard's next one.
    const detail = await shop.gql(StaffOrderDetailDocument, { id: String(recent.row.id) }, auth);
    const deadline = Date.parse(detail.data!.staffOrder!.confirmBy!);
    expect(Math.abs(deadline - (Date.now() + 3 * 3_600_000))).toBeLessThan(120_000);
    const dashboard = await shop.gql(StaffDashboardHomeDocument, {}, auth);
    expect(dashboard.data!.staffDashboard.toConfirm).toMatchObject({ confirmWithinHours: 48 });
    expect(dashboard.data!.staffDashboard.toConfirm.count).toBeGreaterThanOrEqual(2);
    // The oldest one waiting decides (the job may already have cancelled the 49-hour-old one).
    expect(Date.parse(dashboard.data!.staffDashboard.toConfirm.nextLapseAt!)).toBeLessThanOrEqual(deadline);

    await shop.services.orders.expiry.runOnce();
    expect((await orderRow(shop, old.placed.reference)).status).toBe('CANCELADO');
    expect((await orderRow(shop, recent.placed.reference)).status).toBe('POR_CONFIRMAR');
    expect(await sizeStock(shop, v.sizeId)).toEqual({ stock: 5, reserved: 1 });
    expect((await shop.ds.query(`SELECT uses FROM discount_code WHERE code = 'LAPSO10'`))[0].uses).toBe(1);
    const mail = (await mailsOf(shop, old.row.id)).at(-1)!;
    expect(mail.subject).toBe(`Cancelamos tu pedido ${old.placed.reference}: no pudimos confirmarlo · Enzo`);
    const [step] = await shop.ds.query(
      `SELECT actor, note FROM order_transition WHERE order_id = $1 AND to_status = 'CANCELADO'`,
      [old.row.id],
    );
    expect(step).toEqual({ actor: 'sistema', note: 'Contraentrega sin confirmar dentro del plazo' });

    // Staff shorten the window: the recent one lapses at the next run; a wrong window is refused in Spanish.
    expect(await save({ enabled: true, maxTotal: 1_000_000, fee: 8000, confirmWithinHours: 0 })).toMatchObject({
      __typename: 'ValidationErrors',
      errors: [{ field: 'confirmWithinHours' }],
    });
    expect(await save({ enabled: true, maxTotal: 1_000_000, fee: 8000, confirmWithinHours: 24 })).toMatchObject({
      __typename: 'CashOnDeliverySettings',
    });
    await shop.services.orders.expiry.runOnce();
    expect((await orderRow(shop, recent.placed.reference)).status).toBe('CANCELADO');
    expect(await sizeStock(shop, v.sizeId)).toEqual({ stock: 6, reserved: 0 });
    // Left out by a client that does not know the window, it stays as it is.
    await save({ enabled: true, maxTotal: 1_000_000, fee: 8000 });
    const kept = await shop.gql(StaffCashOnDeliveryDocument, {}, auth);
    expect(kept.data!.staffCashOnDelivery.confirmWithinHours).toBe(24);
    await save({ enabled: true, maxTotal: 1_000_000, fee: 8000, confirmWithinHours: 48 });
  });

  it('cancelled by staff: stock and discount use come back, the shopper is told, nothing to refund', async () => {
    await shop.ds.query(`INSERT INTO discount_code (code, percent, usage_limit) VALUES ('CONTRA1', 10, 1)`);
    const v = await variantWithStock(shop, 4, 5);
    const placed = await place(codInput(v, 2, { discountCode: 'CONTRA1' }));
    expectTypename(placed, 'OrderPlaced');
    const row = await orderRow(shop, placed.reference);
    expect((await shop.ds.query(`SELECT uses FROM discount_code WHERE code = 'CONTRA1'`))[0].uses).toBe(1);
    expect(await sizeStock(shop, v.sizeId)).toEqual({ stock: 2, reserved: 2 });
    expect(await staffMove(row.id, 'CANCELADO', { note: 'No contestó tres llamadas' })).toMatchObject({
      status: 'CANCELADO',
      refundPending: false,
    });
    expect(await sizeStock(shop, v.sizeId)).toEqual({ stock: 4, reserved: 0 });
    expect((await shop.ds.query(`SELECT uses FROM discount_code WHERE code = 'CONTRA1'`))[0].uses).toBe(0);
    expect((await mailsOf(shop, row.id)).at(-1)!.subject).toBe(`Cancelamos tu pedido ${placed.reference} · Enzo`);
  });

  it('confirmed by phone: prepared, shipped, delivered, then its cash recorded once with who and when', async () => {
    const v = await variantWithStock(shop, 4, 6);
    const placed = await place(codInput(v));
    expectTypename(placed, 'OrderPlaced');
    const row = await orderRow(shop, placed.reference);
    expect(await collect(row.id)).toMatchObject({
      __typename: 'CashCollectionNotAllowed',
      message: 'El pago contraentrega se registra cuando la orden ya fue entregada.',
    });
    expect(await staffMove(row.id, 'EN_PREPARACION', { note: 'Confirmado por teléfono' })).toMatchObject({
      status: 'EN_PREPARACION',
      allowedTransitions: ['ENVIADO', 'CANCELADO'],
      canMarkCashCollected: false,
    });
    expect(await sizeStock(shop, v.sizeId)).toEqual({ stock: 3, reserved: 0 });
    expect(await staffMove(row.id, 'ENVIADO', { carrier: 'Servientrega', trackingNumber: 'SV-778899' })).toMatchObject({
      status: 'ENVIADO',
      canMarkCashCollected: false,
    });
    expect(await collect(row.id)).toMatchObject({ __typename: 'CashCollectionNotAllowed' });
    expect(await staffMove(row.id, 'ENTREGADO')).toMatchObject({ status: 'ENTREGADO', canMarkCashCollected: true });

    const done = await collect(row.id, 'Servientrega giró el recaudo');
    expect(done).toMatchObject({
      __typename: 'StaffOrder',
      cashCollectedBy: 'cod-staff@enzo.test',
      canMarkCashCollected: false,
      cashCollectedAt: expect.any(String),
    });
    expectTypename(done, 'StaffOrder');
    expect(done.timeline.at(-1)).toMatchObject({
      actor: 'cod-staff@enzo.test',
      note: 'Pago contraentrega recibido: Servientrega giró el recaudo',
    });
    expect(await collect(row.id)).toMatchObject({
      __typename: 'CashCollectionNotAllowed',
      message: 'El pago de esta orden ya quedó registrado.',
    });
    expect((await mailsOf(shop, row.id)).at(-1)!.subject).toBe(
      `Recibimos el pago de tu pedido ${placed.reference} · Enzo`,
    );
    const receipt = (
      await shop.gql(RECEIPT, {
        reference: placed.reference,
        token: placed.accessToken,
      })
    ).data!.orderReceipt!;
    expect(receipt.timeline.map((s) => s.status)).toEqual(['POR_CONFIRMAR', 'EN_PREPARACION', 'ENVIADO', 'ENTREGADO']);
  });

  it('cancelled after confirmation before its cash was collected: units back on the shelf, no refund is flagged', async () => {
    const v = await variantWithStock(shop, 4, 7);
    const placed = await place(codInput(v));
    expectTypename(placed, 'OrderPlaced');
    const row = await orderRow(shop, placed.reference);
    await staffMove(row.id, 'EN_PREPARACION');
    expect(await sizeStock(shop, v.sizeId)).toEqual({ stock: 3, reserved: 0 });
    expect(await staffMove(row.id, 'CANCELADO')).toMatchObject({ status: 'CANCELADO', refundPending: false });
    expect(await sizeStock(shop, v.sizeId)).toEqual({ stock: 4, reserved: 0 });
    expect(await collect(row.id)).toMatchObject({ __typename: 'CashCollectionNotAllowed' });
  });

  it('staff find the orders waiting for a call, by state and by method, and the CSV says how they were paid', async () => {
    const byStatus = await shop.gql(LIST, { filter: { statuses: ['POR_CONFIRMAR'] } }, auth);
    expect(byStatus.data!.staffOrders.totalCount).toBeGreaterThanOrEqual(2);
    expect(
      byStatus.data!.staffOrders.edges.every(
        (e) => e.node.status === 'POR_CONFIRMAR' && e.node.paymentMethod === 'CASH_ON_DELIVERY',
      ),
    ).toBe(true);
    const byMethod = await shop.gql(LIST, { filter: { paymentMethods: ['CASH_ON_DELIVERY'] } }, auth);
    expect(byMethod.data!.staffOrders.edges.length).toBeGreaterThanOrEqual(5);
    expect(
      byMethod.data!.staffOrders.edges.every(
        (e) => e.node.paymentMethod === 'CASH_ON_DELIVERY' && e.node.paymentFee === 8000,
      ),
    ).toBe(true);
    expect(byMethod.data!.staffOrders.csvUrl).toBe('/api/staff/orders.csv?method=CASH_ON_DELIVERY');
    const csv = await (await fetch(`${shop.url}${byMethod.data!.staffOrders.csvUrl}`, { headers: auth })).text();
    const rows = csv.trim().split('\r\n');
    expect(rows[0]).toContain('Método de pago');
    expect(rows[0]).toContain('Recargo contraentrega');
    expect(rows.slice(1).every((r) => r.includes(';Contraentrega;'))).toBe(true);
  });
});
