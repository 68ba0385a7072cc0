import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, inject, vi } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import pg from 'pg';
import { launchBrowser, newPage } from './browser.js';
import { exportAuthEmulatorHost } from '../../server/src/config/env.js';
import { bearer, createUser, signIn } from '../setup/staff-tokens.js';

/**
 * In Chromium: checkout re-quotes at once after placeOrder refuses a code; bulk changes offer only the states the
 * chosen orders can reach and ship with each order's guide; a partial refund shows as its own line with the net
 * paid, for staff and for the shopper.
 */
const base = inject('shopUrl');
const EMAIL = 'e2e-dinero@enzo.test';
const PASSWORD = 'clave-e2e-dinero';
let browser: Browser;
let db: pg.Client;
let staffAuth: Record<string, string>;
let product: { productId: string; sizeId: string; price: number };

async function gql<T>(query: string, variables: Record<string, unknown>, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
      ...headers,
    },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: T; errors?: unknown };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data!;
}

const customer = (fullName: string, email: string) => ({
  fullName,
  email,
  phone: '3104567890',
  documentType: 'CC',
  documentNumber: String(randomInt(10_000_000, 99_999_999)),
});

/** An order placed and paid in the sandbox gateway; its id, reference and token. */
async function paidOrder(fullName: string, email: string, quantity = 1) {
  const placed = await gql<{
    placeOrder: { __typename: string; reference: string; accessToken: string; checkoutUrl: string };
  }>(
    `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { __typename ... on OrderPlaced { reference accessToken checkoutUrl } } }`,
    {
      input: {
        lines: [{ productId: product.productId, sizeId: product.sizeId, quantity }],
        customer: customer(fullName, email),
        shipping: { departmentCode: '05', municipalityCode: '05001', address: 'Cra. 43A # 1-50', neighborhood: null },
        paymentMethod: 'CARD',
        acceptDataPolicy: true,
        idempotencyKey: randomUUID(),
      },
    },
  );
  expect(placed.placeOrder.__typename).toBe('OrderPlaced');
  const { reference, accessToken, checkoutUrl } = placed.placeOrder;
  const session = new URL(checkoutUrl, base).searchParams.get('session');
  await gql(`mutation($input: SandboxPayInput!) { sandboxPay(input: $input) { status } }`, {
    input: { session, decision: 'APPROVE' },
  });
  await vi.waitUntil(
    async () =>
      (await db.query('SELECT status FROM shop_order WHERE reference = $1', [reference])).rows[0]?.status === 'PAGADO',
    { timeout: 30_000, interval: 200 },
  );
  const { rows } = await db.query<{ id: number }>('SELECT id FROM shop_order WHERE reference = $1', [reference]);
  return { id: rows[0]!.id, reference, accessToken };
}

async function staffMove(id: number, to: string, extra: Record<string, unknown> = {}) {
  const res = await gql<{ staffTransitionOrder: { __typename: string } }>(
    `mutation($input: TransitionOrderInput!) { staffTransitionOrder(input: $input) { __typename } }`,
    { input: { orderId: String(id), to, ...extra } },
    staffAuth,
  );
  expect(res.staffTransitionOrder.__typename).toBe('StaffOrder');
}

async function signInAt(page: Page, url: string) {
  await page.goto(url);
  await page.getByLabel('Correo electrónico').fill(EMAIL);
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
}

beforeAll(async () => {
  exportAuthEmulatorHost(inject('authEmulatorHost'));
  browser = await launchBrowser();
  await createUser(EMAIL, PASSWORD, true);
  staffAuth = bearer(await signIn(inject('authEmulatorHost'), EMAIL, PASSWORD));
  db = new pg.Client({ connectionString: inject('e2eDatabaseUrl') });
  await db.connect();
  const { rows } = await db.query<{ product_id: number; size_id: number; price: number }>(
    `SELECT p.id AS product_id, s.id AS size_id, p.price FROM product p JOIN product_size s ON s.product_id = p.id
      WHERE p.active AND p.category_slug = 'correas' ORDER BY p.id, s.position LIMIT 1`,
  );
  product = { productId: String(rows[0]!.product_id), sizeId: String(rows[0]!.size_id), price: rows[0]!.price };
  await db.query('UPDATE product_size SET stock = 500, reserved = 0 WHERE id = $1', [Number(product.sizeId)]);
});
afterAll(async () => {
  await db?.end();
  await browser?.close();
});

describe('money and stock in Chromium', () => {
  it('checkout: a code placeOrder refuses is dropped and the summary shows the real total at once; an expired code says so', async () => {
    await db.query(
      `INSERT INTO discount_code (code, percent, first_purchase_only) VALUES ('PRIMERA-E2E', 20, true) ON CONFLICT DO NOTHING`,
    );
    await db.query(
      `INSERT INTO discount_code (code, percent, valid_until) VALUES ('VENCIDO-E2E', 20, now() - interval '2 days') ON CONFLICT DO NOTHING`,
    );
    await paidOrder('Cliente Fiel', 'cliente.fiel@correo.com');
    const { page, problems, context } = await newPage(browser);
    await page.goto(`${base}/correas`);
    await page.evaluate(
      ({ line }) => {
        localStorage.setItem('enzo.cart.v1', JSON.stringify({ version: 1, lines: [line] }));
        localStorage.setItem('enzo.discount.v1', JSON.stringify('VENCIDO-E2E'));
      },
      { line: { productId: product.productId, sizeId: product.sizeId, quantity: 2 } },
    );
    await page.goto(`${base}/proceso-pago-items`);
    const summary = page.getByRole('region', { name: 'Tu pedido' });
    await summary.getByText(/^Este código venció el \d{1,2} de [a-z]+\.$/).waitFor();

    await summary.getByLabel('Código de descuento').fill('primera-e2e');
    await summary.getByRole('button', { name: 'Aplicar' }).click();
    await summary.getByText('Código PRIMERA-E2E aplicado: 20 % de descuento.').waitFor();
    const pay = page.locator('.checkout-secure');
    const discounted = await pay.textContent();

    await page.getByLabel('Nombre y apellidos').fill('Cliente Fiel');
    // The same inbox with a +tag: the same customer, who already bought.
    await page.getByLabel('Correo electrónico').fill('Cliente.Fiel+otra@correo.com');
    await page.getByLabel('Celular').fill('310 456 7890');
    await page.getByLabel('Número de documento').fill('1020304050');
    await page.getByLabel('Departamento').selectOption({ label: 'Bogotá D.C.' });
    await page.getByLabel('Dirección', { exact: true }).fill('Calle 10 # 5-20');
    await page.getByRole('checkbox', { name: /política de tratamiento de datos/ }).check();
    await page.getByRole('button', { name: 'Pagar' }).click();
    await page
      .getByText(
        'El código PRIMERA-E2E no se aplicó: Este código no aplica a este pedido. Revisa el nuevo total antes de pagar.',
      )
      .waitFor();
    await summary
      .getByText('El código PRIMERA-E2E no se aplicó: Este código no aplica a este pedido. El total ya no lo incluye.')
      .waitFor();
    await expect.poll(() => pay.textContent()).not.toBe(discounted);
    expect(await summary.getByText(/aplicado/).count()).toBe(0);
    expect(page.url()).toContain('/proceso-pago-items');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('bulk: only the states every chosen order can reach, then shipping with one carrier and each order’s guide', async () => {
    const name = `Bulto ${randomInt(1000, 9999)} Pérez`;
    const orders = [await paidOrder(name, 'bulto1@correo.com'), await paidOrder(name, 'bulto2@correo.com')];
    const { page, problems, context } = await newPage(browser);
    await signInAt(page, `${base}/orders?q=${encodeURIComponent(name)}`);
    for (const o of orders) await page.getByRole('checkbox', { name: `Elegir la orden ${o.reference}` }).check();
    const state = page.getByLabel('Nuevo estado para todas');
    expect(await state.locator('option').allTextContents()).toEqual(['Elige…', 'En preparación', 'Cancelado']);
    await state.selectOption({ label: 'En preparación' });
    await page.getByRole('button', { name: 'Cambiar 2 órdenes' }).click();
    await page.getByText('2 de 2 órdenes cambiaron de estado.').waitFor();
    // The list reloads: the same chosen orders now offer shipping, not delivery.
    await expect.poll(() => state.locator('option').allTextContents()).toEqual(['Elige…', 'Enviado', 'Cancelado']);
    await state.selectOption({ label: 'Enviado' });
    await page.getByLabel('Transportadora (para todas)').fill('Servientrega');
    await page.getByLabel(`Número de guía de ${orders[0]!.reference}`).fill('SV-BULTO-1');
    await page.getByLabel(`Número de guía de ${orders[1]!.reference}`).fill('SV-BULTO-2');
    await page.getByRole('button', { name: 'Cambiar 2 órdenes' }).click();
    await page.getByText('2 de 2 órdenes cambiaron de estado.').waitFor();
    const { rows } = await db.query<{ status: string; carrier: string; tracking_number: string }>(
      'SELECT status, carrier, tracking_number FROM shop_order WHERE id = ANY($1::int[]) ORDER BY id',
      [orders.map((o) => o.id)],
    );
    expect(rows).toEqual([
      { status: 'ENVIADO', carrier: 'Servientrega', tracking_number: 'SV-BULTO-1' },
      { status: 'ENVIADO', carrier: 'Servientrega', tracking_number: 'SV-BULTO-2' },
    ]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a partial refund is its own line with the net paid, on the staff detail and on the shopper’s order page', async () => {
    const order = await paidOrder('Reembolso Parcial Gómez', 'parcial@correo.com', 2);
    await staffMove(order.id, 'EN_PREPARACION');
    await staffMove(order.id, 'ENVIADO', { carrier: 'Servientrega', trackingNumber: 'SV-R1' });
    await staffMove(order.id, 'ENTREGADO');
    const { rows: lines } = await db.query<{ id: number }>('SELECT id FROM order_line WHERE order_id = $1', [order.id]);
    const asked = await gql<{ requestReturn: { __typename: string; id: string; refundAmount: number } }>(
      `mutation($r: String!, $t: String!, $input: RequestReturnInput!) { requestReturn(reference: $r, token: $t, input: $input) {
        __typename ... on ReturnRequest { id refundAmount } } }`,
      {
        r: order.reference,
        t: order.accessToken,
        input: {
          kind: 'RETRACTO',
          reason: 'Una de las dos no la necesitamos',
          items: [{ lineId: String(lines[0]!.id), quantity: 1 }],
        },
      },
    );
    const { id, refundAmount } = asked.requestReturn;
    for (const step of [
      `staffDecideReturn(id: $id, accept: true) { __typename }`,
      `staffReceiveReturn(id: $id) { __typename }`,
      `staffRefundReturn(id: $id, method: BANK_TRANSFER, reference: "TRF-E2E-1") { __typename }`,
    ])
      await gql(`mutation($id: ID!) { ${step} }`, { id }, staffAuth);
    const { rows } = await db.query<{ total: number }>('SELECT total FROM shop_order WHERE id = $1', [order.id]);
    const cop = (n: number) => `$ ${n.toLocaleString('de-DE')}`;

    const staff = await newPage(browser);
    await signInAt(staff.page, `${base}/detail-order/${order.id}`);
    const totals = staff.page.locator('.order-totals');
    await totals.getByText(/^Reembolso · Retracto · .* \(TRF-E2E-1\)$/).waitFor();
    expect(await totals.textContent()).toContain(`−${cop(refundAmount)}`);
    expect(await totals.textContent()).toContain(`Neto pagado${cop(rows[0]!.total - refundAmount)}`);
    await staff.page.getByText('Productos devueltos recibidos (1 unidad)').waitFor();
    expect(staff.problems).toEqual([]);
    await staff.context.close();

    const shopper = await newPage(browser);
    await shopper.page.goto(`${base}/pago-exitoso?ref=${order.reference}&token=${order.accessToken}`);
    const paid = shopper.page.getByText('Pagaste en total');
    await paid.waitFor();
    expect(await shopper.page.locator('.cart-totals').textContent()).toContain(`− ${cop(refundAmount)}`);
    expect(await paid.locator('xpath=..').textContent()).toContain(cop(rows[0]!.total - refundAmount));
    expect(shopper.problems).toEqual([]);
    await shopper.context.close();
  });
});
