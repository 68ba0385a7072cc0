import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { startTestShop, type TestShop } from '../setup/test-shop.js';
import { legacyStaffHeaders } from '../setup/staff-tokens.js';
import {
  orderInput,
  orderRow,
  knownEvent,
  placedOrder,
  placeOrder,
  postEvent,
  sizeStock,
  variantWithStock,
  type Placed,
  type Variant,
} from './checkout-fixtures.js';
import { expectTypename } from '../setup/graphql-post.js';
import { graphql } from '../gql/index.js';
import type { RefundMethod } from '../gql/graphql.js';
import type { RequestReturnInput } from '../../client/src/gql/types.js';
import { StaffTransitionOrderDocument } from '../../client/src/features/staff-orders/staff-orders.generated.js';
import { RequestReturnDocument } from '../../client/src/features/returns/returns.generated.js';
import {
  StaffDecideReturnDocument,
  StaffReceiveReturnDocument,
  StaffRefundReturnDocument,
} from '../../client/src/features/staff-returns/staff-returns.generated.js';
import { StaffDashboardHomeDocument } from '../../client/src/features/staff-home/staff-home.generated.js';

let shop: TestShop;
let auth: Record<string, string>;
let collar: Variant;
let leash: Variant;

beforeAll(async () => {
  shop = await startTestShop();
  auth = await legacyStaffHeaders(inject('authEmulatorHost'), 'staff-devoluciones@enzo.test');
  collar = await variantWithStock(shop, 100, 0);
  leash = await variantWithStock(shop, 100, 40);
  await shop.ds.query('UPDATE product SET price = 45000 WHERE id = $1', [Number(collar.productId)]);
  await shop.ds.query('UPDATE product SET price = 30000 WHERE id = $1', [Number(leash.productId)]);
});
afterAll(() => shop?.close());

// The app's own documents: the shopper's return form, the staff's order and return screens.
const TRANSITION = StaffTransitionOrderDocument;
const REQUEST = RequestReturnDocument;
// The order page reads more of the receipt: the test reads the line ids, the returns and the return options.
const RECEIPT = graphql(`
  query ReturnsReceipt($r: String!, $t: String!) {
    orderReceipt(reference: $r, token: $t) {
      lines {
        id
        name
        quantity
      }
      returns {
        status
        kind
        refundAmount
      }
      returnOptions {
        retractoUntil
        warrantyUntil
        canRequestReversal
        returnableLines {
          lineId
          quantity
        }
      }
    }
  }
`);

/** 2 collars + 1 leash with BIENVENIDO10 to Bogotá (merchandise 120.000 − 12.000, shipping 16.500 → 124.500), paid and delivered. */
async function deliveredOrder(
  deliveredAt: string,
): Promise<Placed & { id: number; lineIds: { collar: string; leash: string } }> {
  const input = orderInput(collar, 2, {
    lines: [
      { productId: collar.productId, sizeId: collar.sizeId, quantity: 2 },
      { productId: leash.productId, sizeId: leash.sizeId, quantity: 1 },
    ],
    discountCode: 'BIENVENIDO10',
    shipping: { departmentCode: '11', municipalityCode: '11001', address: 'Calle 10 # 5-20', neighborhood: null },
  });
  const placed = await placeOrder(shop, input);
  expectTypename(placed, 'OrderPlaced');
  const row = await orderRow(shop, placed.reference);
  expect(row.total).toBe(124_500);
  expect(
    await postEvent(
      shop,
      await knownEvent(shop, {
        id: `tx-dev-${row.id}`,
        reference: placed.reference,
        amountInCents: row.total * 100,
        status: 'APPROVED',
      }),
    ),
  ).toBe(200);
  for (const [to, extra] of [
    ['EN_PREPARACION', {}],
    ['ENVIADO', { carrier: 'Servientrega', trackingNumber: 'SV-1' }],
    ['ENTREGADO', {}],
  ] as const) {
    const res = await shop.gql(TRANSITION, { input: { orderId: String(row.id), to, ...extra } }, auth);
    expect(res.data!.staffTransitionOrder.__typename).toBe('StaffOrder');
  }
  await shop.ds.query(
    `UPDATE order_transition SET at = $2 WHERE order_id = $1 AND to_status = 'ENTREGADO' AND event IS NULL`,
    [row.id, deliveredAt],
  );
  const receipt = await shop.gql(RECEIPT, { r: placed.reference, t: placed.accessToken });
  const lines = receipt.data!.orderReceipt!.lines;
  return {
    ...placed,
    id: row.id,
    lineIds: { collar: lines.find((l) => l.quantity === 2)!.id, leash: lines.find((l) => l.quantity === 1)!.id },
  };
}

const decide = (id: string, accept: boolean, note?: string) =>
  shop.gql(StaffDecideReturnDocument, { id, accept, note }, auth);
const receive = (id: string) => shop.gql(StaffReceiveReturnDocument, { id }, auth);
const refund = (id: string, method: RefundMethod, reference?: string) =>
  shop.gql(StaffRefundReturnDocument, { id, method, reference }, auth);

describe('retracto, warranty and reversal', () => {
  it('partial retracto: requested within 5 business days, accepted, goods back on the shelf, refunded by transfer; emails and timeline', async () => {
    const order = await deliveredOrder(new Date(Date.now() - 60_000).toISOString());
    const before = await sizeStock(shop, collar.sizeId);
    const options = await shop.gql(RECEIPT, { r: order.reference, t: order.accessToken });
    expect(options.data!.orderReceipt!.returnOptions.retractoUntil).not.toBeNull();
    expect(options.data!.orderReceipt!.returnOptions.returnableLines).toEqual(
      expect.arrayContaining([{ lineId: order.lineIds.collar, quantity: 2 }]),
    );

    // Bad input: a Spanish message and nothing written.
    const short = await shop.gql(REQUEST, {
      reference: order.reference,
      token: order.accessToken,
      input: { kind: 'RETRACTO', reason: '  corto   ', items: [{ lineId: order.lineIds.collar, quantity: 1 }] },
    });
    expect(short.data!.requestReturn).toMatchObject({
      __typename: 'ValidationErrors',
      errors: [{ field: 'reason', message: 'Cuéntanos el motivo en al menos 10 caracteres.' }],
    });
    const noUnits = await shop.gql(REQUEST, {
      reference: order.reference,
      token: order.accessToken,
      input: { kind: 'RETRACTO', reason: 'La talla no le quedó a mi perro', items: [] },
    });
    expect(noUnits.data!.requestReturn).toMatchObject({
      __typename: 'ValidationErrors',
      errors: [{ field: 'items', message: 'Elige al menos un producto y cuántas unidades.' }],
    });
    expect(await shop.ds.query('SELECT id FROM return_request WHERE order_id = $1', [order.id])).toEqual([]);

    const requested = await shop.gql(REQUEST, {
      reference: order.reference,
      token: order.accessToken,
      input: {
        kind: 'RETRACTO',
        reason: 'La talla no le quedó a mi perro',
        items: [{ lineId: order.lineIds.collar, quantity: 1 }],
      },
    });
    const asked = requested.data!.requestReturn;
    expectTypename(asked, 'ReturnRequest');
    expect(asked).toMatchObject({ kind: 'RETRACTO', status: 'SOLICITADA', refundAmount: 40_500 });
    const id = asked.id;
    // 30 calendar days from today for the money.
    expect(new Date(asked.refundDueAt).getTime() - Date.now()).toBeGreaterThan(29 * 86_400_000);

    // Not twice the same units: only one collar is left to return.
    const tooMany = await shop.gql(REQUEST, {
      reference: order.reference,
      token: order.accessToken,
      input: {
        kind: 'RETRACTO',
        reason: 'Otra vez el mismo collar',
        items: [{ lineId: order.lineIds.collar, quantity: 2 }],
      },
    });
    expect(tooMany.data!.requestReturn).toMatchObject({
      __typename: 'ValidationErrors',
      errors: [{ field: 'items', message: 'Puedes devolver hasta 1 unidad de ese producto.' }],
    });

    const refundEarly = await refund(id, 'BANK_TRANSFER', 'TRF-1');
    expect(refundEarly.data!.staffRefundReturn).toMatchObject({ __typename: 'ReturnNotAllowed' });
    const accepted = await decide(id, true, 'Envíalo por Servientrega');
    expect(accepted.data!.staffDecideReturn).toMatchObject({ __typename: 'ReturnRequest', status: 'ACEPTADA' });
    const received = await receive(id);
    expect(received.data!.staffReceiveReturn).toMatchObject({ status: 'RECIBIDA' });
    expect(await sizeStock(shop, collar.sizeId)).toEqual({ stock: before.stock + 1, reserved: before.reserved });
    const noRef = await refund(id, 'BANK_TRANSFER', ' ');
    expect(noRef.data!.staffRefundReturn).toMatchObject({
      __typename: 'ValidationErrors',
      errors: [{ field: 'reference' }],
    });
    const partialVoid = await refund(id, 'GATEWAY_VOID');
    expect(partialVoid.data!.staffRefundReturn).toMatchObject({
      __typename: 'ValidationErrors',
      errors: [{ field: 'method' }],
    });
    const refunded = await refund(id, 'BANK_TRANSFER', 'TRF-889');
    expect(refunded.data!.staffRefundReturn).toMatchObject({
      status: 'REEMBOLSADA',
      refundMethod: 'BANK_TRANSFER',
      refundReference: 'TRF-889',
    });

    const mails: Array<{ dedupe_key: string }> = await shop.ds.query(
      `SELECT dedupe_key FROM outbound_email WHERE dedupe_key LIKE $1 ORDER BY id`,
      [`return:${id}:%`],
    );
    expect(mails.map((m) => m.dedupe_key)).toEqual([
      `return:${id}:requested:shopper`,
      `return:${id}:requested:shop`,
      `return:${id}:accepted:shopper`,
      `return:${id}:received:shopper`,
      `return:${id}:refunded:shopper`,
    ]);
    const events: Array<{ event: string }> = await shop.ds.query(
      `SELECT event FROM order_transition WHERE order_id = $1 AND event IS NOT NULL ORDER BY id`,
      [order.id],
    );
    expect(events.map((e) => e.event)).toEqual(['RETURN_REQUESTED', 'RETURN_ACCEPTED', 'RETURN_RECEIVED', 'REFUNDED']);

    // The rest of the order, returned later, settles exactly what was paid: 124.500 − 40.500.
    const rest = await shop.gql(REQUEST, {
      reference: order.reference,
      token: order.accessToken,
      input: {
        kind: 'RETRACTO',
        reason: 'Al final devolvemos todo',
        items: [
          { lineId: order.lineIds.collar, quantity: 1 },
          { lineId: order.lineIds.leash, quantity: 1 },
        ],
      },
    });
    expect(rest.data!.requestReturn).toMatchObject({ __typename: 'ReturnRequest', refundAmount: 84_000 });
  });

  it('closes retracto after five business days, holidays counted, and offers the warranty instead', async () => {
    // Delivered Friday 13 Nov 2026; Monday 16 is a holiday, so the window ends Monday 23 (Bogotá).
    const order = await deliveredOrder('2026-11-13T15:00:00-05:00');
    const RETRACTO: RequestReturnInput = {
      kind: 'RETRACTO',
      reason: 'Ya no lo necesito, gracias',
      items: [{ lineId: order.lineIds.leash, quantity: 1 }],
    };
    const options = await shop.gql(RECEIPT, { r: order.reference, t: order.accessToken });
    const until = options.data!.orderReceipt!.returnOptions.retractoUntil;
    if (Date.now() < Date.parse('2026-11-24T05:00:00Z')) {
      expect(until).toBe('2026-11-24T04:59:59.999Z');
    } else {
      expect(until).toBeNull();
      const late = await shop.gql(REQUEST, {
        reference: order.reference,
        token: order.accessToken,
        input: RETRACTO,
      });
      const refused = late.data!.requestReturn;
      expectTypename(refused, 'ReturnNotAllowed');
      expect(refused.message).toMatch(/plazo de retracto/);
    }
    expect(options.data!.orderReceipt!.returnOptions.warrantyUntil).toBe('2027-11-14T04:59:59.999Z');
    const warranty = await shop.gql(REQUEST, {
      reference: order.reference,
      token: order.accessToken,
      input: { ...RETRACTO, kind: 'GARANTIA', reason: 'El broche se partió a la semana' },
    });
    expect(warranty.data!.requestReturn).toMatchObject({
      __typename: 'ReturnRequest',
      kind: 'GARANTIA',
      refundAmount: 27_000,
    });
  });

  it('refuses retracto before delivery, a short reason, and a wrong token; a reversal covers the whole payment once', async () => {
    const placed = await placedOrder(shop, orderInput(collar, 1));
    const row = await orderRow(shop, placed.reference);
    expect(
      await postEvent(
        shop,
        await knownEvent(shop, {
          id: `tx-rev-${row.id}`,
          reference: placed.reference,
          amountInCents: row.total * 100,
          status: 'APPROVED',
        }),
      ),
    ).toBe(200);
    const early = await shop.gql(REQUEST, {
      reference: placed.reference,
      token: placed.accessToken,
      input: { kind: 'RETRACTO', reason: 'Me equivoqué de talla', items: [] },
    });
    expect(early.data!.requestReturn).toMatchObject({
      __typename: 'ReturnNotAllowed',
      message: 'Podrás ejercer el retracto cuando recibas tu pedido.',
    });
    const short = await shop.gql(REQUEST, {
      reference: placed.reference,
      token: placed.accessToken,
      input: { kind: 'REVERSION', reason: 'no' },
    });
    expect(short.data!.requestReturn).toMatchObject({ __typename: 'ValidationErrors', errors: [{ field: 'reason' }] });
    const stranger = await shop.gql(REQUEST, {
      reference: placed.reference,
      token: 'x'.repeat(32),
      input: { kind: 'REVERSION', reason: 'No reconozco este cobro' },
    });
    expect(stranger.data!.requestReturn).toMatchObject({ __typename: 'NotFound' });
    const reversal = await shop.gql(REQUEST, {
      reference: placed.reference,
      token: placed.accessToken,
      input: { kind: 'REVERSION', reason: 'No reconozco este cobro en mi tarjeta' },
    });
    const reversed = reversal.data!.requestReturn;
    expectTypename(reversed, 'ReturnRequest');
    expect(reversed).toMatchObject({ kind: 'REVERSION', refundAmount: row.total });
    const again = await shop.gql(REQUEST, {
      reference: placed.reference,
      token: placed.accessToken,
      input: { kind: 'REVERSION', reason: 'No reconozco este cobro en mi tarjeta' },
    });
    expect(again.data!.requestReturn.__typename).toBe('ReturnNotAllowed');
    const rejected = await decide(reversed.id, false);
    expect(rejected.data!.staffDecideReturn).toMatchObject({
      __typename: 'ValidationErrors',
      errors: [{ field: 'note' }],
    });
    // Three fields compared whole (the staff screen reads every field of each return).
    const list = await shop.gql(
      graphql(`
        query ReturnsRequested {
          staffReturns(statuses: [SOLICITADA]) {
            kind
            overdue
            orderReference
          }
        }
      `),
      {},
      auth,
    );
    expect(list.data!.staffReturns).toEqual(
      expect.arrayContaining([{ kind: 'REVERSION', overdue: false, orderReference: placed.reference }]),
    );
    const dashboard = await shop.gql(StaffDashboardHomeDocument, {}, auth);
    expect(dashboard.data!.staffDashboard.returns.open).toBeGreaterThanOrEqual(1);
  });

  it("shows staff the order's returns and whether the card payment can be voided; the order lookup shows kind and status only", async () => {
    const placed = await placedOrder(
      shop,
      orderInput(collar, 1, {
        customer: {
          fullName: 'Ana María Pérez',
          email: 'ana.vista@correo.com',
          phone: '315 482 7760',
          documentType: 'CC',
          documentNumber: '1020304050',
        },
      }),
    );
    const row = await orderRow(shop, placed.reference);
    expect(
      await postEvent(
        shop,
        await knownEvent(shop, {
          id: `tx-view-${row.id}`,
          reference: placed.reference,
          amountInCents: row.total * 100,
          status: 'APPROVED',
        }),
      ),
    ).toBe(200);
    const reversal = await shop.gql(REQUEST, {
      reference: placed.reference,
      token: placed.accessToken,
      input: { kind: 'REVERSION', reason: 'No reconozco este cobro en mi tarjeta' },
    });
    const asked = reversal.data!.requestReturn;
    expectTypename(asked, 'ReturnRequest');
    const id = asked.id;
    // Four fields compared whole (the staff screen reads every field of each return).
    const detail = await shop.gql(
      graphql(`
        query ReturnsOfOrder($id: ID!) {
          staffOrder(id: $id) {
            returns {
              id
              orderId
              kind
              canVoidAtGateway
            }
          }
        }
      `),
      { id: String(row.id) },
      auth,
    );
    expect(detail.data!.staffOrder!.returns).toEqual([
      { id, orderId: String(row.id), kind: 'REVERSION', canVoidAtGateway: true },
    ]);
    // Only the returns, compared whole: the lookup shows kind and status, nothing a stranger could use.
    const looked = await shop.gql(
      graphql(`
        query ReturnsLookup($r: String!) {
          orderLookup(reference: $r, email: "ana.vista@correo.com") {
            __typename
            ... on OrderLookup {
              returns {
                kind
                status
                refundedAt
              }
            }
          }
        }
      `),
      { r: placed.reference },
    );
    const found = looked.data!.orderLookup;
    expectTypename(found, 'OrderLookup');
    expect(found.returns).toEqual([{ kind: 'REVERSION', status: 'SOLICITADA', refundedAt: null }]);
    await decide(id, true);
    const refunded = await refund(id, 'BANK_TRANSFER', 'TRF-77');
    expect(refunded.data!.staffRefundReturn).toMatchObject({ status: 'REEMBOLSADA', refundMethod: 'BANK_TRANSFER' });
    const after = await shop.gql(
      graphql(`
        query ReturnsRefunded {
          staffReturns(statuses: [REEMBOLSADA]) {
            id
            canVoidAtGateway
          }
        }
      `),
      {},
      auth,
    );
    expect(after.data!.staffReturns.find((r) => r.id === id)).toEqual({ id, canVoidAtGateway: false });
  });
});
