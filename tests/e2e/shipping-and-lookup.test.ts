import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import pg from 'pg';
import { formatCop } from '#shared/money.js';
import { ORDER_LOOKUP_MISMATCH } from '#shared/order-lookup.js';
import { launchBrowser, newPage, PHONE } from './browser.js';
import { exportAuthEmulatorHost } from '../../server/src/config/env.js';
import { createUser, signIn as tokenFor } from '../setup/staff-tokens.js';

/**
 * Shipping and order lookup in Chromium: staff price shipping to one municipality and a shopper's checkout
 * follows it; a shopper follows a shipped order from «Consulta tu pedido» without seeing anyone's personal data.
 */
const base = inject('shopUrl');
const EMAIL = 'e2e-envios@enzo.test';
const PASSWORD = 'clave-e2e-envios';
// Duitama (Boyacá): no other e2e file ships to Boyacá. The fee stays above the lowest rate, so the «desde»
// figure other files check is unchanged; the days stay inside the shop's widest range.
const OVERRIDE = {
  departmentCode: '15',
  department: 'Boyacá',
  municipalityCode: '15238',
  municipality: 'Duitama',
  fee: 23_400,
  minDays: 4,
  maxDays: 6,
};
let browser: Browser;
let db: pg.Client;
let staff: Record<string, string>;
let product: { productId: string; sizeId: string; name: string; size: string; price: number };

beforeAll(async () => {
  exportAuthEmulatorHost(inject('authEmulatorHost'));
  browser = await launchBrowser();
  await createUser(EMAIL, PASSWORD, true);
  staff = { authorization: `Bearer ${await tokenFor(inject('authEmulatorHost'), EMAIL, PASSWORD)}` };
  db = new pg.Client({ connectionString: inject('e2eDatabaseUrl') });
  await db.connect();
  await db.query('DELETE FROM shipping_rate WHERE municipality_code = $1', [OVERRIDE.municipalityCode]);
  // A bandana (no other e2e file uses them), well under the free-shipping threshold.
  const { rows } = await db.query<{ product_id: number; size_id: number; name: string; label: string; price: number }>(
    `SELECT p.id AS product_id, s.id AS size_id, p.name, s.label, p.price FROM product p JOIN product_size s ON s.product_id = p.id
      WHERE p.category_slug = 'bandanas' AND p.active AND p.price < 75000 ORDER BY p.position, p.id, s.position LIMIT 1`,
  );
  const row = rows[0]!;
  product = {
    productId: String(row.product_id),
    sizeId: String(row.size_id),
    name: row.name,
    size: row.label,
    price: row.price,
  };
  await db.query('UPDATE product_size SET stock = 8, reserved = 0 WHERE id = $1', [row.size_id]);
});
afterAll(async () => {
  // The shared e2e database goes back as it was: no override for Duitama.
  await db?.query('DELETE FROM shipping_rate WHERE municipality_code = $1', [OVERRIDE.municipalityCode]);
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
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.12.13.15', ...headers },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: T; errors?: unknown };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data!;
}

async function staffSignIn(page: Page, next: string) {
  await page.goto(`${base}${next}`);
  await page.getByLabel('Correo electrónico').fill(EMAIL);
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.waitForURL(`${base}${next}`);
}

const CUSTOMER = {
  fullName: 'Marisol Quintero Ávila',
  email: 'marisol.consulta@correo.com',
  phone: '3208765432',
  documentType: 'CC',
  documentNumber: '1057123456',
};
const ADDRESS = {
  departmentCode: '15',
  municipalityCode: '15759',
  address: 'Carrera 11 # 14-62',
  neighborhood: 'Barrio El Recreo',
};

/** An order of one bandana paid in the sandbox, prepared and handed to Servientrega by staff: its reference and guide. */
async function shippedOrder() {
  const placed = await gql<{ placeOrder: { reference: string; checkoutUrl: string } }>(
    `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { ... on OrderPlaced { reference checkoutUrl } } }`,
    {
      input: {
        lines: [{ productId: product.productId, sizeId: product.sizeId, quantity: 1 }],
        customer: CUSTOMER,
        shipping: ADDRESS,
        paymentMethod: 'CARD',
        acceptDataPolicy: true,
        idempotencyKey: randomUUID(),
      },
    },
  );
  const { reference } = placed.placeOrder;
  const session = new URL(placed.placeOrder.checkoutUrl, base).searchParams.get('session');
  await gql(`mutation($input: SandboxPayInput!) { sandboxPay(input: $input) { status } }`, {
    input: { session, decision: 'APPROVE' },
  });
  const order = (await db.query<{ id: number }>('SELECT id FROM shop_order WHERE reference = $1', [reference]))
    .rows[0]!;
  const guide = `2150${String(order.id).padStart(6, '0')}`;
  const move = `mutation($input: TransitionOrderInput!) { staffTransitionOrder(input: $input) { __typename } }`;
  expect(await gql(move, { input: { orderId: String(order.id), to: 'EN_PREPARACION' } }, staff)).toEqual({
    staffTransitionOrder: { __typename: 'StaffOrder' },
  });
  expect(
    await gql(
      move,
      { input: { orderId: String(order.id), to: 'ENVIADO', carrier: 'Servientrega', trackingNumber: guide } },
      staff,
    ),
  ).toEqual({ staffTransitionOrder: { __typename: 'StaffOrder' } });
  return { reference, guide };
}

describe('shipping by destination and «Consulta tu pedido», in Chromium', () => {
  it('staff add a rate for one municipality on a phone; a shopper’s cart says «desde», the checkout charges that rate there and another elsewhere', async () => {
    // Staff, on a phone: «Envíos» → a new rate for Duitama.
    const desk = await newPage(browser, PHONE);
    const s = desk.page;
    await staffSignIn(s, '/dashboard/envios');
    await s.getByRole('heading', { level: 1, name: 'Envíos' }).waitFor();
    await s.getByRole('button', { name: 'Agregar tarifa' }).click();
    const form = s.getByRole('form', { name: 'Nueva tarifa' });
    await expect.poll(() => s.evaluate<string | undefined>('document.activeElement?.id')).toBe('rate-form-title');
    await form.getByLabel('Departamento').selectOption({ label: OVERRIDE.department });
    await form.getByLabel('Municipio').selectOption({ label: OVERRIDE.municipality });
    await form.getByLabel('Valor del envío (COP)').fill('23.400');
    await form.getByLabel('Días hábiles mínimos').fill(String(OVERRIDE.minDays));
    await form.getByLabel('Días hábiles máximos').fill(String(OVERRIDE.maxDays));
    await form.getByRole('button', { name: 'Guardar tarifa' }).click();
    await s
      .getByRole('status')
      .getByText(`Tarifa de Duitama (Boyacá) guardada: ${formatCop(OVERRIDE.fee)}, 4 a 6 días hábiles.`)
      .waitFor();
    const listed = s
      .getByRole('table', { name: 'Tarifas de envío por destino' })
      .getByRole('row')
      .filter({ hasText: 'Duitama' });
    await listed.getByText(formatCop(OVERRIDE.fee), { exact: true }).waitFor();
    await listed.getByText('4 a 6 días hábiles', { exact: true }).waitFor();
    await listed.getByRole('button', { name: 'Quitar la tarifa de Duitama (Boyacá)' }).waitFor();
    expect(await s.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    const saved = (
      await db.query(
        'SELECT department_code, fee, min_days, max_days FROM shipping_rate WHERE municipality_code = $1',
        [OVERRIDE.municipalityCode],
      )
    ).rows;
    expect(saved).toEqual([{ department_code: '15', fee: 23_400, min_days: 4, max_days: 6 }]);

    // The shopper, on a phone: one bandana, well under free shipping; no destination yet, so «desde».
    const shopper = await newPage(browser, PHONE);
    const p = shopper.page;
    await p.goto(`${base}/bandanas`);
    await p
      .getByRole('link', { name: new RegExp(product.name) })
      .first()
      .click();
    await p.getByRole('heading', { level: 1, name: product.name }).waitFor();
    await p.getByRole('radio', { name: product.size, exact: true }).check();
    await p.getByRole('button', { name: 'Agregar al carrito' }).click();
    const drawer = p.getByRole('dialog', { name: 'Carro de Compras' });
    const cartShipping = drawer.locator('.cart-totals div', { hasText: 'ENVÍO' }).locator('dd');
    await expect.poll(() => cartShipping.textContent()).toBe('desde $ 16.500');
    await drawer.getByRole('button', { name: 'Ir a Pagar' }).click();
    await p.waitForURL(`${base}/proceso-pago-items`);

    // Checkout: the same «desde» until the place is known, then that place's fee and delivery time.
    const summary = p.getByRole('region', { name: 'Tu pedido' });
    const shipping = summary.locator('.cart-totals div', { hasText: 'ENVÍO' }).locator('dd');
    const total = summary.locator('.cart-totals__total dd');
    await expect.poll(() => shipping.textContent()).toBe('desde $ 16.500');
    await summary.getByText('El envío se calcula con tu departamento y municipio.').waitFor();
    await p.getByLabel('Departamento').selectOption({ label: OVERRIDE.department });
    await p.getByLabel('Municipio').fill(OVERRIDE.municipality);
    await expect.poll(() => shipping.textContent()).toBe(formatCop(OVERRIDE.fee));
    await expect.poll(() => total.textContent()).toBe(formatCop(product.price + OVERRIDE.fee));
    await summary.getByText('Entrega en 4 a 6 días hábiles después de aprobado el pago.').waitFor();

    // Another municipality of the same department pays the department's rate.
    await p.getByLabel('Municipio').fill('Sogamoso');
    await expect.poll(() => shipping.textContent()).toBe('$ 16.500');
    await expect.poll(() => total.textContent()).toBe(formatCop(product.price + 16_500));
    await summary.getByText('Entrega en 3 a 5 días hábiles después de aprobado el pago.').waitFor();
    expect(await p.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);

    // Staff take the rate away again: Duitama pays Boyacá's rate.
    s.once('dialog', (d) => void d.accept());
    await listed.getByRole('button', { name: 'Quitar la tarifa de Duitama (Boyacá)' }).click();
    await s.getByRole('status').getByText('Quitamos la tarifa de Duitama: ahora se cobra la de Boyacá.').waitFor();
    await expect.poll(() => listed.count()).toBe(0);
    await p.getByLabel('Municipio').fill(OVERRIDE.municipality);
    await expect.poll(() => shipping.textContent()).toBe('$ 16.500');

    expect(desk.problems).toEqual([]);
    expect(shopper.problems).toEqual([]);
    await desk.context.close();
    await shopper.context.close();
  });

  it('a shopper follows a shipped order from the footer link: a wrong pair gets one generic answer; the right one shows status, history and the Servientrega link, nothing personal', async () => {
    const order = await shippedOrder();
    const { page, problems, context } = await newPage(browser, PHONE);
    await page.goto(`${base}/nosotros`);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Consulta tu pedido' }).click();
    await page.waitForURL(`${base}/consulta-tu-pedido`);
    await page.getByRole('heading', { level: 1, name: 'Consulta tu pedido' }).waitFor();
    const form = page.getByRole('form', { name: 'Consultar un pedido' });

    // The right reference with someone else's email: the one answer that does not say which half was wrong.
    await form.getByLabel('Número de pedido').fill(order.reference.toLowerCase());
    await form.getByLabel('Correo electrónico').fill('otra.persona@correo.com');
    await form.getByRole('button', { name: 'Consultar' }).click();
    await form.getByRole('alert').getByText(ORDER_LOOKUP_MISMATCH, { exact: true }).waitFor();
    expect(await page.getByRole('region', { name: `Pedido ${order.reference}` }).count()).toBe(0);

    // The right pair: the result takes the focus.
    await form.getByLabel('Correo electrónico').fill(` ${CUSTOMER.email.toUpperCase()} `);
    await form.getByRole('button', { name: 'Consultar' }).click();
    const result = page.getByRole('region', { name: `Pedido ${order.reference}` });
    await result.getByRole('heading', { name: 'Tu pedido va en camino' }).waitFor();
    await expect
      .poll(() => page.evaluate<string | null | undefined>('document.activeElement?.getAttribute("aria-label")'))
      .toBe(`Pedido ${order.reference}`);
    expect(await form.getByRole('alert').count()).toBe(0);

    const stages = result.getByRole('list', { name: 'Avance de tu pedido' });
    expect(await stages.locator('[aria-current="step"]').textContent()).toMatch(/^Enviado/);
    const history = result.getByRole('region', { name: 'Historial del pedido' }).getByRole('listitem');
    await expect
      .poll(() => history.allTextContents())
      .toEqual([
        expect.stringMatching(/^Recibimos tu pedido/),
        expect.stringMatching(/^Pago aprobado/),
        expect.stringMatching(/^Empezamos a preparar tu pedido/),
        expect.stringMatching(/^Entregamos tu pedido a la transportadora/),
      ]);
    const shipment = result.getByRole('region', { name: 'Envío' });
    await shipment.getByText(order.guide, { exact: true }).waitFor();
    const track = shipment.getByRole('link', { name: /^Rastrear en Servientrega/ });
    expect(await track.getAttribute('href')).toContain(order.guide);
    expect(await track.getAttribute('href')).toMatch(/^https:\/\/www\.servientrega\.com\//);

    // Nothing personal: no name, address, neighbourhood, phone, document or email on the page.
    const text = await page.locator('body').innerText();
    for (const personal of [
      CUSTOMER.fullName,
      'Marisol',
      'Quintero',
      ADDRESS.address,
      ADDRESS.neighborhood,
      CUSTOMER.phone,
      '320 876 5432',
      CUSTOMER.documentNumber,
      CUSTOMER.email,
    ]) {
      expect(text, personal).not.toContain(personal);
    }
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    expect(problems).toEqual([]);
    await context.close();
  });
});
