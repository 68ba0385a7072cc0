import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import pg from 'pg';
import { launchBrowser, newPage, PHONE } from './browser.js';
import { exportAuthEmulatorHost } from '../../server/src/config/env.js';
import { createUser, signIn as tokenFor } from '../setup/staff-tokens.js';

/** Retracto: the shopper asks from the order page, staff accept, record the goods and the refund. */
const base = inject('shopUrl');
const EMAIL = 'e2e-devoluciones@enzo.test';
const PASSWORD = 'clave-e2e-devoluciones';
let browser: Browser;
let db: pg.Client;
let staff: Record<string, string>;

beforeAll(async () => {
  exportAuthEmulatorHost(inject('authEmulatorHost'));
  browser = await launchBrowser();
  await createUser(EMAIL, PASSWORD, true);
  staff = { authorization: `Bearer ${await tokenFor(inject('authEmulatorHost'), EMAIL, PASSWORD)}` };
  db = new pg.Client({ connectionString: inject('e2eDatabaseUrl') });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
  await browser?.close();
});

async function gql<T>(
  query: string,
  variables: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<T> {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.12.13.14', ...headers },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: T; errors?: unknown };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data!;
}

/** An order of 2 units of one leash, paid in the sandbox and delivered by staff today: its reference, token, size and order id. */
async function deliveredOrder() {
  const { rows } = await db.query<{ product_id: number; size_id: number }>(
    `SELECT p.id AS product_id, s.id AS size_id FROM product p JOIN product_size s ON s.product_id = p.id
      WHERE p.category_slug = 'correas' AND p.active ORDER BY p.position DESC, p.id DESC, s.position LIMIT 1`,
  );
  const line = { productId: String(rows[0]!.product_id), sizeId: String(rows[0]!.size_id), quantity: 2 };
  await db.query('UPDATE product_size SET stock = 6, reserved = 0 WHERE id = $1', [Number(line.sizeId)]);
  const placed = await gql<{ placeOrder: { reference: string; accessToken: string; checkoutUrl: string } }>(
    `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { ... on OrderPlaced { reference accessToken checkoutUrl } } }`,
    {
      input: {
        lines: [line],
        customer: {
          fullName: 'Camila Ortega Ruiz',
          email: 'camila.devuelve@correo.com',
          phone: '3124567890',
          documentType: 'CC',
          documentNumber: '1098765432',
        },
        shipping: {
          departmentCode: '11',
          municipalityCode: '11001',
          address: 'Calle 72 # 10-34',
          neighborhood: 'Chapinero',
        },
        paymentMethod: 'CARD',
        acceptDataPolicy: true,
        idempotencyKey: randomUUID(),
      },
    },
  );
  const { reference, accessToken } = placed.placeOrder;
  const session = new URL(placed.placeOrder.checkoutUrl, base).searchParams.get('session');
  await gql(`mutation($input: SandboxPayInput!) { sandboxPay(input: $input) { status } }`, {
    input: { session, decision: 'APPROVE' },
  });
  const order = (await db.query<{ id: number }>('SELECT id FROM shop_order WHERE reference = $1', [reference]))
    .rows[0]!;
  const move = `mutation($input: TransitionOrderInput!) { staffTransitionOrder(input: $input) { __typename } }`;
  await gql(move, { input: { orderId: String(order.id), to: 'EN_PREPARACION' } }, staff);
  await gql(
    move,
    { input: { orderId: String(order.id), to: 'ENVIADO', carrier: 'Servientrega', trackingNumber: '20304050' } },
    staff,
  );
  await gql(move, { input: { orderId: String(order.id), to: 'ENTREGADO' } }, staff);
  return { reference, accessToken, sizeId: Number(line.sizeId), orderId: order.id };
}

async function staffSignIn(page: Page, next: string) {
  await page.goto(`${base}${next}`);
  await page.getByLabel('Correo electrónico').fill(EMAIL);
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.waitForURL(`${base}${next}`);
}

describe('retracto, in Chromium', () => {
  it('a shopper asks for retracto on one unit from the order page; staff accept it, record the goods (stock back) and the bank transfer; the shopper sees it refunded', async () => {
    const order = await deliveredOrder();
    const stockBefore = (
      await db.query<{ stock: number }>('SELECT stock FROM product_size WHERE id = $1', [order.sizeId])
    ).rows[0]!.stock;
    const orderPage = `${base}/pago-exitoso?ref=${order.reference}&token=${encodeURIComponent(order.accessToken)}`;

    // The shopper, on a phone.
    const shopper = await newPage(browser, PHONE);
    await shopper.page.goto(orderPage);
    const returns = shopper.page.getByRole('region', { name: 'Devoluciones y garantía' });
    await returns.getByText(/^Puedes retractarte hasta el /).waitFor();
    await returns.getByRole('button', { name: 'Solicitar una devolución, garantía o reversión' }).click();
    expect(await returns.getByRole('radio', { name: /Retracto/ }).isChecked()).toBe(true);
    await returns.getByRole('combobox', { name: /^Unidades de / }).selectOption({ label: '1 unidad' });
    await returns.getByLabel('Motivo').fill('La talla le quedó grande a mi perra');
    await returns.getByRole('button', { name: 'Enviar solicitud' }).click();
    await returns
      .getByRole('status')
      .getByText(/^Recibimos tu solicitud de retracto/)
      .waitFor();
    await returns.getByText('Estado: Recibimos tu solicitud: la estamos revisando').waitFor();
    expect(await shopper.page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    const request = (
      await db.query<{ id: number; kind: string; status: string; refund_amount: number }>(
        'SELECT id, kind, status, refund_amount FROM return_request WHERE order_id = $1',
        [order.orderId],
      )
    ).rows;
    expect(request).toHaveLength(1);
    expect(request[0]).toMatchObject({ kind: 'RETRACTO', status: 'SOLICITADA' });

    // Staff, on the returns page.
    const desk = await newPage(browser);
    await staffSignIn(desk.page, '/dashboard/devoluciones');
    const card = desk.page.getByRole('article', { name: new RegExp(`Orden ${order.reference}`) });
    await card.getByText('1 × ', { exact: false }).waitFor();
    await card.getByRole('button', { name: 'Aceptar' }).click();
    await card.getByRole('button', { name: 'Registrar productos recibidos' }).click();
    await card.getByRole('status').getByText('Productos recibidos: volvieron al inventario.').waitFor();
    // One unit of two with a card payment: a partial refund goes by bank transfer.
    expect(await card.getByRole('radio', { name: 'Anulación del cobro en la pasarela' }).count()).toBe(0);
    await card.getByRole('radio', { name: 'Transferencia bancaria' }).check();
    await card.getByLabel('Referencia de la transferencia').fill('TRF-887766');
    await card.getByRole('button', { name: 'Registrar reembolso' }).click();
    await card.getByText('Reembolso registrado: le escribimos al cliente.').waitFor();

    const done = (
      await db.query<{ status: string; refund_method: string; refund_reference: string }>(
        'SELECT status, refund_method, refund_reference FROM return_request WHERE id = $1',
        [request[0]!.id],
      )
    ).rows[0];
    expect(done).toEqual({ status: 'REEMBOLSADA', refund_method: 'BANK_TRANSFER', refund_reference: 'TRF-887766' });
    expect(
      (await db.query<{ stock: number }>('SELECT stock FROM product_size WHERE id = $1', [order.sizeId])).rows[0]!
        .stock,
    ).toBe(stockBefore + 1);
    const mails = (
      await db.query<{ subject: string }>(
        'SELECT subject FROM outbound_email WHERE order_id = $1 AND recipient = $2 ORDER BY id',
        [order.orderId, 'camila.devuelve@correo.com'],
      )
    ).rows.map((r) => r.subject);
    expect(mails).toEqual(
      expect.arrayContaining([
        `Recibimos tu solicitud de retracto · pedido ${order.reference}`,
        `Aceptamos tu solicitud de retracto · pedido ${order.reference}`,
        `Recibimos los productos devueltos · pedido ${order.reference}`,
        expect.stringMatching(new RegExp(`^Te devolvimos \\$\\s?[\\d.]+ · pedido ${order.reference}$`)),
      ]),
    );

    // The shopper reloads the order page: refunded, with the transfer's reference.
    await shopper.page.reload();
    await returns.getByText('Estado: Reembolsada').waitFor();
    await returns.getByText(/referencia TRF-887766/).waitFor();
    expect(shopper.problems).toEqual([]);
    expect(desk.problems).toEqual([]);
    await shopper.context.close();
    await desk.context.close();
  });
});
