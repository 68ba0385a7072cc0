import fs from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, inject, vi } from 'vitest';
import type { Browser } from 'playwright-core';
import pg from 'pg';
import { launchBrowser, newPage, PHONE } from './browser.js';
import { exportAuthEmulatorHost } from '../../server/src/config/env.js';
import { createUser } from '../setup/staff-tokens.js';

const base = inject('shopUrl');
const EMAIL = 'e2e-personal@enzo.test';
const PASSWORD = 'clave-e2e-segura';
let browser: Browser;
let reference: string;

async function gql<T>(
  query: string,
  variables: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<T> {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.9.8.7', ...headers },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: T; errors?: unknown };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data!;
}

beforeAll(async () => {
  exportAuthEmulatorHost(inject('authEmulatorHost'));
  browser = await launchBrowser();
  await createUser(EMAIL, PASSWORD, true);
  // A shopper places an order and pays it in the sandbox gateway.
  const db = new pg.Client({ connectionString: inject('e2eDatabaseUrl') });
  await db.connect();
  const { rows } = await db.query<{ product_id: number; size_id: number }>(
    `SELECT p.id AS product_id, s.id AS size_id FROM product p JOIN product_size s ON s.product_id = p.id WHERE p.active AND s.stock > 5 ORDER BY p.id DESC, s.position LIMIT 1`,
  );
  const placed = await gql<{ placeOrder: { __typename: string; reference: string; checkoutUrl: string } }>(
    `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { __typename ... on OrderPlaced { reference checkoutUrl } } }`,
    {
      input: {
        lines: [{ productId: String(rows[0].product_id), sizeId: String(rows[0].size_id), quantity: 2 }],
        customer: {
          fullName: 'Valentina Ñáñez Ortiz',
          email: 'valentina@correo.com',
          phone: '3104567890',
          documentType: 'CC',
          documentNumber: '52123456',
        },
        shipping: {
          departmentCode: '05',
          municipalityCode: '05001',
          address: 'Cra. 43A # 1-50',
          neighborhood: 'El Poblado',
        },
        paymentMethod: 'CARD',
        acceptDataPolicy: true,
        idempotencyKey: randomUUID(),
      },
    },
  );
  expect(placed.placeOrder.__typename).toBe('OrderPlaced');
  reference = placed.placeOrder.reference;
  const session = new URL(placed.placeOrder.checkoutUrl, base).searchParams.get('session');
  await gql(`mutation($input: SandboxPayInput!) { sandboxPay(input: $input) { status } }`, {
    input: { session, decision: 'APPROVE' },
  });
  // expect.poll belongs to a test; a hook waits with vi.waitUntil.
  await vi.waitUntil(
    async () =>
      (await db.query('SELECT status FROM shop_order WHERE reference = $1', [reference])).rows[0]?.status === 'PAGADO',
    { timeout: 30_000, interval: 200 },
  );
  await db.end();
});
afterAll(() => browser?.close());

describe('staff dashboard in Chromium', () => {
  it('guards, signs in, finds the order, ships it, exports CSV and signs out', async () => {
    const { page, problems, context } = await newPage(browser, { acceptDownloads: true });
    // Guard: not signed in → login with the way back.
    await page.goto(`${base}/orders?estado=PAGADO`);
    await page.waitForURL(/\/login-dashboard-enzo-fpl\?next=%2Forders%3Festado%3DPAGADO$/);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');

    await page.getByLabel('Correo electrónico').fill(EMAIL);
    await page.getByLabel('Contraseña').fill('no-es-la-clave');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.getByText('Correo o contraseña incorrectos.').waitFor();

    await page.getByLabel('Contraseña').fill(PASSWORD);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.waitForURL(`${base}/orders?estado=PAGADO`);
    const row = page.getByRole('row').filter({ hasText: reference });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain('Valentina Ñáñez Ortiz');
    expect(await row.textContent()).toContain('Medellín');
    expect(await row.textContent()).toContain('Pagado');

    // Search by reference keeps the filters in the URL.
    await page.getByLabel('Buscar').fill(reference);
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await page.waitForURL(/q=ENZ-/);
    await page.getByRole('link', { name: reference }).click();
    await page.waitForURL(/\/detail-order\/\d+$/);
    await page.getByRole('heading', { name: new RegExp(`Orden ${reference}`) }).waitFor();
    await page.getByText('CC 52123456').waitFor();
    await page.getByText('Medellín, Antioquia').waitFor();
    await page.getByText('IVA incluido').waitFor();

    await page.getByLabel('Nuevo estado').selectOption({ label: 'En preparación' });
    await page.getByLabel('Nota (opcional)').fill('Empacando con moño');
    await page.getByRole('button', { name: 'Guardar cambio' }).click();
    await page.getByText('Orden movida a «En preparación».').waitFor();
    await page.getByText('Empacando con moño').waitFor();

    // The payment event reads in Spanish.
    await page
      .locator('.payment-events')
      .getByText(/· Aprobada ·/)
      .waitFor();
    await page.getByLabel('Nuevo estado').selectOption({ label: 'Enviado' });
    // Without carrier and tracking: our Spanish message, not the browser's own (English) bubble.
    await page.getByRole('button', { name: 'Guardar cambio' }).click();
    await page.getByRole('alert').getByText('Indica la transportadora y el número de guía.').waitFor();
    await page.getByLabel('Transportadora').fill('Servientrega');
    await page.getByLabel('Número de guía').fill('SV-998877');
    await page.getByRole('button', { name: 'Guardar cambio' }).click();
    await page.getByText('Orden movida a «Enviado».').waitFor();
    await page.getByText('Servientrega · Guía SV-998877').waitFor();
    expect(await page.getByRole('combobox', { name: 'Nuevo estado' }).locator('option').allTextContents()).toEqual([
      'Elige…',
      'Entregado',
      'Devuelto a la tienda (el paquete volvió)',
    ]);

    // Filter by state and export the filtered list.
    await page
      .getByRole('navigation', { name: 'Panel de administración' })
      .getByRole('link', { name: 'Órdenes' })
      .click();
    await page.getByRole('combobox', { name: /^Estado/ }).selectOption({ label: 'Enviado' });
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await page.waitForURL(/estado=ENVIADO/);
    await page.getByRole('row').filter({ hasText: reference }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^ordenes-enzo-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await fs.readFile((await download.path())!);
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = csv.toString('utf8');
    expect(text).toContain(`${reference};`);
    expect(text).toContain('Valentina Ñáñez Ortiz');
    expect(text).toContain(';Enviado;');
    expect(text).toContain('SV-998877');

    // Sign out → login; the dashboard is guarded again.
    await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
    await page.waitForURL(`${base}/login-dashboard-enzo-fpl`);
    await page.goto(`${base}/dashboard`);
    await page.waitForURL(/\/login-dashboard-enzo-fpl\?next=%2Fdashboard$/);
    await page.getByRole('button', { name: 'Ingresar' }).waitFor();

    // The failed sign-in's HTTP 400 from the Auth emulator is expected; nothing else may fail.
    expect(problems.filter((p) => !/status of 400/.test(p))).toEqual([]);
    await context.close();
  });

  it('a signed-in staff member opening the login page goes to the dashboard', async () => {
    const { page, problems, context } = await newPage(browser);
    await page.goto(`${base}/login-dashboard-enzo-fpl`);
    await page.getByLabel('Correo electrónico').fill(EMAIL);
    await page.getByLabel('Contraseña').fill(PASSWORD);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.waitForURL(`${base}/dashboard`);
    await page.getByRole('heading', { name: 'Hola, Ana Personal' }).waitFor();
    await page.getByText('Ventas de hoy').waitFor();
    await page.locator('.sales-chart svg[role="img"]').waitFor();
    await page.goto(`${base}/login-dashboard-enzo-fpl`);
    await page.waitForURL(`${base}/dashboard`);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('on a phone: the order detail fits the screen and a final state is confirmed', async () => {
    const { page, problems, context } = await newPage(browser, PHONE);
    await page.goto(`${base}/orders?q=${reference}`);
    await page.getByLabel('Correo electrónico').fill(EMAIL);
    await page.getByLabel('Contraseña').fill(PASSWORD);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.getByRole('link', { name: reference }).click();
    await page.getByRole('heading', { name: new RegExp(`Orden ${reference}`) }).waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')).toBe(0);
    // Each product is a card: its price and total are on the screen, not in a table scrolled sideways.
    const lines = page.locator('.order-lines tbody tr');
    expect(await lines.count()).toBeGreaterThan(0);
    for (const label of ['Precio', 'Total']) {
      const cell = lines.first().locator(`td[data-label="${label}"]`);
      expect(await cell.textContent()).toMatch(/^\$ \d/);
      const box = (await cell.boundingBox())!;
      expect(box.x + box.width, label).toBeLessThanOrEqual(390);
    }
    expect(
      await page
        .locator('.staff-table-wrap')
        .evaluateAll((wraps) => wraps.filter((w) => w.scrollWidth > w.clientWidth + 1).length),
    ).toBe(0);

    // The shipped order (first test) is delivered: the confirmation stays although no action is left.
    await page.getByLabel('Nuevo estado').selectOption({ label: 'Entregado' });
    await page.getByRole('button', { name: 'Guardar cambio' }).click();
    await page.getByText('Orden movida a «Entregado».').waitFor();
    await page.getByText('Esta orden ya no admite cambios de estado.').waitFor();

    // Escape closes the phone menu.
    await page.getByRole('button', { name: 'Menú' }).click();
    await page.getByRole('link', { name: 'Productos' }).waitFor();
    await page.keyboard.press('Escape');
    expect(await page.getByRole('button', { name: 'Menú' }).getAttribute('aria-expanded')).toBe('false');
    expect(problems).toEqual([]);
    await context.close();
  });
});
