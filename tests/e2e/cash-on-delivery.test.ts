import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import pg from 'pg';
import { launchBrowser, newPage, PHONE } from './browser.js';
import { exportAuthEmulatorHost } from '../../server/src/config/env.js';
import { createUser } from '../setup/staff-tokens.js';

/** Contraentrega end to end: staff switch it on, a shopper on a phone orders with it, staff confirm, ship, deliver and record the cash. */
const base = inject('shopUrl');
const EMAIL = 'e2e-contraentrega@enzo.test';
const PASSWORD = 'clave-e2e-contraentrega';
let browser: Browser;
let db: pg.Client;
let product: { productId: string; sizeId: string };

beforeAll(async () => {
  exportAuthEmulatorHost(inject('authEmulatorHost'));
  browser = await launchBrowser();
  await createUser(EMAIL, PASSWORD, true);
  db = new pg.Client({ connectionString: inject('e2eDatabaseUrl') });
  await db.connect();
  const { rows } = await db.query<{ product_id: number; size_id: number }>(
    `SELECT p.id AS product_id, s.id AS size_id FROM product p JOIN product_size s ON s.product_id = p.id WHERE p.category_slug = 'collares' AND p.active ORDER BY p.position, p.id, s.position LIMIT 1 OFFSET 1`,
  );
  product = { productId: String(rows[0].product_id), sizeId: String(rows[0].size_id) };
  await db.query('UPDATE product_size SET stock = 5, reserved = 0 WHERE id = $1', [Number(product.sizeId)]);
});
afterAll(async () => {
  // Back to the shop's default for the other files: contraentrega off.
  await db?.query('UPDATE cash_on_delivery_settings SET enabled = false WHERE id = 1');
  await db?.end();
  await browser?.close();
});

async function signIn(page: Page, next: string) {
  await page.goto(`${base}${next}`);
  await page.getByLabel('Correo electrónico').fill(EMAIL);
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.waitForURL(`${base}${next}`);
}

const stockOf = async () =>
  (
    await db.query<{ stock: number; reserved: number }>('SELECT stock, reserved FROM product_size WHERE id = $1', [
      Number(product.sizeId),
    ])
  ).rows[0];

describe('pago contraentrega in Chromium', () => {
  it('staff switch it on; a shopper orders with it; staff confirm by phone, ship, deliver and record the cash', async () => {
    const staff = await newPage(browser);
    await signIn(staff.page, '/dashboard/pagos');
    await staff.page.getByRole('checkbox', { name: 'Ofrecer pago contraentrega' }).check();
    await staff.page.getByLabel('Valor máximo del pedido (COP)').fill('500.000');
    await staff.page.getByLabel('Recargo (COP)').fill('7.000');
    await staff.page.getByRole('button', { name: 'Guardar' }).click();
    await staff.page.getByText('Guardado. La tienda ofrece pago contraentrega.').waitFor();

    // The shopper, on a phone: the footer lists it, the checkout offers it with its fee.
    const shopper = await newPage(browser, PHONE);
    const p = shopper.page;
    await p.goto(`${base}/collares`);
    await p.getByRole('list', { name: 'Medios de pago' }).getByText('Pago contraentrega').waitFor();
    await p.evaluate((line) => localStorage.setItem('enzo.cart.v1', JSON.stringify({ version: 1, lines: [line] })), {
      ...product,
      quantity: 2,
    });
    await p.goto(`${base}/proceso-pago-items`);
    await p.getByLabel('Nombre y apellidos').fill('Luz Dary Cárdenas');
    await p.getByLabel('Correo electrónico').fill('luz@correo.com');
    await p.getByLabel('Celular').fill('310 555 1234');
    await p.getByLabel('Número de documento').fill('52987654');
    await p.getByLabel('Departamento').selectOption({ label: 'Norte de Santander' });
    await p.getByLabel('Municipio').fill('Cúcuta');
    await p.getByLabel('Dirección', { exact: true }).fill('Calle 11 # 3-45');
    await p.getByRole('checkbox', { name: /política de tratamiento de datos/ }).check();
    await p.getByRole('radio', { name: /Pago contraentrega/ }).check();
    await p.getByText('Recargo pago contraentrega').waitFor();
    await p.getByText(/No pagas nada ahora/).waitFor();
    await p.getByRole('button', { name: 'Hacer pedido' }).click();
    await p.waitForURL(/\/pago-exitoso\?ref=ENZ-/);
    await p.getByRole('heading', { level: 1, name: 'Recibimos tu pedido: te llamaremos para confirmarlo' }).waitFor();
    await p.getByText('Pedido recibido').waitFor();
    const reference = new URL(p.url()).searchParams.get('ref')!;
    // Nothing to pay online: the cart is bought, the units are held for the call.
    await expect
      .poll(() =>
        p.evaluate(
          () =>
            (JSON.parse(localStorage.getItem('enzo.cart.v1') ?? '{"lines":[]}') as { lines: unknown[] }).lines.length,
        ),
      )
      .toBe(0);
    expect(await stockOf()).toEqual({ stock: 3, reserved: 2 });
    const [order] = (
      await db.query<{ id: number; status: string; payment_fee: number }>(
        'SELECT id, status, payment_fee FROM shop_order WHERE reference = $1',
        [reference],
      )
    ).rows;
    expect(order).toMatchObject({ status: 'POR_CONFIRMAR', payment_fee: 7000 });

    // Staff: the orders waiting for a call, then the order itself.
    const s = staff.page;
    await s.goto(`${base}/orders?estado=POR_CONFIRMAR`);
    await s.getByRole('link', { name: reference }).click();
    await s.getByRole('heading', { name: 'Pago contraentrega' }).waitFor();
    await s.getByLabel('Nuevo estado').selectOption({ label: 'Confirmado por teléfono → En preparación' });
    await s.getByRole('button', { name: 'Guardar cambio' }).click();
    await s.getByText('Orden movida a «En preparación».').waitFor();
    expect(await stockOf()).toEqual({ stock: 3, reserved: 0 });
    await s.getByLabel('Nuevo estado').selectOption({ label: 'Enviado' });
    await s.getByLabel('Transportadora').fill('Servientrega');
    await s.getByLabel('Número de guía').fill('SV-4455');
    await s.getByRole('button', { name: 'Guardar cambio' }).click();
    await s.getByText('Orden movida a «Enviado».').waitFor();
    expect(await s.getByRole('button', { name: 'Registrar pago recibido' }).count()).toBe(0);
    await s.getByLabel('Nuevo estado').selectOption({ label: 'Entregado' });
    await s.getByRole('button', { name: 'Guardar cambio' }).click();
    await s.getByText('Orden movida a «Entregado».').waitFor();
    s.once('dialog', (d) => void d.accept());
    await s.getByRole('button', { name: 'Registrar pago recibido' }).click();
    await s.getByText('Pago contraentrega registrado.').waitFor();
    await s.getByText(/registrado por e2e-contraentrega@enzo\.test/).waitFor();
    const [paid] = (
      await db.query<{ cash_collected_by: string; cash_collected_at: Date | null }>(
        'SELECT cash_collected_by, cash_collected_at FROM shop_order WHERE id = $1',
        [order.id],
      )
    ).rows;
    expect(paid.cash_collected_by).toBe(EMAIL);
    expect(paid.cash_collected_at).not.toBeNull();

    expect(shopper.problems).toEqual([]);
    expect(staff.problems).toEqual([]);
    await shopper.context.close();
    await staff.context.close();
  });
});
