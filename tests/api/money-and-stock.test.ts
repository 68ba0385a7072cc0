import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { startTestShop, type TestShop } from '../setup/test-shop.js';
import { legacyStaffHeaders } from '../setup/staff-tokens.js';
import {
  knownEvent,
  orderInput,
  orderRow,
  placedOrder,
  placeOrder,
  postEvent,
  sizeStock,
  variantWithStock,
  type Placed,
  type Variant,
} from './checkout-fixtures.js';
import { mailsOf } from './order-fixtures.js';
import { canonicalEmail } from '../../shared/customer-email.js';
import { formatCop } from '../../shared/money.js';
import { CANONICAL_EMAIL_SQL } from '../../server/src/db/migrations/1766000000000-money-and-stock.js';
import { expectTypename, type GqlResponse } from '../setup/graphql-post.js';
import { graphql } from '../gql/index.js';
import type { OrderStatus, ReturnKind, TransitionOrderInput } from '../gql/graphql.js';
import {
  StaffMarkCashCollectedDocument,
  StaffOrderDetailDocument,
  StaffTransitionOrderDocument,
} from '../../client/src/features/staff-orders/staff-orders.generated.js';
import { RequestReturnDocument } from '../../client/src/features/returns/returns.generated.js';
import {
  StaffDecideReturnDocument,
  StaffReceiveReturnDocument,
  StaffRefundReturnDocument,
} from '../../client/src/features/staff-returns/staff-returns.generated.js';
import { StaffSalesHomeDocument } from '../../client/src/features/staff-home/staff-home.generated.js';

/**
 * No money or stock given away: returns never pass what was bought and paid (repeats of a line in one request, the
 * sum of every request, the discount share of each unit, concurrent requests and clicks); a parcel that comes back
 * puts its units back; cancelling before shipping too; contraentrega counts as a sale when its cash is collected;
 * refunds show as their own lines and the net paid.
 */
let shop: TestShop;
let auth: Record<string, string>;
let single: Variant;
let triple: Variant;

beforeAll(async () => {
  shop = await startTestShop();
  auth = await legacyStaffHeaders(inject('authEmulatorHost'), 'staff-dinero@enzo.test');
  single = await variantWithStock(shop, 100, 10);
  triple = await variantWithStock(shop, 100, 30);
  await shop.ds.query('UPDATE product SET price = 58000 WHERE id = $1', [Number(single.productId)]);
  await shop.ds.query('UPDATE product SET price = 31000 WHERE id = $1', [Number(triple.productId)]);
});
afterAll(() => shop?.close());

// The app's own documents (staff order and return screens, the shopper's return form, the staff home's sales).
const TRANSITION = StaffTransitionOrderDocument;
const REQUEST = RequestReturnDocument;
// The order page reads no per-line discount: the test asks for it to check each unit's share of it.
const LINES = graphql(`
  query MoneyReceiptLines($r: String!, $t: String!) {
    orderReceipt(reference: $r, token: $t) {
      lines {
        id
        quantity
        lineTotal
        discount
      }
    }
  }
`);

async function move(orderId: number, to: OrderStatus, extra: Omit<TransitionOrderInput, 'orderId' | 'to'> = {}) {
  const res = await shop.gql(TRANSITION, { input: { orderId: String(orderId), to, ...extra } }, auth);
  expect(res.errors).toBeUndefined();
  return res.data!.staffTransitionOrder;
}

async function pay(placed: Placed, id: number, total: number) {
  const event = await knownEvent(shop, {
    id: `tx-money-${id}`,
    reference: placed.reference,
    amountInCents: total * 100,
    status: 'APPROVED',
  });
  expect(await postEvent(shop, event)).toBe(200);
}

/**
 * Line A 1 × 58.000 and line B 3 × 31.000 with BIENVENIDO10 (10 %) to Bogotá, paid and delivered: 151.000 less
 * 15.100 of discount is under the free-shipping threshold, so shipping is charged too.
 */
async function deliveredOrder() {
  const placed = await placeOrder(
    shop,
    orderInput(single, 1, {
      lines: [
        { productId: single.productId, sizeId: single.sizeId, quantity: 1 },
        { productId: triple.productId, sizeId: triple.sizeId, quantity: 3 },
      ],
      discountCode: 'BIENVENIDO10',
      shipping: { departmentCode: '11', municipalityCode: '11001', address: 'Calle 10 # 5-20', neighborhood: null },
    }),
  );
  expectTypename(placed, 'OrderPlaced');
  const row = await orderRow(shop, placed.reference);
  await pay(placed, row.id, row.total);
  await move(row.id, 'EN_PREPARACION');
  await move(row.id, 'ENVIADO', { carrier: 'Servientrega', trackingNumber: `SV-${row.id}` });
  await move(row.id, 'ENTREGADO');
  const lines = (await shop.gql(LINES, { r: placed.reference, t: placed.accessToken })).data!.orderReceipt!.lines;
  return {
    placed,
    row,
    a: lines.find((l) => l.quantity === 1)!,
    b: lines.find((l) => l.quantity === 3)!,
  };
}

const ask = (placed: Placed, items: Array<{ lineId: string; quantity: number }>, kind: ReturnKind = 'RETRACTO') =>
  shop.gql(REQUEST, {
    reference: placed.reference,
    token: placed.accessToken,
    input: { kind, reason: 'No le quedó bien a mi perro', items },
  });

async function staffOk<T>(res: Promise<GqlResponse<T>>) {
  const done = await res;
  expect(done.errors).toBeUndefined();
  return done.data!;
}
const decide = async (id: string) =>
  (await staffOk(shop.gql(StaffDecideReturnDocument, { id, accept: true }, auth))).staffDecideReturn;
const receive = async (id: string) =>
  (await staffOk(shop.gql(StaffReceiveReturnDocument, { id }, auth))).staffReceiveReturn;
const refund = async (id: string, reference: string) =>
  (await staffOk(shop.gql(StaffRefundReturnDocument, { id, method: 'BANK_TRANSFER', reference }, auth)))
    .staffRefundReturn;

describe('returns never give back more than was bought or paid', () => {
  it('adds up repeats of a line in one request and refuses more units than were bought; nothing is written', async () => {
    const { placed, row, a } = await deliveredOrder();
    const before = await sizeStock(shop, single.sizeId);
    const repeated = await ask(placed, [
      { lineId: a.id, quantity: 1 },
      { lineId: a.id, quantity: 1 },
      { lineId: a.id, quantity: 1 },
    ]);
    expect(repeated.data!.requestReturn).toEqual({
      __typename: 'ValidationErrors',
      message: 'Puedes devolver hasta 1 unidad de ese producto.',
      errors: [{ field: 'items', message: 'Puedes devolver hasta 1 unidad de ese producto.' }],
    });
    expect(await shop.ds.query('SELECT id FROM return_request WHERE order_id = $1', [row.id])).toEqual([]);
    expect(await sizeStock(shop, single.sizeId)).toEqual(before);
    // Repeats that fit are one line of the request.
    const { placed: other, b } = await deliveredOrder();
    const merged = await ask(other, [
      { lineId: b.id, quantity: 1 },
      { lineId: b.id, quantity: 2 },
    ]);
    expect(merged.data!.requestReturn).toMatchObject({
      __typename: 'ReturnRequest',
      lines: [{ orderLineId: b.id, quantity: 3 }],
      refundAmount: b.lineTotal - b.discount,
    });
  });

  it('prices each unit at what it paid (its share of the discount out), shipping once, and the parts add up to the total', async () => {
    const { placed, row, a, b } = await deliveredOrder();
    const total = row.total;
    // The discount is spread over the lines: each line paid lineTotal − discount, and they add up.
    const [order] = await shop.ds.query('SELECT subtotal, discount, shipping FROM shop_order WHERE id = $1', [row.id]);
    expect(a.discount + b.discount).toBe(order.discount);
    expect(a.lineTotal - a.discount + (b.lineTotal - b.discount) + order.shipping).toBe(total);

    const first = (await ask(placed, [{ lineId: a.id, quantity: 1 }])).data!.requestReturn;
    expectTypename(first, 'ReturnRequest');
    expect(first.refundAmount).toBe(a.lineTotal - a.discount);
    const twoOfB = (
      await ask(placed, [
        { lineId: b.id, quantity: 1 },
        { lineId: b.id, quantity: 1 },
      ])
    ).data!.requestReturn;
    expectTypename(twoOfB, 'ReturnRequest');
    expect(twoOfB.lines).toMatchObject([{ orderLineId: b.id, quantity: 2 }]);
    // A line's units never pass what the line paid, whatever the order of the requests.
    expect(twoOfB.refundAmount).toBeLessThanOrEqual(b.lineTotal - b.discount);
    const over = (await ask(placed, [{ lineId: b.id, quantity: 2 }])).data!.requestReturn;
    expect(over).toMatchObject({
      __typename: 'ValidationErrors',
      errors: [{ field: 'items', message: 'Puedes devolver hasta 1 unidad de ese producto.' }],
    });
    const last = (await ask(placed, [{ lineId: b.id, quantity: 1 }])).data!.requestReturn;
    expectTypename(last, 'ReturnRequest');
    // The last request settles exactly the rest, shipping included.
    expect(first.refundAmount + twoOfB.refundAmount + last.refundAmount).toBe(total);
    const full = (await ask(placed, [{ lineId: a.id, quantity: 1 }])).data!.requestReturn;
    expect(full).toMatchObject({
      __typename: 'ValidationErrors',
      errors: [{ message: 'Ese producto ya está en otra solicitud.' }],
    });
  });

  it('brings back to the shelf only the units of the request, once, even when two staff click at once', async () => {
    const { placed, a } = await deliveredOrder();
    const requested = (await ask(placed, [{ lineId: a.id, quantity: 1 }])).data!.requestReturn;
    expectTypename(requested, 'ReturnRequest');
    const decided = await decide(requested.id);
    expectTypename(decided, 'ReturnRequest');
    expect(decided.nextSteps).toEqual(['RECIBIDA']);
    const before = await sizeStock(shop, single.sizeId);
    const clicks = await Promise.all([receive(requested.id), receive(requested.id)]);
    expect(clicks.map((c) => c.__typename).sort()).toEqual(['ReturnNotAllowed', 'ReturnRequest']);
    expect(await sizeStock(shop, single.sizeId)).toEqual({ stock: before.stock + 1, reserved: before.reserved });
  });

  it('lets only one of two requests at once take the last unit', async () => {
    const { placed, row, a } = await deliveredOrder();
    const both = await Promise.all([
      ask(placed, [{ lineId: a.id, quantity: 1 }]),
      ask(placed, [{ lineId: a.id, quantity: 1 }]),
    ]);
    expect(both.map((r) => r.data!.requestReturn.__typename).sort()).toEqual(['ReturnRequest', 'ValidationErrors']);
    const [{ n }] = await shop.ds.query(
      `SELECT COALESCE(sum(rl.quantity), 0)::int AS n FROM return_line rl JOIN return_request r ON r.id = rl.return_id WHERE r.order_id = $1`,
      [row.id],
    );
    expect(n).toBe(1);
  });

  it('refuses in the database too: units over the units bought, a line of another order, money over the total', async () => {
    const { row, a } = await deliveredOrder();
    const other = await deliveredOrder();
    const insertRequest = (amount: number) =>
      shop.ds.query(
        `INSERT INTO return_request (order_id, kind, status, reason, refund_amount, refund_due_at)
         VALUES ($1, 'RETRACTO', 'SOLICITADA', 'directo en la base', $2, now() + interval '30 days')`,
        [row.id, amount],
      );
    await expect(
      shop.ds.transaction(async (m) => {
        const [{ id }] = await m.query(
          `INSERT INTO return_request (order_id, kind, status, reason, refund_amount, refund_due_at)
           VALUES ($1, 'RETRACTO', 'SOLICITADA', 'directo en la base', 1, now() + interval '30 days') RETURNING id`,
          [row.id],
        );
        await m.query(`INSERT INTO return_line (return_id, order_line_id, quantity) VALUES ($1, $2, 2)`, [
          id,
          Number(a.id),
        ]);
      }),
    ).rejects.toThrow(/pass the units bought/);
    await expect(
      shop.ds.transaction(async (m) => {
        const [{ id }] = await m.query(
          `INSERT INTO return_request (order_id, kind, status, reason, refund_amount, refund_due_at)
           VALUES ($1, 'RETRACTO', 'SOLICITADA', 'directo en la base', 1, now() + interval '30 days') RETURNING id`,
          [row.id],
        );
        await m.query(`INSERT INTO return_line (return_id, order_line_id, quantity) VALUES ($1, $2, 1)`, [
          id,
          Number(other.a.id),
        ]);
      }),
    ).rejects.toThrow(/line of another order/);
    await expect(insertRequest(row.total + 1)).rejects.toThrow(/pass what was paid/);
    expect(await shop.ds.query('SELECT id FROM return_request WHERE order_id = $1', [row.id])).toEqual([]);
  });

  it('records each refund on the order: staff and the shopper see every refund as its own line and the net paid', async () => {
    const { placed, row, a, b } = await deliveredOrder();
    const first = (await ask(placed, [{ lineId: a.id, quantity: 1 }])).data!.requestReturn;
    expectTypename(first, 'ReturnRequest');
    await decide(first.id);
    await receive(first.id);
    expect(await refund(first.id, 'TRF-1')).toMatchObject({ status: 'REEMBOLSADA', nextSteps: [] });
    const second = (await ask(placed, [{ lineId: b.id, quantity: 1 }], 'GARANTIA')).data!.requestReturn;
    expectTypename(second, 'ReturnRequest');
    await decide(second.id);
    expect(await refund(second.id, 'TRF-2')).toMatchObject({ status: 'REEMBOLSADA' });

    // Only the refund fields, compared whole (the staff screen's detail also reads when each was made).
    const detail = await shop.gql(
      graphql(`
        query MoneyStaffRefunds($id: ID!) {
          staffOrder(id: $id) {
            total
            refunded
            netPaid
            refunds {
              kind
              amount
              method
              reference
            }
            timeline {
              event
              note
            }
          }
        }
      `),
      { id: String(row.id) },
      auth,
    );
    const o = detail.data!.staffOrder!;
    expect(o.refunds).toEqual([
      { kind: 'RETRACTO', amount: first.refundAmount, method: 'BANK_TRANSFER', reference: 'TRF-1' },
      { kind: 'GARANTIA', amount: second.refundAmount, method: 'BANK_TRANSFER', reference: 'TRF-2' },
    ]);
    expect(o.refunded).toBe(first.refundAmount + second.refundAmount);
    expect(o.netPaid).toBe(o.total - o.refunded);
    expect(o.timeline.filter((s) => s.event).map((s) => s.event)).toEqual([
      'RETURN_REQUESTED',
      'RETURN_ACCEPTED',
      'RETURN_RECEIVED',
      'REFUNDED',
      'RETURN_REQUESTED',
      'RETURN_ACCEPTED',
      'REFUNDED',
    ]);
    expect(o.timeline.find((s) => s.event === 'RETURN_RECEIVED')!.note).toBe(
      'Productos devueltos recibidos (1 unidad)',
    );
    const receipt = await shop.gql(
      graphql(`
        query MoneyReceiptRefunds($r: String!, $t: String!) {
          orderReceipt(reference: $r, token: $t) {
            refunded
            netPaid
            refunds {
              amount
            }
          }
        }
      `),
      { r: placed.reference, t: placed.accessToken },
    );
    expect(receipt.data!.orderReceipt).toEqual({
      refunded: o.refunded,
      netPaid: o.netPaid,
      refunds: [{ amount: first.refundAmount }, { amount: second.refundAmount }],
    });
    // The retracto's email says «solicitud de retracto».
    const mails: Array<{ subject: string }> = await shop.ds.query(
      `SELECT subject FROM outbound_email WHERE dedupe_key = $1`,
      [`return:${first.id}:requested:shopper`],
    );
    expect(mails[0]!.subject).toBe(`Recibimos tu solicitud de retracto · pedido ${placed.reference}`);
  });
});

describe('stock and sales follow the parcel', () => {
  const cod = (v: Variant, quantity = 1) =>
    orderInput(v, quantity, { paymentMethod: 'CASH_ON_DELIVERY', discountCode: 'BIENVENIDO10' });

  async function figures() {
    // Sales figures are their own query (the reports.view permission).
    const res = await shop.gql(StaffSalesHomeDocument, {}, auth);
    return {
      today: res.data!.staffSales.salesToday,
      chartToday: res.data!.staffSales.salesLast30Days.at(-1)!.total,
    };
  }

  it('a contraentrega parcel refused at the door: back to the shop, units back on the shelf, code use back, nothing counted as a sale', async () => {
    await shop.ds.query(
      `UPDATE cash_on_delivery_settings SET enabled = true, max_total = 1000000, fee = 0 WHERE id = 1`,
    );
    const v = await variantWithStock(shop, 10, 40);
    const uses = async () =>
      (await shop.ds.query(`SELECT uses FROM discount_code WHERE code = 'BIENVENIDO10'`))[0].uses;
    const usesBefore = await uses();
    const start = await figures();
    const placed = await placeOrder(shop, cod(v, 2));
    expectTypename(placed, 'OrderPlaced');
    const row = await orderRow(shop, placed.reference);
    await move(row.id, 'EN_PREPARACION');
    await move(row.id, 'ENVIADO', { carrier: 'Interrapidísimo', trackingNumber: 'IR-1' });
    expect(await sizeStock(shop, v.sizeId)).toEqual({ stock: 8, reserved: 0 });
    // Confirmed and shipped, but not paid: not a sale yet.
    expect(await figures()).toEqual(start);
    const back = await move(row.id, 'DEVUELTO', { note: 'Rechazado en la puerta' });
    expect(back).toMatchObject({ __typename: 'StaffOrder', status: 'DEVUELTO', refundPending: false });
    expect(await sizeStock(shop, v.sizeId)).toEqual({ stock: 10, reserved: 0 });
    expect(await uses()).toBe(usesBefore);
    expect((await mailsOf(shop, row.id)).at(-1)!.subject).toBe(
      `Tu pedido ${placed.reference} volvió a nuestra tienda · Enzo`,
    );
    expect(await move(row.id, 'ENTREGADO')).toMatchObject({ __typename: 'TransitionNotAllowed' });
    expect(await figures()).toEqual(start);
  });

  it('a contraentrega sale counts when its cash is collected, not when it is confirmed', async () => {
    const v = await variantWithStock(shop, 10, 41);
    const start = await figures();
    const placed = await placedOrder(shop, cod(v));
    const row = await orderRow(shop, placed.reference);
    await move(row.id, 'EN_PREPARACION');
    await move(row.id, 'ENVIADO', { carrier: 'Servientrega', trackingNumber: 'SV-9' });
    await move(row.id, 'ENTREGADO');
    expect(await figures()).toEqual(start);
    const collected = await shop.gql(StaffMarkCashCollectedDocument, { orderId: String(row.id) }, auth);
    expect(collected.errors).toBeUndefined();
    expect(await figures()).toEqual({ today: start.today + row.total, chartToday: start.chartToday + row.total });
  });

  it('a paid order cancelled before it left puts its units back and is flagged with what to give back', async () => {
    const v = await variantWithStock(shop, 10, 42);
    const placed = await placedOrder(shop, orderInput(v, 3));
    const row = await orderRow(shop, placed.reference);
    await pay(placed, row.id, row.total);
    await move(row.id, 'EN_PREPARACION');
    expect(await sizeStock(shop, v.sizeId)).toEqual({ stock: 7, reserved: 0 });
    expect(await move(row.id, 'CANCELADO')).toMatchObject({
      status: 'CANCELADO',
      refundPending: true,
      flags: ['REEMBOLSO_PENDIENTE'],
    });
    expect(await sizeStock(shop, v.sizeId)).toEqual({ stock: 10, reserved: 0 });
  });

  it('a paid parcel that came back is flagged for a refund of what was paid', async () => {
    const v = await variantWithStock(shop, 10, 43);
    const placed = await placedOrder(shop, orderInput(v, 1));
    const row = await orderRow(shop, placed.reference);
    await pay(placed, row.id, row.total);
    await move(row.id, 'EN_PREPARACION');
    await move(row.id, 'ENVIADO', { carrier: 'Servientrega', trackingNumber: 'SV-10' });
    const moves = await shop.gql(StaffOrderDetailDocument, { id: String(row.id) }, auth);
    expect(moves.data!.staffOrder!.allowedMoves.map((m) => m.to)).toEqual(['ENTREGADO', 'DEVUELTO']);
    expect(moves.data!.staffOrder!.allowedMoves[1]!.consequences).toContain(
      `Quedará marcada con reembolso pendiente de ${formatCop(row.total)}.`,
    );
    expect(await move(row.id, 'DEVUELTO')).toMatchObject({ status: 'DEVUELTO', refundPending: true });
    expect(await sizeStock(shop, v.sizeId)).toEqual({ stock: 10, reserved: 0 });
  });
});

describe('one canonical email for every per-customer rule', () => {
  it('the migration filled stored orders with the same canonical form the shop computes', async () => {
    const samples = [
      '  Ana.Perez+Promo@GoogleMail.com ',
      'a.na+x@gmail.com',
      'Ana+1@Correo.com',
      '+tag@correo.com',
      'x@y',
    ];
    for (const email of samples) {
      const [{ v }] = await shop.ds.query(
        `SELECT COALESCE(${CANONICAL_EMAIL_SQL('$1::text')}, lower(btrim($1::text))) AS v`,
        [email],
      );
      expect(v).toBe(canonicalEmail(email));
    }
    const [{ n }] = await shop.ds.query(`SELECT count(*)::int AS n FROM shop_order WHERE email_canonical IS NULL`);
    expect(n).toBe(0);
  });
});
