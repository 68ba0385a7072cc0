import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import pg from 'pg';
import { launchBrowser, newPage } from './browser.js';
import { openDatabase } from '../../server/src/db/data-source.js';
import { OrderExpiry } from '../../server/src/modules/orders/order-expiry.js';
import { OrderLifecycle } from '../../server/src/modules/orders/order-lifecycle.js';
import { OrderMails } from '../../server/src/modules/orders/order-mails.js';

let browser: Browser;
let db: pg.Client;
const base = inject('shopUrl');
const databaseUrl = inject('e2eDatabaseUrl');
let product: { productId: string; sizeId: string };

async function stockOf(sizeId: string) {
  const { rows } = await db.query<{ stock: number; reserved: number }>(
    'SELECT stock, reserved FROM product_size WHERE id = $1',
    [Number(sizeId)],
  );
  return rows[0];
}

beforeAll(async () => {
  browser = await launchBrowser();
  db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const { rows } = await db.query<{ product_id: number; size_id: number }>(
    `SELECT p.id AS product_id, s.id AS size_id FROM product p JOIN product_size s ON s.product_id = p.id WHERE p.category_slug = 'collares' AND p.active ORDER BY p.position, p.id, s.position LIMIT 1`,
  );
  product = { productId: String(rows[0].product_id), sizeId: String(rows[0].size_id) };
});
afterAll(async () => {
  await db?.end();
  await browser?.close();
});

/** Category page → cart (the stored cart the storefront uses) → checkout form → `Pagar` → sandbox. */
const METHOD_RADIOS = { CARD: 'Tarjeta de crédito o débito', PSE: 'PSE', NEQUI: 'Nequi' } as const;

async function checkoutToGateway(
  page: Page,
  method: keyof typeof METHOD_RADIOS,
  place: 'Cúcuta' | 'Bogotá' = 'Cúcuta',
) {
  await page.goto(`${base}/collares`);
  await page.locator('.product-card__link').first().waitFor();
  await page.evaluate((line) => localStorage.setItem('enzo.cart.v1', JSON.stringify({ version: 1, lines: [line] })), {
    ...product,
    quantity: 2,
  });
  await page.goto(`${base}/proceso-pago-items`);
  await page.getByLabel('Nombre y apellidos').fill('Ana María Pérez');
  await page.getByLabel('Correo electrónico').fill('ana@correo.com');
  // What was typed survives a reload.
  await page.reload();
  await expect.poll(() => page.getByLabel('Nombre y apellidos').inputValue()).toBe('Ana María Pérez');
  await page.getByLabel('Celular').fill('315 482 7760');
  await page.getByLabel('Tipo de documento').selectOption('CC');
  await page.getByLabel('Número de documento').fill('123');
  if (place === 'Cúcuta') {
    await page.getByLabel('Departamento').selectOption({ label: 'Norte de Santander' });
    await page.getByLabel('Municipio').fill('Cúcuta');
  } else {
    // Bogotá D.C. is its department's only municipality: choosing the department fills it in.
    await page.getByLabel('Departamento').selectOption({ label: 'Bogotá D.C.' });
    expect(await page.getByLabel('Municipio').inputValue()).toBe('Bogotá D.C.');
  }
  await page.getByLabel('Dirección', { exact: true }).fill('Av. 0 # 11-64');
  await page.getByLabel('Barrio / indicaciones (opcional)').fill('Caobos, casa esquinera');
  await page.getByRole('button', { name: 'Pagar' }).click();
  // Inline Spanish errors: document too short, policy not accepted.
  await page.getByText('La cédula de ciudadanía debe tener entre 6 y 10 dígitos.').waitFor();
  await page.getByText('Debes aceptar la política de tratamiento de datos para continuar.').waitFor();
  await page.getByLabel('Número de documento').fill('1020304050');
  // A corrected field loses its (now stale) message right away; the others keep theirs.
  await page.getByText('La cédula de ciudadanía debe tener entre 6 y 10 dígitos.').waitFor({ state: 'detached' });
  expect(await page.getByLabel('Número de documento').getAttribute('aria-invalid')).toBe('false');
  await page.getByText('Debes aceptar la política de tratamiento de datos para continuar.').waitFor();
  await page.getByRole('checkbox', { name: /política de tratamiento de datos/ }).check();
  await page.getByRole('radio', { name: METHOD_RADIOS[method] }).check();
  await page.getByRole('button', { name: 'Pagar' }).click();
  await page.waitForURL(/\/pasarela-sandbox\?session=/);
  await page.getByText(/^ENZ-[A-Z0-9]{6}$/).waitFor();
}

describe('checkout in Chromium', () => {
  it('buys with the sandbox: form → Pagar → Aprobar pago → paid receipt, cart empty', async () => {
    await db.query('UPDATE product_size SET stock = 5, reserved = 0 WHERE id = $1', [Number(product.sizeId)]);
    const { page, problems, context } = await newPage(browser);
    await checkoutToGateway(page, 'CARD');
    expect(await stockOf(product.sizeId)).toEqual({ stock: 3, reserved: 2 });
    await page.getByRole('button', { name: 'Aprobar pago' }).click();
    await page.waitForURL(/\/pago-exitoso\?ref=ENZ-.*&token=.*&id=/);
    await page.getByRole('heading', { name: '¡Pago aprobado!' }).waitFor();
    await page.getByText('IVA incluido').waitFor();
    await page.getByText('Av. 0 # 11-64').waitFor();
    // The cart was kept while the payment was pending, and is emptied once it is approved.
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            (JSON.parse(localStorage.getItem('enzo.cart.v1') ?? '{"lines":[]}') as { lines: unknown[] }).lines.length,
        ),
      )
      .toBe(0);
    expect(await stockOf(product.sizeId)).toEqual({ stock: 3, reserved: 0 });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('offers to pay again after a declined payment, and gives the stock back after expiry', async () => {
    await db.query('UPDATE product_size SET stock = 5, reserved = 0 WHERE id = $1', [Number(product.sizeId)]);
    const { page, problems, context } = await newPage(browser);
    await checkoutToGateway(page, 'PSE', 'Bogotá');
    await page.getByLabel('Banco', { exact: true }).selectOption('2');
    await page.getByRole('button', { name: 'Rechazar pago' }).click();
    await page.waitForURL(/\/pago-exitoso/);
    await page.getByRole('heading', { name: 'Tu pago fue rechazado' }).waitFor();
    expect(await stockOf(product.sizeId)).toEqual({ stock: 5, reserved: 0 });

    await page.getByRole('button', { name: /^Pagar \$/ }).click();
    await page.waitForURL(/\/pasarela-sandbox\?session=/);
    await page.getByRole('button', { name: 'Aprobar pago' }).waitFor();
    expect(await stockOf(product.sizeId)).toEqual({ stock: 3, reserved: 2 });

    // The shopper walks away: the order passes its deadline and the expiry job runs.
    const reference = await page.getByText(/^ENZ-[A-Z0-9]{6}-2$/).textContent();
    await db.query(`UPDATE shop_order SET expires_at = now() - interval '1 minute' WHERE reference = $1`, [
      reference!.replace(/-2$/, ''),
    ]);
    const ds = await openDatabase({ url: databaseUrl, poolSize: 2 });
    try {
      const lifecycle = new OrderLifecycle(
        new OrderMails({ receiptUrl: () => `${base}/pago-exitoso`, shopEmail: 'pedidos@enzo.test' }),
      );
      expect(await new OrderExpiry(ds, lifecycle, async () => 48).runOnce()).toBeGreaterThanOrEqual(1);
    } finally {
      await ds.destroy();
    }
    expect(await stockOf(product.sizeId)).toEqual({ stock: 5, reserved: 0 });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('pays with Nequi: the sandbox asks for the phone, explains a wrong one, and the order records Nequi', async () => {
    await db.query('UPDATE product_size SET stock = 5, reserved = 0 WHERE id = $1', [Number(product.sizeId)]);
    const { page, problems, context } = await newPage(browser);
    await checkoutToGateway(page, 'NEQUI', 'Bogotá');
    // The gateway preselects the shopper's choice (every method stays on offer, as in Wompi's checkout).
    expect(await page.getByRole('radio', { name: 'Nequi' }).isChecked()).toBe(true);
    await page.getByLabel('Celular Nequi').fill('300 123 4567');
    await page.getByRole('button', { name: 'Pagar con Nequi' }).click();
    await page
      .getByRole('alert')
      .getByText('Usa el celular Nequi de prueba 399 111 1111 (aprueba) o 399 222 2222 (rechaza).')
      .waitFor();
    await page.getByLabel('Celular Nequi').fill('399 111 1111');
    await page.getByRole('button', { name: 'Pagar con Nequi' }).click();
    await page.waitForURL(/\/pago-exitoso\?ref=ENZ-.*&token=.*&id=/);
    await page.getByRole('heading', { name: '¡Pago aprobado!' }).waitFor();
    const reference = new URL(page.url()).searchParams.get('ref');
    const { rows } = await db.query<{ status: string; payment_method: string }>(
      'SELECT status, payment_method FROM shop_order WHERE reference = $1',
      [reference],
    );
    expect(rows[0]).toEqual({ status: 'PAGADO', payment_method: 'NEQUI' });
    expect(await stockOf(product.sizeId)).toEqual({ stock: 3, reserved: 0 });
    expect(problems).toEqual([]);
    await context.close();
  });
});
