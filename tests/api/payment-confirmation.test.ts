import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../setup/test-shop.js';
import { startFakeWompiApi, type FakeTransaction } from './fake-wompi-api.js';
import {
  orderInput,
  orderRow,
  paymentEvent,
  placedOrder,
  RECEIPT,
  sizeStock,
  variantWithStock,
} from './checkout-fixtures.js';
import { signEvent } from '../../server/src/modules/payments/index.js';

/**
 * Payment events are trusted only as far as the gateway confirms them: every event field is validated (malformed or oversized → 400, kept,
 * nothing changes); an authentic event changes an order only as the gateway's lookup confirms it; and
 * the reconciliation job applies transactions whose events were lost.
 */
const SECRET = 'test_events_secret';
let shop: TestShop;
let api: Awaited<ReturnType<typeof startFakeWompiApi>>;
beforeAll(async () => {
  api = await startFakeWompiApi();
  shop = await startTestShop({
    WOMPI_PUBLIC_KEY: 'pub_test_conf',
    WOMPI_INTEGRITY_SECRET: 'test_integrity',
    WOMPI_EVENTS_SECRET: SECRET,
    WOMPI_API_URL: api.url,
  });
});
afterAll(async () => {
  await shop?.close();
  await api?.close();
});

async function post(body: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${shop.url}/webhooks/wompi`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function pending(skip: number) {
  const v = await variantWithStock(shop, 5, skip);
  const placed = await placedOrder(shop, orderInput(v, 1));
  const row = await orderRow(shop, placed.reference);
  return {
    v,
    placed,
    row,
    tx: (id: string, status = 'APPROVED'): FakeTransaction => ({
      id,
      reference: placed.reference,
      amountInCents: row.total * 100,
      status,
    }),
  };
}

async function lastStored() {
  const rows: Array<{ outcome: string; http_status: number; reason: string; body: string; body_bytes: number }> =
    await shop.ds.query(
      `SELECT outcome, http_status, reason, body, body_bytes FROM gateway_event ORDER BY id DESC LIMIT 1`,
    );
  return rows[0]!;
}

describe('webhook events are validated field by field', () => {
  it('answers 400 to a correctly signed event whose transaction id is 10 KB long, keeps it, and changes nothing', async () => {
    const { v, placed, row } = await pending(30);
    const event = paymentEvent(
      shop,
      { id: 'x'.repeat(10_000), reference: placed.reference, amountInCents: row.total * 100, status: 'APPROVED' },
      SECRET,
    );
    const res = await post(JSON.stringify(event));
    expect(res.status).toBe(400);
    const stored = await lastStored();
    expect(stored).toMatchObject({ outcome: 'rejected', http_status: 400 });
    expect(stored.reason).toMatch(/data\.transaction\.id/);
    expect(stored.body).toContain(placed.reference);
    expect((await orderRow(shop, placed.reference)).status).toBe('PENDIENTE_PAGO');
    expect(await sizeStock(shop, v.sizeId)).toEqual({ stock: 4, reserved: 1 });
    expect(api.state.lookups).toBe(0);
  });

  it('refuses bad amounts, unknown statuses, bad JSON and oversized bodies with 400, keeping each', async () => {
    const { placed, row } = await pending(31);
    const base = { id: 'bad-1', reference: placed.reference, amountInCents: row.total * 100, status: 'APPROVED' };
    const sign = (transaction: Record<string, unknown>) =>
      signEvent(
        {
          event: 'transaction.updated',
          data: { transaction },
          signature: { properties: ['transaction.id', 'transaction.status'] },
          timestamp: Math.floor(Date.now() / 1000),
        } as never,
        SECRET,
      );
    for (const transaction of [
      { id: base.id, reference: base.reference, amount_in_cents: 12.5, status: 'APPROVED' },
      { id: base.id, reference: base.reference, amount_in_cents: base.amountInCents, status: 'PAGADO_YA' },
      { id: base.id, reference: 'R'.repeat(500), amount_in_cents: base.amountInCents, status: 'APPROVED' },
      {
        id: base.id,
        reference: base.reference,
        amount_in_cents: base.amountInCents,
        status: 'APPROVED',
        currency: 'USD',
      },
    ]) {
      expect((await post(JSON.stringify(sign(transaction)))).status).toBe(400);
      expect(await lastStored()).toMatchObject({ outcome: 'rejected', http_status: 400 });
    }
    expect((await post('{"event": "transaction.updated", ')).status).toBe(400);
    expect((await lastStored()).reason).toMatch(/JSON/);
    const huge = JSON.stringify({ ...paymentEvent(shop, base, SECRET), padding: 'p'.repeat(100_000) });
    expect((await post(huge)).status).toBe(400);
    expect(await lastStored()).toMatchObject({
      outcome: 'rejected',
      http_status: 400,
      body_bytes: Buffer.byteLength(huge),
    });
    expect((await orderRow(shop, placed.reference)).status).toBe('PENDIENTE_PAGO');
  });

  it('keeps refused requests for 90 days, then drops them', async () => {
    await shop.ds.query(`UPDATE gateway_event SET received_at = now() - interval '91 days' WHERE outcome = 'rejected'`);
    expect(await shop.services.paymentInbox.pruneRefused()).toBeGreaterThan(0);
    const left: Array<{ n: number }> = await shop.ds.query(
      `SELECT count(*)::int AS n FROM gateway_event WHERE outcome = 'rejected'`,
    );
    expect(left[0]!.n).toBe(0);
  });
});

describe('events are confirmed with the gateway', () => {
  it('does not mark an order paid for an authentic event the gateway does not know', async () => {
    const { placed, tx } = await pending(32);
    const res = await post(JSON.stringify(paymentEvent(shop, tx('ghost-1'), SECRET)));
    expect(res).toMatchObject({ status: 200, body: { outcome: 'not-found' } });
    expect((await orderRow(shop, placed.reference)).status).toBe('PENDIENTE_PAGO');
  });

  it('applies what the gateway says, not what the event says', async () => {
    const { v, placed, tx } = await pending(33);
    api.transactions.set('says-declined', tx('says-declined', 'DECLINED'));
    await post(JSON.stringify(paymentEvent(shop, tx('says-declined', 'APPROVED'), SECRET)));
    expect((await orderRow(shop, placed.reference)).status).toBe('PAGO_RECHAZADO');
    expect(await sizeStock(shop, v.sizeId)).toEqual({ stock: 5, reserved: 0 });
  });

  it("records the method Wompi reports (Daviplata), and keeps the order's when Wompi reports one the shop does not know", async () => {
    const daviplata = await pending(40);
    api.transactions.set('davi-1', { ...daviplata.tx('davi-1'), paymentMethodType: 'DAVIPLATA' });
    await post(JSON.stringify(paymentEvent(shop, daviplata.tx('davi-1'), SECRET)));
    expect(
      (
        await shop.ds.query(`SELECT status, payment_method FROM shop_order WHERE reference = $1`, [
          daviplata.placed.reference,
        ])
      )[0],
    ).toEqual({ status: 'PAGADO', payment_method: 'DAVIPLATA' });

    const unknown = await pending(41);
    api.transactions.set('new-1', { ...unknown.tx('new-1'), paymentMethodType: 'SU_PLUS' });
    await post(JSON.stringify(paymentEvent(shop, unknown.tx('new-1'), SECRET)));
    expect(
      (
        await shop.ds.query(`SELECT status, payment_method FROM shop_order WHERE reference = $1`, [
          unknown.placed.reference,
        ])
      )[0],
    ).toEqual({ status: 'PAGADO', payment_method: 'CARD' });
    const [step] = await shop.ds.query(
      `SELECT note FROM order_transition WHERE order_id = $1 AND to_status = 'PAGADO'`,
      [unknown.row.id],
    );
    expect(step.note).toBe('Transacción new-1 aprobada (medio SU_PLUS)');
  });

  it('keeps an event the gateway cannot confirm now and applies it when the reconciliation job looks again', async () => {
    const { placed, tx } = await pending(34);
    api.transactions.set('later-1', tx('later-1'));
    api.state.down = true;
    const res = await post(JSON.stringify(paymentEvent(shop, tx('later-1'), SECRET)));
    expect(res).toMatchObject({ status: 200, body: { outcome: 'unconfirmed' } });
    expect((await orderRow(shop, placed.reference)).status).toBe('PENDIENTE_PAGO');
    // The gateway is still down: the job fails (staff see it failing) and nothing changes.
    await expect(shop.services.paymentInbox.confirmPending()).rejects.toThrow(/no respondió/);
    api.state.down = false;
    await shop.services.paymentInbox.confirmPending();
    expect((await orderRow(shop, placed.reference)).status).toBe('PAGADO');
  });
});

describe('reconciliation of orders pending payment', () => {
  it('finds a payment whose event was lost: the transaction id from the redirect is kept and checked later', async () => {
    const { placed, tx } = await pending(35);
    api.transactions.set('lost-event', tx('lost-event', 'PENDING'));
    // The shopper comes back with ?id= while the payment is still pending at the gateway; no event ever arrives.
    const receipt = await shop.gql(RECEIPT, {
      reference: placed.reference,
      token: placed.accessToken,
      transactionId: 'lost-event',
    });
    expect(receipt.data!.orderReceipt?.status).toBe('PENDIENTE_PAGO');
    const known: Array<{ source: string }> = await shop.ds.query(
      `SELECT source FROM order_transaction t JOIN shop_order o ON o.id = t.order_id WHERE o.reference = $1`,
      [placed.reference],
    );
    expect(known).toEqual([{ source: 'redirect' }]);

    expect(await shop.services.orders.transactions.reconcileOnce()).toMatchObject({ applied: 0 });
    api.transactions.set('lost-event', tx('lost-event', 'APPROVED'));
    expect(await shop.services.orders.transactions.reconcileOnce()).toMatchObject({ applied: 1 });
    expect((await orderRow(shop, placed.reference)).status).toBe('PAGADO');
    // Applied through the same path as an event: once.
    const events: Array<{ n: number }> = await shop.ds.query(
      `SELECT count(*)::int AS n FROM payment_event WHERE transaction_id = 'lost-event'`,
    );
    expect(events[0]!.n).toBe(1);
    expect(await shop.services.orders.transactions.reconcileOnce()).toMatchObject({ checked: 0 });
  });

  it('drops transaction ids that belong to another order or that the gateway does not know', async () => {
    const a = await pending(36);
    const b = await pending(37);
    api.transactions.set('belongs-to-b', b.tx('belongs-to-b'));
    await shop.gql(RECEIPT, {
      reference: a.placed.reference,
      token: a.placed.accessToken,
      transactionId: 'belongs-to-b',
    });
    await shop.gql(RECEIPT, {
      reference: a.placed.reference,
      token: a.placed.accessToken,
      transactionId: 'nobody-knows',
    });
    await shop.services.orders.transactions.reconcileOnce();
    expect((await orderRow(shop, a.placed.reference)).status).toBe('PENDIENTE_PAGO');
    const rows: Array<{ transaction_id: string; last_status: string }> = await shop.ds.query(
      `SELECT transaction_id, last_status FROM order_transaction WHERE order_id = $1 ORDER BY transaction_id`,
      [a.row.id],
    );
    expect(rows).toEqual([
      { transaction_id: 'belongs-to-b', last_status: 'OTRA_ORDEN' },
      { transaction_id: 'nobody-knows', last_status: 'NO_EXISTE' },
    ]);
  });
});
