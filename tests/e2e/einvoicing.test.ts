import { afterAll, beforeAll, describe, expect, it, inject, vi } from 'vitest';
import type { Browser, Download, Page } from 'playwright-core';
import pg from 'pg';
import fs from 'node:fs';
import { launchBrowser, newPage } from './browser.js';
import { exportAuthEmulatorHost } from '../../server/src/config/env.js';
import { createUser } from '../setup/staff-tokens.js';

/**
 * DIAN electronic invoicing in Chromium: a shopper pays with the sandbox gateway and opens the invoice PDF from the
 * link in the payment email; staff see the invoice issued on the order, download its XML, cancel the order and see
 * the credit note that annuls it.
 */
const base = inject('shopUrl');
const EMAIL = 'e2e-facturas@enzo.test';
const PASSWORD = 'clave-e2e-facturas';
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
    `SELECT p.id AS product_id, s.id AS size_id FROM product p JOIN product_size s ON s.product_id = p.id WHERE p.category_slug = 'correas' AND p.active ORDER BY p.position, p.id, s.position LIMIT 1`,
  );
  product = { productId: String(rows[0].product_id), sizeId: String(rows[0].size_id) };
  await db.query('UPDATE product_size SET stock = 10, reserved = 0 WHERE id = $1', [Number(product.sizeId)]);
});
afterAll(async () => {
  await db?.end();
  await browser?.close();
});

async function documents(reference: string) {
  const { rows } = await db.query<{ id: number; kind: string; status: string; prefix: string; number: string }>(
    `SELECT d.id, d.kind, d.status, d.prefix, d.number::text FROM einvoice_document d JOIN shop_order o ON o.id = d.order_id
      WHERE o.reference = $1 ORDER BY d.id`,
    [reference],
  );
  return rows;
}

async function readDownload(download: Download): Promise<Buffer> {
  const file = await download.path();
  return fs.readFileSync(file);
}

async function signIn(page: Page, next: string) {
  await page.goto(`${base}${next}`);
  await page.getByLabel('Correo electrónico').fill(EMAIL);
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.waitForURL(`${base}${next}`);
}

describe('electronic invoices in Chromium', () => {
  it('a shopper pays and opens the invoice PDF from the email; staff download its XML, cancel and see the credit note', async () => {
    const shopper = await newPage(browser, { acceptDownloads: true });
    const page = shopper.page;
    await page.goto(`${base}/PoliticaEnvios`);
    await page.evaluate((line) => localStorage.setItem('enzo.cart.v1', JSON.stringify({ version: 1, lines: [line] })), {
      productId: product.productId,
      sizeId: product.sizeId,
      quantity: 1,
    });
    await page.goto(`${base}/proceso-pago-items`);
    await page.getByLabel('Nombre y apellidos').fill('Lucía Fernanda Gómez');
    await page.getByLabel('Correo electrónico').fill('lucia.factura@correo.com');
    await page.getByLabel('Celular').fill('316 555 1234');
    await page.getByLabel('Número de documento').fill('52123456');
    await page.getByLabel('Departamento').selectOption({ label: 'Bogotá D.C.' });
    await page.getByLabel('Dirección', { exact: true }).fill('Carrera 7 # 72-10');
    await page.getByRole('checkbox', { name: /política de tratamiento de datos/ }).check();
    await page.getByRole('radio', { name: 'Tarjeta de crédito o débito' }).check();
    await page.getByRole('button', { name: 'Pagar' }).click();
    await page.waitForURL(/\/pasarela-sandbox\?session=/);
    const reference = (await page.getByText(/^ENZ-[A-Z0-9]{6}$/).textContent())!;
    await page.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Aprobar pago' }).click();
    await page.getByRole('heading', { level: 1, name: '¡Pago aprobado!' }).waitFor();
    await vi.waitUntil(async () => (await documents(reference))[0]?.status === 'EMITIDO', {
      timeout: 60_000,
      interval: 250,
    });
    const [invoice] = await documents(reference);
    const invoiceNumber = `${invoice!.prefix}${invoice!.number}`;

    // The order page lists it, and the footer says the shop invoices.
    await page.reload();
    const invoices = page.getByRole('region', { name: 'Factura electrónica' });
    await invoices.getByText(`Factura electrónica de venta ${invoiceNumber}`).waitFor();
    await page.getByText('Emitimos factura electrónica de venta (DIAN) por cada compra').waitFor();

    // The payment email (as the outbox keeps it) links the PDF: the shopper follows the link.
    const { rows } = await db.query<{ html: string }>(
      `SELECT e.html FROM outbound_email e JOIN shop_order o ON o.id = e.order_id WHERE o.reference = $1 AND e.subject LIKE 'Confirmación%'`,
      [reference],
    );
    await page.setContent(rows[0]!.html);
    // Chromium opens the PDF in its viewer: the document it received is the invoice's graphic representation.
    const [pdf] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/documentos/') && r.url().includes('.pdf?token=')),
      page.getByRole('link', { name: 'ver la factura (PDF)' }).click(),
    ]);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect(pdf.headers()['content-disposition']).toBe(`inline; filename="factura-${invoiceNumber}.pdf"`);
    // The viewer keeps the bytes to itself: the same link, fetched by the browser context, is the PDF.
    expect((await (await shopper.context.request.get(pdf.url())).body()).subarray(0, 5).toString()).toBe('%PDF-');
    expect(shopper.problems).toEqual([]);
    await shopper.context.close();

    // Staff: the order shows the invoice issued; they download its XML, cancel the order and see the credit note.
    const staff = await newPage(browser, { acceptDownloads: true });
    const { rows: order } = await db.query<{ id: number }>('SELECT id FROM shop_order WHERE reference = $1', [
      reference,
    ]);
    await signIn(staff.page, `/detail-order/${order[0]!.id}`);
    const section = staff.page.getByRole('region', { name: 'Facturación electrónica' });
    const invoiceItem = section.getByRole('listitem', { name: `Factura electrónica de venta ${invoiceNumber}` });
    await invoiceItem.getByText('Emitida').waitFor();
    const [xml] = await Promise.all([
      staff.page.waitForEvent('download'),
      invoiceItem.getByRole('button', { name: 'Descargar XML' }).click(),
    ]);
    expect((await readDownload(xml)).toString('utf8')).toContain('<AttachedDocument');

    await staff.page.getByLabel('Nuevo estado').selectOption({ label: 'Cancelado' });
    staff.page.once('dialog', (d) => void d.accept());
    await staff.page.getByRole('button', { name: 'Guardar cambio' }).click();
    await vi.waitUntil(async () => (await documents(reference))[1]?.status === 'EMITIDO', {
      timeout: 60_000,
      interval: 250,
    });
    const note = (await documents(reference))[1]!;
    const noteItem = section.getByRole('listitem', { name: `Nota crédito electrónica ${note.prefix}${note.number}` });
    await noteItem.getByText('Emitida').waitFor({ timeout: 30_000 });
    await noteItem.getByText(`corrige la factura ${invoiceNumber}`).waitFor();
    expect(staff.problems).toEqual([]);
    await staff.context.close();
  });
});
