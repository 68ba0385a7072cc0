import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import pg from 'pg';
import { launchBrowser, newPage, PHONE } from './browser.js';
import { exportAuthEmulatorHost } from '../../server/src/config/env.js';
import { createUser } from '../setup/staff-tokens.js';
import { SMALL_TAP_TARGETS } from './layout-probes.js';
import { STAFF_NAV } from '../../client/src/app/layouts/staff-pages.js';

const base = inject('shopUrl');
const EMAIL = 'e2e-catalogo@enzo.test';
const PASSWORD = 'clave-e2e-catalogo';
let browser: Browser;
let db: pg.Client;
let picture: string;

beforeAll(async () => {
  exportAuthEmulatorHost(inject('authEmulatorHost'));
  browser = await launchBrowser();
  await createUser(EMAIL, PASSWORD, true);
  db = new pg.Client({ connectionString: inject('e2eDatabaseUrl') });
  await db.connect();
  picture = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'enzo-e2e-')), 'collar-vinotinto.svg');
  fs.writeFileSync(
    picture,
    '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800"><rect width="800" height="800" fill="#f3e8d8"/><circle cx="400" cy="400" r="220" fill="none" stroke="#7b1e2b" stroke-width="60"/></svg>',
  );
});
afterAll(async () => {
  await db?.end();
  await browser?.close();
  fs.rmSync(path.dirname(picture), { recursive: true, force: true });
});

async function signIn(page: Page, next: string) {
  await page.goto(`${base}${next}`);
  await page.getByLabel('Correo electrónico').fill(EMAIL);
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.waitForURL(`${base}${next}`);
}

describe('staff run the catalogue, shoppers buy', () => {
  it('staff create a collar with a picture, sizes, price and size guide; a shopper buys it through the sandbox', async () => {
    const { page, problems, context } = await newPage(browser);
    await signIn(page, '/dashboard/productos/nuevo');
    await page.getByLabel('Nombre').fill('Collar Vinotinto Bordado');
    await page.getByLabel('Categoría').selectOption({ label: 'Collares' });
    await page.getByLabel('Precio (COP, IVA incluido)').fill('64.500');
    await page
      .getByLabel('Descripción')
      .fill('Collar de reata vinotinto bordado a mano en Cúcuta, con hebilla de latón.');
    // Two sizes (S and M) instead of five.
    await page.getByRole('button', { name: 'Quitar la talla 1' }).click();
    for (let i = 0; i < 2; i++) await page.getByRole('button', { name: 'Quitar la talla 3' }).click();
    await page.getByLabel('Unidades de la talla 1').fill('3');
    await page.getByLabel('Unidades de la talla 2').fill('4');
    // The collar's suggested guide (neck) is already there; one value is adjusted.
    await page.getByLabel('Cuello (cm) de la talla S').fill('27-33');
    await page.getByRole('button', { name: 'Crear producto' }).click();
    await page.waitForURL(/\/dashboard\/productos\/\d+$/);
    const id = page.url().split('/').at(-1)!;
    await page.getByRole('heading', { level: 1, name: 'Collar Vinotinto Bordado' }).waitFor();

    await page.getByLabel('Descripción de la nueva imagen').fill('Collar vinotinto bordado visto de frente');
    await page.getByLabel('Subir imagen').setInputFiles(picture);
    await page.getByText('Imagen agregada.').waitFor();
    expect(await page.getByLabel('Texto alternativo (imagen principal)').inputValue()).toBe(
      'Collar vinotinto bordado visto de frente',
    );
    const [row] = (await db.query(`SELECT slug, price, active FROM product WHERE id = $1`, [Number(id)])).rows;
    expect(row).toEqual({ slug: 'collar-vinotinto-bordado', price: 64_500, active: true });

    // The shopper: product page with the staff's guide, add size M, checkout, pay in the sandbox.
    const shopper = await newPage(browser);
    const p = shopper.page;
    await p.goto(`${base}/collares/${id}/collar-vinotinto-bordado`);
    await p.getByRole('heading', { level: 1, name: 'Collar Vinotinto Bordado' }).waitFor();
    await p.getByText('$ 64.500').first().waitFor();
    const guide = p.getByRole('table', { name: 'Medidas de Collar Vinotinto Bordado en centímetros por talla' });
    expect(await guide.getByRole('row').allTextContents()).toEqual(['TallaCuello (cm)', 'S27–33', 'M32–40']);
    expect(await p.getByRole('img', { name: 'Collar vinotinto bordado visto de frente' }).count()).toBeGreaterThan(0);
    await p.getByRole('radio', { name: 'M' }).check();
    await p.getByRole('button', { name: 'Agregar al carrito' }).click();
    const drawer = p.getByRole('dialog', { name: 'Carro de Compras' });
    await drawer.getByText('Collar Vinotinto Bordado').waitFor();
    await drawer.getByRole('button', { name: 'Ir a Pagar' }).click();
    await p.waitForURL(/\/proceso-pago-items/);
    await p.getByLabel('Nombre y apellidos').fill('Camilo Andrés Rincón');
    await p.getByLabel('Correo electrónico').fill('camilo@correo.com');
    await p.getByLabel('Celular').fill('3124567890');
    await p.getByLabel('Tipo de documento').selectOption('CC');
    await p.getByLabel('Número de documento').fill('1098765432');
    await p.getByLabel('Departamento').selectOption({ label: 'Bogotá D.C.' });
    await p.getByLabel('Dirección', { exact: true }).fill('Calle 72 # 10-34');
    await p.getByRole('checkbox', { name: /política de tratamiento de datos/ }).check();
    await p.getByRole('radio', { name: 'Tarjeta de crédito o débito' }).check();
    await p.getByRole('button', { name: 'Pagar' }).click();
    await p.waitForURL(/\/pasarela-sandbox\?session=/);
    await p.getByRole('button', { name: 'Aprobar pago' }).click();
    await p.waitForURL(/\/pago-exitoso/);
    await p.getByRole('heading', { name: '¡Pago aprobado!' }).waitFor();
    await p.getByText('Collar Vinotinto Bordado').first().waitFor();
    const sold = (
      await db.query(
        `SELECT s.label, s.stock, s.reserved FROM product_size s WHERE s.product_id = $1 ORDER BY s.position`,
        [Number(id)],
      )
    ).rows;
    expect(sold).toEqual([
      { label: 'S', stock: 3, reserved: 0 },
      { label: 'M', stock: 3, reserved: 0 },
    ]);
    expect(shopper.problems).toEqual([]);
    await shopper.context.close();

    // Staff archive it: it leaves the shop; the paid order keeps its line.
    await page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Archivar' }).click();
    await page.getByText('Archivado', { exact: true }).waitFor();
    const gone = await fetch(`${base}/collares/${id}/collar-vinotinto-bordado`, { headers: { accept: 'text/html' } });
    expect(gone.status).toBe(404);
    const [line] = (
      await db.query(
        `SELECT l.name, o.status FROM order_line l JOIN shop_order o ON o.id = l.order_id WHERE l.product_id = $1`,
        [Number(id)],
      )
    ).rows;
    expect(line).toEqual({ name: 'Collar Vinotinto Bordado', status: 'PAGADO' });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the shipping settings and a new rate have fields of one height side by side on a desktop screen', async () => {
    const { page, problems, context } = await newPage(browser, { viewport: { width: 1366, height: 900 } });
    await signIn(page, '/dashboard/envios');
    await page.getByRole('button', { name: 'Agregar tarifa' }).click();
    await page.getByRole('heading', { name: 'Nueva tarifa' }).waitFor();
    // Per form: the heights of its inputs and lists (a field with a hint below it made the row's others taller).
    const heights = await page
      .locator('.shipping-grid')
      .evaluateAll((grids) =>
        grids.map((grid) => [
          ...new Set(
            [...grid.querySelectorAll('input, select')].map((el) => Math.round(el.getBoundingClientRect().height)),
          ),
        ]),
      );
    expect(heights).toHaveLength(2);
    for (const form of heights) expect(form, `alturas: ${form.join(', ')} px`).toHaveLength(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('every staff page fits a 390 px phone with tap targets of 24 px at least, the discount codes, team and activity pages included', async () => {
    const { page, problems, context } = await newPage(browser, PHONE);
    await page.goto(`${base}/login-dashboard-enzo-fpl`);
    await page.getByLabel('Contraseña').waitFor();
    expect(await page.evaluate<string[]>(SMALL_TAP_TARGETS), 'ingreso').toEqual([]);
    await signIn(page, '/dashboard');
    // The order the first test placed (when this test runs alone, the order pages are left out).
    const orders = (await db.query(`SELECT id FROM shop_order ORDER BY id LIMIT 1`)).rows as Array<{ id: number }>;
    const [product] = (await db.query(`SELECT id FROM product WHERE active ORDER BY id LIMIT 1`)).rows as Array<{
      id: number;
    }>;
    const pages = [
      '/dashboard',
      '/orders',
      ...orders.flatMap((o) => [`/detail-order/${o.id}`, `/orders/empaque?ids=${o.id}`]),
      '/dashboard/productos',
      '/dashboard/productos/nuevo',
      `/dashboard/productos/${product!.id}`,
      '/dashboard/inventario',
      '/dashboard/contenido',
      '/dashboard/codigos-descuento',
      '/dashboard/pagos',
      '/dashboard/devoluciones',
      '/dashboard/envios',
      '/dashboard/equipo',
      '/dashboard/actividad',
      '/dashboard/operaciones',
      '/dashboard/productos/importar',
      '/dashboard/canales',
      '/dashboard/facturacion',
      '/dashboard/datos-legales',
    ];
    // A page added to the dashboard's menu joins this list (the signed-in account is an owner: it sees them all).
    expect(STAFF_NAV.map((i) => i.to).filter((to) => !pages.includes(to))).toEqual([]);
    for (const p of pages) {
      await page.goto(`${base}${p}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      // Page width, and elements sticking out of the screen (tables scroll inside their own box).
      const overflow = await page.evaluate(`(() => {
        const doc = document.documentElement;
        const wide = [...document.querySelectorAll('#staff-main *')].filter((el) => el.getBoundingClientRect().right > doc.clientWidth + 1 && !el.closest('.staff-table-wrap, .guide-table-wrap'));
        return { page: doc.scrollWidth - doc.clientWidth, elements: wide.slice(0, 3).map((el) => el.outerHTML.slice(0, 80)) };
      })()`);
      expect(overflow, p).toEqual({ page: 0, elements: [] });
      // Tables are cards on a phone: nothing is hidden in a sideways scroll.
      expect(
        await page
          .locator('.staff-table-wrap')
          .evaluateAll((wraps) => wraps.filter((w) => w.scrollWidth > w.clientWidth + 1).length),
        p,
      ).toBe(0);
      // Every control is a 24 × 24 px tap target at least (checkboxes of the order list and the quick edit too).
      expect(await page.evaluate<string[]>(SMALL_TAP_TARGETS), p).toEqual([]);
    }
    // The discount codes page: each code is a card whose actions stay on screen.
    await page.goto(`${base}/dashboard/codigos-descuento`);
    const edit = page.getByRole('button', { name: 'Editar ENZO15' });
    const box = await edit.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await edit.click();
    await page.getByRole('form', { name: 'Editar ENZO15' }).waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
