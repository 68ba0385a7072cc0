import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../setup/test-shop.js';
import { startFakeWompiApi } from './fake-wompi-api.js';
import {
  orderInput,
  orderRow,
  knownEvent,
  paymentEvent,
  placedOrder,
  placeOrder,
  postEvent,
  RECEIPT,
  sizeStock,
  variantWithStock,
  type Variant,
} from './checkout-fixtures.js';
import { expectTypename } from '../setup/graphql-post.js';
import { graphql } from '../gql/index.js';
import { RETRY, SANDBOX_PAY as PAY } from './order-fixtures.js';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop?.close());

const SANDBOX = graphql(`
  query SandboxGatewayPage($session: String!) {
    sandboxCheckout(session: $session) {
      session
      shopName
      reference
      amountInCents
      currency
      paymentMethod
      redirectUrl
      decided
    }
  }
`);

async function pendingOrder(stock = 5, quantity = 2, skip = 10) {
  const v: Variant = await variantWithStock(shop, stock, skip);
  const placed = await placeOrder(shop, orderInput(v, quantity));
  expectTypename(placed, 'OrderPlaced');
  const row = await orderRow(shop, placed.reference);
  return { v, placed, row };
}

async function eventsFor(orderId: number): Promise<number> {
  const rows: Array<{ n: number }> = await shop.ds.query(
    `SELECT count(*)::int AS n FROM payment_event WHERE order_id = $1`,
    [orderId],
  );
  return rows[0].n;
}

describe('sandbox gateway and webhook', () => {
  it('pays through the sandbox page: signed event → PAGADO, stock sold, mail written, no second payment', async () => {
    const { v, placed, row } = await pendingOrder(5, 2, 11);
    const session = new URL(placed.checkoutUrl, shop.url).searchParams.get('session')!;
    const checkout = await shop.gql(SANDBOX, { session });
    expect(checkout.data!.sandboxCheckout).toMatchObject({
      reference: placed.reference,
      amountInCents: row.total * 100,
      shopName: 'Enzo',
      decided: false,
      paymentMethod: 'CARD',
    });

    const outbox = path.join(shop.services.env.dataDir, 'outbox');
    const mailsOf = () =>
      fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.includes(placed.reference)) : [];
    const before = mailsOf().length;
    const paid = await shop.gql(PAY, {
      input: { session, cardNumber: '4242 4242 4242 4242' },
    });
    expect(paid.errors).toBeUndefined();
    const result = paid.data!.sandboxPay;
    expect(result.status).toBe('APPROVED');
    const redirect = new URL(result.redirectUrl);
    expect(redirect.pathname).toBe('/pago-exitoso');
    expect(redirect.searchParams.get('ref')).toBe(placed.reference);
    expect(redirect.searchParams.get('token')).toBe(placed.accessToken);
    expect(redirect.searchParams.get('id')).toBe(result.transactionId);

    expect(await orderRow(shop, placed.reference)).toMatchObject({
      status: 'PAGADO',
      transaction_id: result.transactionId,
    });
    expect(await sizeStock(shop, v.sizeId)).toEqual({ stock: 3, reserved: 0 });
    // The payment's two emails (the shopper's and the shop's), written by the mail job: on a busy machine it may wait.
    await expect.poll(() => mailsOf().length, { timeout: 15_000 }).toBeGreaterThanOrEqual(before + 2);
    const shopperMail = fs.readFileSync(
      path.join(
        outbox,
        mailsOf().find((f) => f.endsWith('-cliente.eml'))!,
      ),
      'utf8',
    );
    expect(shopperMail).toMatch(/To: ana@correo\.com/);
    expect(shopperMail).toMatch(/IVA incluido/);

    const again = await shop.gql(PAY, { input: { session, decision: 'APPROVE' } });
    expect(again.errors?.[0].extensions?.code).toBe('CONFLICT');
    expect((await shop.gql(SANDBOX, { session })).data!.sandboxCheckout?.decided).toBe(true);
  });

  it('rejects a forged checksum with 401 and changes nothing', async () => {
    const { v, placed, row } = await pendingOrder(5, 1, 12);
    const event = paymentEvent(
      shop,
      { id: 'forged-1', reference: placed.reference, amountInCents: row.total * 100, status: 'APPROVED' },
      'not-the-secret',
    );
    expect(await postEvent(shop, event)).toBe(401);
    const genuine = paymentEvent(shop, {
      id: 'forged-2',
      reference: placed.reference,
      amountInCents: row.total * 100,
      status: 'APPROVED',
    });
    expect(await postEvent(shop, genuine, { 'x-event-checksum': 'f'.repeat(64) })).toBe(401);
    expect(await postEvent(shop, { hola: 'mundo' })).toBe(401);
    expect((await orderRow(shop, placed.reference)).status).toBe('PENDIENTE_PAGO');
    expect(await eventsFor(row.id)).toBe(0);
    expect(await sizeStock(shop, v.sizeId)).toEqual({ stock: 4, reserved: 1 });
  });

  it('is idempotent: a replayed approval changes nothing', async () => {
    const { v, placed, row } = await pendingOrder(5, 2, 13);
    const event = await knownEvent(shop, {
      id: 'tx-replay',
      reference: placed.reference,
      amountInCents: row.total * 100,
      status: 'APPROVED',
    });
    expect(await postEvent(shop, event, { 'x-event-checksum': event.signature.checksum })).toBe(200);
    expect(await postEvent(shop, event)).toBe(200);
    expect(await postEvent(shop, event)).toBe(200);
    expect((await orderRow(shop, placed.reference)).status).toBe('PAGADO');
    expect(await sizeStock(shop, v.sizeId)).toEqual({ stock: 3, reserved: 0 });
    expect(await eventsFor(row.id)).toBe(1);
  });

  it('releases stock on a declined payment, then allows paying again with a new reference per attempt', async () => {
    const { v, placed, row } = await pendingOrder(5, 2, 14);
    expect(
      await postEvent(
        shop,
        await knownEvent(shop, {
          id: 'tx-dec',
          reference: placed.reference,
          amountInCents: row.total * 100,
          status: 'DECLINED',
        }),
      ),
    ).toBe(200);
    expect((await orderRow(shop, placed.reference)).status).toBe('PAGO_RECHAZADO');
    expect(await sizeStock(shop, v.sizeId)).toEqual({ stock: 5, reserved: 0 });
    // Staff read the timeline in Spanish, not the gateway's status code.
    const notes: Array<{ note: string }> = await shop.ds.query(
      `SELECT note FROM order_transition WHERE order_id = $1 AND to_status = 'PAGO_RECHAZADO'`,
      [row.id],
    );
    expect(notes.map((n) => n.note)).toEqual(['Transacción tx-dec rechazada']);
    const receipt = await shop.gql(RECEIPT, {
      reference: placed.reference,
      token: placed.accessToken,
    });
    expect(receipt.data!.orderReceipt).toMatchObject({ status: 'PAGO_RECHAZADO', canRetryPayment: true });

    const retry = (await shop.gql(RETRY, { reference: placed.reference, token: placed.accessToken })).data!
      .retryPayment;
    expectTypename(retry, 'OrderPlaced');
    expect(await sizeStock(shop, v.sizeId)).toEqual({ stock: 3, reserved: 2 });
    const session = new URL(retry.checkoutUrl, shop.url).searchParams.get('session')!;
    const sandbox = await shop.gql(SANDBOX, { session });
    expect(sandbox.data!.sandboxCheckout?.reference).toBe(`${placed.reference}-2`);
    // Leaving that gateway page without paying: another attempt, another reference, the same held stock.
    const again = (await shop.gql(RETRY, { reference: placed.reference, token: placed.accessToken })).data!
      .retryPayment;
    expectTypename(again, 'OrderPlaced');
    const third = new URL(again.checkoutUrl, shop.url).searchParams.get('session')!;
    expect((await shop.gql(SANDBOX, { session: third })).data!.sandboxCheckout?.reference).toBe(
      `${placed.reference}-3`,
    );
    expect(await sizeStock(shop, v.sizeId)).toEqual({ stock: 3, reserved: 2 });
    const wrongToken = await shop.gql(RETRY, {
      reference: placed.reference,
      token: 'y'.repeat(32),
    });
    expect(wrongToken.data!.retryPayment.__typename).toBe('PaymentRetryUnavailable');

    await shop.gql(PAY, { input: { session, decision: 'APPROVE' } });
    expect((await orderRow(shop, placed.reference)).status).toBe('PAGADO');
    expect(await sizeStock(shop, v.sizeId)).toEqual({ stock: 3, reserved: 0 });
  });

  it('never marks a wrong amount as paid and flags it for staff', async () => {
    const { v, placed, row } = await pendingOrder(5, 1, 15);
    expect(
      await postEvent(
        shop,
        await knownEvent(shop, {
          id: 'tx-amount',
          reference: placed.reference,
          amountInCents: 100,
          status: 'APPROVED',
        }),
      ),
    ).toBe(200);
    expect(await orderRow(shop, placed.reference)).toMatchObject({
      status: 'PENDIENTE_PAGO',
      flags: ['MONTO_NO_COINCIDE'],
    });
    expect(await sizeStock(shop, v.sizeId)).toEqual({ stock: 4, reserved: 1 });
    expect(await eventsFor(row.id)).toBe(1);
  });

  it('stores events for unknown references and still answers 200', async () => {
    expect(
      await postEvent(
        shop,
        await knownEvent(shop, { id: 'tx-unknown', reference: 'OTRA-REF', amountInCents: 5000, status: 'APPROVED' }),
      ),
    ).toBe(200);
    const rows: Array<{ order_id: number | null; reference: string }> = await shop.ds.query(
      `SELECT order_id, reference FROM payment_event WHERE transaction_id = 'tx-unknown'`,
    );
    expect(rows).toEqual([{ order_id: null, reference: 'OTRA-REF' }]);
  });

  it('expires unpaid orders and releases their stock; a late approval re-reserves it', async () => {
    const { v, placed, row } = await pendingOrder(5, 2, 16);
    await shop.ds.query(`UPDATE shop_order SET expires_at = now() - interval '1 minute' WHERE id = $1`, [row.id]);
    expect(await shop.services.orders.expiry.runOnce()).toBeGreaterThanOrEqual(1);
    expect((await orderRow(shop, placed.reference)).status).toBe('EXPIRADO');
    expect(await sizeStock(shop, v.sizeId)).toEqual({ stock: 5, reserved: 0 });
    expect(await shop.services.orders.expiry.runOnce()).toBe(0);

    expect(
      await postEvent(
        shop,
        await knownEvent(shop, {
          id: 'tx-late',
          reference: placed.reference,
          amountInCents: row.total * 100,
          status: 'APPROVED',
        }),
      ),
    ).toBe(200);
    expect((await orderRow(shop, placed.reference)).status).toBe('PAGADO');
    expect(await sizeStock(shop, v.sizeId)).toEqual({ stock: 3, reserved: 0 });
  });

  it('flags a refund when an approval arrives after expiry and the stock is gone', async () => {
    const { v, placed, row } = await pendingOrder(2, 2, 17);
    await shop.ds.query(`UPDATE shop_order SET expires_at = now() - interval '1 minute' WHERE id = $1`, [row.id]);
    await shop.services.orders.expiry.runOnce();
    await shop.ds.query(`UPDATE product_size SET stock = 1 WHERE id = $1`, [Number(v.sizeId)]);
    expect(
      await postEvent(
        shop,
        await knownEvent(shop, {
          id: 'tx-late-2',
          reference: placed.reference,
          amountInCents: row.total * 100,
          status: 'APPROVED',
        }),
      ),
    ).toBe(200);
    expect(await orderRow(shop, placed.reference)).toMatchObject({
      status: 'EXPIRADO',
      refund_pending: true,
      flags: ['REEMBOLSO_PENDIENTE'],
    });
    expect(await sizeStock(shop, v.sizeId)).toEqual({ stock: 1, reserved: 0 });
  });

  it('confirms the redirect’s transaction id with the gateway when the event has not arrived', async () => {
    const { placed, row } = await pendingOrder(5, 1, 18);
    const session = new URL(placed.checkoutUrl, shop.url).searchParams.get('session')!;
    // As if the sandbox had decided but its event were lost on the way.
    await shop.ds.query(`UPDATE sandbox_session SET transaction_id = 'tx-lookup', status = 'APPROVED' WHERE id = $1`, [
      session,
    ]);
    const pending = await shop.gql(RECEIPT, {
      reference: placed.reference,
      token: placed.accessToken,
    });
    expect(pending.data!.orderReceipt?.status).toBe('PENDIENTE_PAGO');
    const res = await shop.gql(RECEIPT, {
      reference: placed.reference,
      token: placed.accessToken,
      transactionId: 'tx-lookup',
    });
    expect(res.data!.orderReceipt?.status).toBe('PAGADO');
    expect(await eventsFor(row.id)).toBe(1);
  });
});

describe('with Wompi keys', () => {
  let wompi: TestShop;
  let api: Awaited<ReturnType<typeof startFakeWompiApi>>;
  beforeAll(async () => {
    api = await startFakeWompiApi();
    wompi = await startTestShop({
      WOMPI_PUBLIC_KEY: 'pub_test_abc',
      WOMPI_INTEGRITY_SECRET: 'test_integrity_secret',
      WOMPI_EVENTS_SECRET: 'test_events_secret',
      WOMPI_API_URL: api.url,
    });
  });
  afterAll(async () => {
    await wompi?.close();
    await api?.close();
  });

  it('sends shoppers to Wompi’s web checkout and refuses the sandbox', async () => {
    const v = await variantWithStock(wompi, 5);
    const placed = await placedOrder(wompi, orderInput(v, 1));
    const url = new URL(placed.checkoutUrl);
    expect(url.origin + url.pathname).toBe('https://checkout.wompi.co/p/');
    expect(url.searchParams.get('reference')).toBe(placed.reference);
    expect(url.searchParams.get('redirect-url')).toBe(
      `${wompi.url}/pago-exitoso?ref=${placed.reference}&token=${placed.accessToken}`,
    );
    const sandbox = await wompi.gql(SANDBOX, { session: 'abcdefghijklmnop' });
    expect(sandbox.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(sandbox.errors?.[0].message).toMatch(/Wompi/);

    const row = await orderRow(wompi, placed.reference);
    const tx = { id: 'w-1', reference: placed.reference, amountInCents: row.total * 100, status: 'APPROVED' };
    api.transactions.set(tx.id, tx);
    const event = paymentEvent(wompi, tx, 'test_events_secret');
    expect(await postEvent(wompi, event)).toBe(200);
    expect(api.state.lookups).toBe(1);
    expect((await orderRow(wompi, placed.reference)).status).toBe('PAGADO');
  });
});
