import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../setup/test-shop.js';
import { orderRow, sizeStock } from './checkout-fixtures.js';
import { mailsOf, orderPage, paySandbox, RELEASE, RETRY, sandboxSession, unpaidOrder } from './order-fixtures.js';
import { expectTypename } from '../setup/graphql-post.js';
import type { PaymentMethod } from '../gql/graphql.js';

/** A shopper who did not finish paying is not lost: they can pay again from the order page or the reminder. */
let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop?.close());

const retry = async (placed: { reference: string; accessToken: string }, paymentMethod?: PaymentMethod) =>
  (await shop.gql(RETRY, { reference: placed.reference, token: placed.accessToken, paymentMethod })).data!.retryPayment;

/** Why a retry was refused, in Spanish (the test fails if it was not refused). */
const refusal = async (placed: { reference: string; accessToken: string }) => {
  const refused = await retry(placed);
  expectTypename(refused, 'PaymentRetryUnavailable');
  return refused.message;
};

describe('paying again', () => {
  it('after a declined card, pays with PSE: a decline email with a link, the stock held again, then paid', async () => {
    const { v, placed, row } = await unpaidOrder(shop, { skip: 0, stock: 4, quantity: 2 });
    await paySandbox(shop, placed.checkoutUrl, { cardNumber: '4111 1111 1111 1111' });
    expect((await orderRow(shop, placed.reference)).status).toBe('PAGO_RECHAZADO');
    expect(await sizeStock(shop, v.sizeId)).toEqual({ stock: 4, reserved: 0 });
    const declined = (await mailsOf(shop, row.id)).find(
      (m) => m.subject === `No se aprobó el pago de tu pedido ${placed.reference} · Enzo`,
    );
    expect(declined!.text).toContain(
      `Pagar de nuevo: ${shop.services.env.publicUrl}/pago-exitoso?ref=${placed.reference}&token=${placed.accessToken}`,
    );
    expect(await orderPage(shop, placed)).toMatchObject({
      status: 'PAGO_RECHAZADO',
      canPay: true,
      canRetryPayment: true,
      payBefore: expect.any(String),
    });

    const again = await retry(placed, 'PSE');
    expectTypename(again, 'OrderPlaced');
    expect(await sandboxSession(shop, again.checkoutUrl)).toMatchObject({
      reference: `${placed.reference}-2`,
      paymentMethod: 'PSE',
    });
    expect(await sizeStock(shop, v.sizeId)).toEqual({ stock: 2, reserved: 2 });
    await paySandbox(shop, again.checkoutUrl, { pseBank: '1' });
    const page = await orderPage(shop, placed);
    expect(page).toMatchObject({ status: 'PAGADO', paymentMethod: 'PSE', canPay: false, payBefore: null });
    expect(page.timeline.map((s) => [s.from, s.status])).toEqual([
      [null, 'PENDIENTE_PAGO'],
      ['PENDIENTE_PAGO', 'PAGO_RECHAZADO'],
      ['PAGO_RECHAZADO', 'PENDIENTE_PAGO'],
      ['PENDIENTE_PAGO', 'PAGADO'],
    ]);
    expect(await sizeStock(shop, v.sizeId)).toEqual({ stock: 2, reserved: 0 });
  });

  it('after leaving the gateway without paying, starts a new attempt with the other method while the stock stays held', async () => {
    const { v, placed } = await unpaidOrder(shop, { skip: 1, stock: 3 });
    expect(await orderPage(shop, placed)).toMatchObject({
      status: 'PENDIENTE_PAGO',
      canPay: true,
      paymentProcessing: false,
      payBefore: expect.any(String),
    });
    const again = await retry(placed, 'PSE');
    expectTypename(again, 'OrderPlaced');
    expect(await sandboxSession(shop, again.checkoutUrl)).toMatchObject({
      reference: `${placed.reference}-2`,
      paymentMethod: 'PSE',
    });
    expect(await sizeStock(shop, v.sizeId)).toEqual({ stock: 2, reserved: 1 });
    // The attempt is not a step the shopper has to read.
    expect((await orderPage(shop, placed)).timeline.map((s) => s.status)).toEqual(['PENDIENTE_PAGO']);
    await paySandbox(shop, again.checkoutUrl, { decision: 'APPROVE' });
    expect((await orderPage(shop, placed)).status).toBe('PAGADO');
    expect(await retry(placed)).toEqual({
      __typename: 'PaymentRetryUnavailable',
      message: 'Este pedido ya está pagado.',
    });
  });

  it('limits attempts and refuses ended orders with a Spanish message', async () => {
    const { placed } = await unpaidOrder(shop, { skip: 2 });
    for (let i = 2; i <= 5; i++) expect((await retry(placed)).__typename).toBe('OrderPlaced');
    expect(await orderPage(shop, placed)).toMatchObject({ canPay: false });
    expect(await refusal(placed)).toMatch(/varias veces/);

    const late = await unpaidOrder(shop, { skip: 3 });
    await shop.ds.query(`UPDATE shop_order SET expires_at = now() - interval '1 minute' WHERE id = $1`, [late.row.id]);
    expect(await orderPage(shop, late.placed)).toMatchObject({ canPay: false, payBefore: null });
    expect(await refusal(late.placed)).toMatch(/^El tiempo para pagar este pedido terminó/);
    expect(await retry({ reference: late.placed.reference, accessToken: 'x'.repeat(32) })).toEqual({
      __typename: 'PaymentRetryUnavailable',
      message: 'No encontramos este pedido.',
    });
  });
});

describe('letting an unpaid order go (the shopper changed the cart)', () => {
  it('cancels it through the lifecycle: stock and discount use come back; asking again answers the same', async () => {
    const [code] = await shop.ds.query(
      `SELECT code, uses FROM discount_code WHERE active AND usage_limit IS NULL AND (valid_until IS NULL OR valid_until > now()) AND (valid_from IS NULL OR valid_from <= now()) LIMIT 1`,
    );
    const { v, placed, row } = await unpaidOrder(shop, {
      skip: 4,
      stock: 5,
      quantity: 2,
      overrides: { discountCode: code.code },
    });
    expect(await sizeStock(shop, v.sizeId)).toEqual({ stock: 3, reserved: 2 });
    const first = await shop.gql(RELEASE, { reference: placed.reference, token: placed.accessToken });
    expect(first.data!.releaseOrder).toEqual({
      __typename: 'OrderReleased',
      reference: placed.reference,
      status: 'CANCELADO',
    });
    expect(await sizeStock(shop, v.sizeId)).toEqual({ stock: 5, reserved: 0 });
    const [after] = await shop.ds.query(`SELECT uses FROM discount_code WHERE code = $1`, [code.code]);
    expect(after.uses).toBe(code.uses);
    const again = await shop.gql(RELEASE, { reference: placed.reference, token: placed.accessToken });
    expect(again.data!.releaseOrder).toEqual(first.data!.releaseOrder);
    expect(await sizeStock(shop, v.sizeId)).toEqual({ stock: 5, reserved: 0 });
    const [step] = await shop.ds.query(
      `SELECT actor, note FROM order_transition WHERE order_id = $1 AND to_status = 'CANCELADO'`,
      [row.id],
    );
    expect(step).toEqual({ actor: 'cliente', note: 'El cliente cambió su carrito' });
    expect(await refusal(placed)).toMatch(/fue cancelado/);
  });

  it('never cancels a paid order, and needs the token', async () => {
    const { placed } = await unpaidOrder(shop, { skip: 5 });
    await paySandbox(shop, placed.checkoutUrl, { decision: 'APPROVE' });
    const res = await shop.gql(RELEASE, { reference: placed.reference, token: placed.accessToken });
    expect(res.data!.releaseOrder).toEqual({
      __typename: 'OrderAlreadyPaid',
      reference: placed.reference,
      message: `Tu pedido ${placed.reference} ya fue pagado.`,
    });
    expect((await orderRow(shop, placed.reference)).status).toBe('PAGADO');
    const forged = await shop.gql(RELEASE, { reference: placed.reference, token: 'y'.repeat(32) });
    expect(forged.data!.releaseOrder).toEqual({ __typename: 'NotFound', message: 'No encontramos este pedido.' });
  });
});

describe('payment reminder', () => {
  /** When the order's reminder is due (null once the sweep has seen it). */
  const reminderAt = async (id: number): Promise<Date | null> =>
    (await shop.ds.query(`SELECT payment_reminder_at FROM shop_order WHERE id = $1`, [id]))[0].payment_reminder_at;
  const placedAt = async (id: number): Promise<Date> =>
    (await shop.ds.query(`SELECT created_at FROM shop_order WHERE id = $1`, [id]))[0].created_at;

  it('is due some minutes after the order, and the sweep emails a link once if the order is still unpaid then', async () => {
    const { placed, row } = await unpaidOrder(shop, { skip: 6 });
    const due = await reminderAt(row.id);
    const delayMinutes = (due!.getTime() - (await placedAt(row.id)).getTime()) / 60_000;
    expect(delayMinutes).toBeGreaterThan(9);
    expect(delayMinutes).toBeLessThanOrEqual(15);
    // Placing it queued no job: nothing wakes the workers for a reminder due in ten minutes.
    const jobs = await shop.ds.query(`SELECT key FROM graphile_worker.jobs WHERE key = $1`, [
      `payment-reminder:${row.id}`,
    ]);
    expect(jobs).toEqual([]);

    const reminders = shop.services.orders.reminders;
    await reminders.runDue(new Date(due!.getTime() - 1000));
    expect(await reminderAt(row.id)).toEqual(due);
    expect(await mailsOf(shop, row.id)).toEqual([]);
    expect(await reminders.runDue(due!)).toBeGreaterThanOrEqual(1);
    expect(await reminderAt(row.id)).toBeNull();
    expect(await mailsOf(shop, row.id)).toHaveLength(1);
    expect(await reminders.runDue(due!)).toBe(0);
    // A job queued for it before the sweep (an upgrade) finds the same email and adds none.
    expect(await reminders.run(row.id)).toBe(true);
    const mails = await mailsOf(shop, row.id);
    expect(mails.map((m) => m.subject)).toEqual([`Tu pedido ${placed.reference} te espera: termina el pago · Enzo`]);
    expect(mails[0].text).toContain(
      `Terminar el pago: ${shop.services.env.publicUrl}/pago-exitoso?ref=${placed.reference}&token=${placed.accessToken}`,
    );
  });

  it('does nothing for an order paid, released or past its time, and the sweep sees each once', async () => {
    const paid = await unpaidOrder(shop, { skip: 7 });
    await paySandbox(shop, paid.placed.checkoutUrl, { decision: 'APPROVE' });
    const released = await unpaidOrder(shop, { skip: 8 });
    await shop.gql(RELEASE, { reference: released.placed.reference, token: released.placed.accessToken });
    const late = await unpaidOrder(shop, { skip: 9 });
    await shop.ds.query(`UPDATE shop_order SET expires_at = now() - interval '1 minute' WHERE id = $1`, [late.row.id]);
    const orders = [paid, released, late];
    const latest = Math.max(...(await Promise.all(orders.map((o) => reminderAt(o.row.id)))).map((d) => d!.getTime()));
    await shop.services.orders.reminders.runDue(new Date(latest));
    for (const order of orders) {
      expect(await reminderAt(order.row.id)).toBeNull();
      expect(await shop.services.orders.reminders.run(order.row.id)).toBe(false);
      expect((await mailsOf(shop, order.row.id)).filter((m) => m.subject.includes('te espera'))).toEqual([]);
    }
  });

  it('is never due for a cash-on-delivery order', () => {
    const { lifecycle } = shop.services.orders;
    const now = new Date();
    expect(lifecycle.opening('CASH_ON_DELIVERY', now).paymentReminderAt).toBeNull();
    expect(lifecycle.opening('CARD', now).paymentReminderAt!.getTime()).toBeGreaterThan(now.getTime());
  });
});
