import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { parse } from 'csv-parse/sync';
import { formatCop } from '../../shared/money.js';
import { launchBrowser, newPage, PHONE } from './browser.js';
import { exportAuthEmulatorHost } from '../../server/src/config/env.js';
import { createUser } from '../setup/staff-tokens.js';

const base = inject('shopUrl');
const EMAIL = 'e2e-hoja@enzo.test';
const PASSWORD = 'clave-e2e-hoja';
let browser: Browser;
let dir: string;

beforeAll(async () => {
  exportAuthEmulatorHost(inject('authEmulatorHost'));
  browser = await launchBrowser();
  await createUser(EMAIL, PASSWORD, true);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'enzo-e2e-hoja-'));
});
afterAll(async () => {
  await browser?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function signIn(page: Page, next: string) {
  await page.goto(`${base}${next}`);
  await page.getByLabel('Correo electrónico').fill(EMAIL);
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.waitForURL(`${base}${next}`);
}

type Sheet = string[][];
const readCsv = (text: string): Sheet => parse(text.replace(/^\uFEFF/, ''), { delimiter: ';' }) as Sheet;

/** Saves rows the way Excel es-CO saves «CSV UTF-8»: BOM, `;`, CRLF, quotes only where needed. */
function saveCsv(name: string, rows: Sheet): string {
  const text = rows
    .map((r) => r.map((c) => (/[;"\n\r]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(';'))
    .join('\r\n');
  const file = path.join(dir, name);
  fs.writeFileSync(file, `\uFEFF${text}\r\n`);
  return file;
}

/** How far the page, and any element of the staff page, sticks out sideways (tables scroll in their own box). */
function overflow(page: Page) {
  return page.evaluate(`(() => {
    const doc = document.documentElement;
    const wide = [...document.querySelectorAll('#staff-main *')].filter((el) => el.getBoundingClientRect().right > doc.clientWidth + 1 && !el.closest('.staff-table-wrap, .guide-table-wrap'));
    return { page: doc.scrollWidth - doc.clientWidth, elements: wide.slice(0, 3).map((el) => el.outerHTML.slice(0, 80)) };
  })()`);
}

async function preview(page: Page, file: string) {
  await page.getByLabel('Archivo (.csv o .xlsx)').setInputFiles(file);
  await page.getByRole('button', { name: 'Ver vista previa' }).click();
  await page.getByRole('heading', { name: '3. Revise la vista previa' }).waitFor();
  return page.locator('.import-preview');
}

/** The text of each product of a preview list, and of each of its changes. */
async function listed(page: Page, title: string) {
  const section = page.getByRole('region', { name: title });
  if ((await section.count()) === 0) return [];
  return section.locator('.import-products > li').evaluateAll((items) =>
    items.map((li) => ({
      product: li.querySelector('p')!.textContent!.replace(/\s+/g, ' ').trim(),
      changes: [...li.querySelectorAll('.import-changes li')].map((c) => c.textContent!.replace(/\s+/g, ' ').trim()),
    })),
  );
}

describe('the catalogue as a spreadsheet, in Chromium', () => {
  let edited: Sheet;
  let col: (name: string) => number;
  let badLine: number;
  const collar = { id: '', slug: '', name: '', price: '' };
  const stocked = { id: '', slug: '', name: '', size: '', before: '' };

  it('staff download the catalogue, edit it like a spreadsheet, see exactly those changes and the bad row, fix it and apply; the shop shows it at once; the same file again changes nothing', async () => {
    const { page, problems, context } = await newPage(browser, { acceptDownloads: true });
    await signIn(page, '/dashboard/productos/importar');
    await page.getByRole('heading', { level: 1, name: 'Importar y exportar el catálogo' }).waitFor();

    // 1. Download the CSV, as staff would to open it in Excel.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^catalogo-enzo-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = fs.readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const sheet = readCsv(bytes.toString('utf8'));
    const header = sheet[0]!;
    col = (name) => header.indexOf(name);
    const rows = sheet.map((r) => [...r]);
    const published = rows.filter((r) => r[col('Estado')] === 'Publicado' && r[col('Categoría')] === 'collares');

    // 2. Edit: a price (every row of one collar), one size's stock, a new collar with two sizes, and a bad row.
    const a = published[0]!;
    Object.assign(collar, { id: a[col('ID')], slug: a[col('Slug')], name: a[col('Nombre')], price: a[col('Precio')] });
    for (const r of rows) if (r[col('ID')] === collar.id) r[col('Precio')] = '$ 91.500';
    const b = published.find((r) => r[col('ID')] !== collar.id && Number(r[col('Inventario')]) > 2)!;
    Object.assign(stocked, {
      id: b[col('ID')],
      slug: b[col('Slug')],
      name: b[col('Nombre')],
      size: b[col('Talla')],
      before: b[col('Inventario')],
    });
    b[col('Inventario')] = '2';
    const blank = () => header.map(() => '');
    const photo = a[col('Imágenes')]!.split(' | ')[0]!;
    for (const [size, stock] of [
      ['S', '4'],
      ['M', '6'],
    ] as const) {
      const r = blank();
      r[col('Nombre')] = 'Collar Trenzado Importado';
      r[col('Categoría')] = 'collares';
      r[col('Mascota')] = 'Perro';
      r[col('Descripción')] = 'Collar de cuerda trenzada a mano, cargado desde la hoja de cálculo del catálogo.';
      r[col('Precio')] = '58.000';
      r[col('Talla')] = size;
      r[col('Inventario')] = stock;
      r[col('Imágenes')] = photo;
      rows.push(r);
    }
    const bad = blank();
    bad[col('Nombre')] = 'Correa Fantasma';
    bad[col('Categoría')] = 'Juguetes';
    bad[col('Descripción')] = 'Correa de reata que solo entra cuando su categoría exista en la tienda.';
    bad[col('Precio')] = '45000';
    bad[col('Talla')] = 'Única';
    bad[col('Inventario')] = '3';
    rows.push(bad);
    badLine = rows.length;
    edited = rows;

    // 3. Upload: the preview shows exactly those changes, and the bad row with its line and reason; nothing applies.
    let shown = await preview(page, saveCsv('catalogo-editado.csv', rows));
    await expect
      .poll(() => shown.getByRole('status').textContent())
      .toMatch(/: 1 productos nuevos, 2 con cambios, 0 para archivar y \d+ sin cambios\. Todavía no se cambió nada\./);
    expect(await listed(page, 'Productos nuevos')).toEqual([
      {
        product: `Collar Trenzado Importado (collar-trenzado-importado) · línea ${badLine - 2} · 2 tallas`,
        changes: [],
      },
    ]);
    const updates = await listed(page, 'Productos que cambian');
    expect(updates).toHaveLength(2);
    expect(updates).toContainEqual({
      product: expect.stringContaining(collar.name),
      changes: [`Precio: ${formatCop(Number(collar.price))} → ${formatCop(91_500)}`],
    });
    expect(updates).toContainEqual({
      product: expect.stringContaining(stocked.name),
      changes: [`Talla ${stocked.size}: inventario: ${stocked.before} → 2`],
    });
    const problemsList = shown.getByRole('region', { name: 'Problemas' });
    expect((await problemsList.getByRole('listitem').allTextContents()).map((t) => t.replace(/\s+/g, ' '))).toEqual([
      `Línea ${badLine} («Categoría»): Categoría desconocida: «Juguetes». Use una de: collares, correas, arneses, bandanas, pecheras, pecheras-backpack, chaquetas.`,
    ]);
    await problemsList.getByText(`Productos que quedan como están: Correa Fantasma (línea ${badLine}).`).waitFor();
    expect(await page.getByRole('button', { name: 'Aplicar la importación' }).isDisabled()).toBe(true);

    // 4. Fix the row and upload again: nothing blocks it; apply.
    edited[badLine - 1]![col('Categoría')] = 'correas';
    const fixed = saveCsv('catalogo-corregido.csv', edited);
    shown = await preview(page, fixed);
    await expect
      .poll(() => shown.getByRole('status').textContent())
      .toMatch(/: 2 productos nuevos, 2 con cambios, 0 para archivar/);
    expect(await shown.getByRole('region', { name: 'Problemas' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Aplicar la importación' }).click();
    await page
      .getByText(
        /^Importación aplicada: 2 productos nuevos, 2 actualizados, 0 archivados, 1 cambios de inventario y \d+ sin cambios\.$/,
      )
      .waitFor();

    // 5. The storefront shows it at once: the new price, the stock, the new collar in its listing and its page.
    const shopper = await newPage(browser);
    const p = shopper.page;
    await p.goto(`${base}/collares/${collar.id}/${collar.slug}`);
    await p.getByRole('heading', { level: 1, name: collar.name }).waitFor();
    expect(await p.locator('.product-page__price').textContent()).toBe(formatCop(91_500));
    await p.goto(`${base}/collares/${stocked.id}/${stocked.slug}`);
    await p.getByRole('radio', { name: stocked.size, exact: true }).check();
    await p.getByText(`¡Últimas 2 unidades en talla ${stocked.size}!`).waitFor();
    await p.goto(`${base}/collares`);
    const card = p.locator('.product-card').filter({ hasText: 'Collar Trenzado Importado' });
    await card.getByText(formatCop(58_000)).waitFor();
    await p.locator('.product-card').filter({ hasText: collar.name }).getByText(formatCop(91_500)).waitFor();
    await card.locator('.product-card__link').click();
    await p.getByRole('heading', { level: 1, name: 'Collar Trenzado Importado' }).waitFor();
    expect(await p.getByRole('radio').count()).toBe(2);
    await p.getByRole('radio', { name: 'S', exact: true }).waitFor();
    await p.getByRole('radio', { name: 'M', exact: true }).waitFor();
    await p.goto(`${base}/correas`);
    await p.locator('.product-card').filter({ hasText: 'Correa Fantasma' }).getByText(formatCop(45_000)).waitFor();
    expect(shopper.problems).toEqual([]);
    await shopper.context.close();

    // 6. The same file again: nothing to change, nothing to apply.
    shown = await preview(page, saveCsv('catalogo-otra-vez.csv', edited));
    await expect
      .poll(() => shown.getByRole('status').textContent())
      .toMatch(/: 0 productos nuevos, 0 con cambios, 0 para archivar/);
    await shown.getByText('El archivo no cambia nada.').waitFor();
    expect(await page.getByRole('button', { name: 'Aplicar la importación' }).isDisabled()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the import page (with a preview on screen) and «Canales» fit a 390 px phone', async () => {
    // The channels page lists what the feeds hold: the first build draws the seed's SVG artwork as PNG.
    const warm = fetch(`${base}/feeds/meta.csv`).then((r) => r.arrayBuffer());
    const { page, problems, context } = await newPage(browser, PHONE);
    await signIn(page, '/dashboard/productos/importar');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await overflow(page)).toEqual({ page: 0, elements: [] });
    // A preview with long values (picture URLs, descriptions) and a problem.
    const rows = edited.map((r) => [...r]);
    const first = rows.findIndex((r, i) => i > 0 && r[col('ID')] === collar.id);
    rows[first]![col('Descripción')] = `${rows[first]![col('Descripción')]} Ahora con hebilla reforzada.`;
    rows[first]![col('Imágenes')] =
      `${base}/media/products/una-foto-con-un-nombre-muy-largo-para-ver-si-cabe-en-la-pantalla.png`;
    rows.push(rows[badLine - 1]!.map((c, i) => (i === col('Precio') ? '45.000,50' : c)));
    const shown = await preview(page, saveCsv('catalogo-telefono.csv', rows));
    await shown.getByRole('region', { name: 'Problemas' }).waitFor();
    expect(await overflow(page)).toEqual({ page: 0, elements: [] });
    await warm;
    await page.goto(`${base}/dashboard/canales`);
    await page.getByText(/productos en los canales/).waitFor({ timeout: 90_000 });
    expect(await overflow(page)).toEqual({ page: 0, elements: [] });
    expect(problems).toEqual([]);
    await context.close();
  });
});
