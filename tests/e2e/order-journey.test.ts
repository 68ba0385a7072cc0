import { createRequire } from 'node:module';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import pg from 'pg';
import { launchBrowser, newPage, PHONE } from './browser.js';
import { exportAuthEmulatorHost } from '../../server/src/config/env.js';
import { createUser, signIn } from '../setup/staff-tokens.js';
import { formatCop } from '../../shared/money.js';

/** A shopper off the happy path is not lost: pay again, come back, follow the package. */
const base = inject('shopUrl');
const require = createRequire(import.meta.url);
let browser: Browser;
let db: pg.Client;
let product: { productId: string; sizeId: string; price: number };

beforeAll(async () => {
  exportAuthEmulatorHost(inject('authEmulatorHost'));
  browser = await launchBrowser();
  db = new pg.Client({ connectionString: inject('e2eDatabaseUrl') });
  await db.connect();
  const { rows } = await db.query<{ product_id: number; size_id: number; price: number }>(
    `SELECT p.id AS product_id, s.id AS size_id, p.price FROM product p JOIN product_size s ON s.product_id = p.id
      WHERE p.category_slug = 'arneses' AND p.active AND p.price < 75000 ORDER BY p.position, p.id, s.position LIMIT 1`,
  );
  product = { productId: String(rows[0].product_id), sizeId: String(rows[0].size_id), price: rows[0].price };
});
afterAll(async () => {
  await db?.end();
  await browser?.close();
});

const stockOf = async () =>
  (
    await db.query<{ stock: number; reserved: number }>('SELECT stock, reserved FROM product_size WHERE id = $1', [
      Number(product.sizeId),
    ])
  ).rows[0];
const orderOf = async (reference: string) =>
  (
    await db.query<{ id: number; status: string; payment_method: string }>(
      'SELECT id, status, payment_method FROM shop_order WHERE reference = $1',
      [reference],
    )
  ).rows[0];
const storedCart = (page: Page) =>
  page.evaluate(
    () => (JSON.parse(localStorage.getItem('enzo.cart.v1') ?? '{"lines":[]}') as { lines: unknown[] }).lines.length,
  );
const drawer = (page: Page) => page.getByRole('dialog', { name: 'Carro de Compras' });

/** Cart with 2 units → checkout form → `Pagar` → the sandbox gateway; returns the order reference. */
async function checkoutToGateway(
  page: Page,
  method: 'CARD' | 'PSE' = 'CARD',
  place: 'Bogotá' | 'Ábrego' = 'Bogotá',
): Promise<string> {
  await db.query('UPDATE product_size SET stock = 6, reserved = 0 WHERE id = $1', [Number(product.sizeId)]);
  await page.goto(`${base}/PoliticaEnvios`);
  await page.evaluate((line) => localStorage.setItem('enzo.cart.v1', JSON.stringify({ version: 1, lines: [line] })), {
    productId: product.productId,
    sizeId: product.sizeId,
    quantity: 2,
  });
  await page.goto(`${base}/proceso-pago-items`);
  await page.getByLabel('Nombre y apellidos').fill('Ana María Pérez');
  await page.getByLabel('Correo electrónico').fill('ana@correo.com');
  await page.getByLabel('Celular').fill('315 482 7760');
  await page.getByLabel('Número de documento').fill('1020304050');
  if (place === 'Bogotá') await page.getByLabel('Departamento').selectOption({ label: 'Bogotá D.C.' });
  else {
    await page.getByLabel('Departamento').selectOption({ label: 'Norte de Santander' });
    await page.getByLabel('Municipio').fill('Ábrego');
  }
  await page.getByLabel('Dirección', { exact: true }).fill('Calle 10 # 5-20');
  await page.getByRole('checkbox', { name: /política de tratamiento de datos/ }).check();
  await page.getByRole('radio', { name: method === 'CARD' ? 'Tarjeta de crédito o débito' : 'PSE' }).check();
  await page.getByRole('button', { name: 'Pagar' }).click();
  await page.waitForURL(/\/pasarela-sandbox\?session=/);
  return (await page.getByText(/^ENZ-[A-Z0-9]{6}$/).textContent())!;
}

describe('off the happy path, in Chromium', () => {
  it('a declined card is paid again with PSE: the cart waits until the payment is approved', async () => {
    const { page, problems, context } = await newPage(browser);
    const reference = await checkoutToGateway(page, 'CARD');
    await page.getByLabel('Número de tarjeta').fill('4111 1111 1111 1111');
    await page.getByRole('button', { name: 'Rechazar pago' }).click();
    await page.waitForURL(/\/pago-exitoso\?ref=ENZ-.*&id=/);
    await page.getByRole('heading', { level: 1, name: 'Tu pago fue rechazado' }).waitFor();
    expect(await storedCart(page)).toBe(1);
    expect(await stockOf()).toEqual({ stock: 6, reserved: 0 });
    const declined = await db.query(`SELECT subject FROM outbound_email WHERE order_id = $1`, [
      (await orderOf(reference)).id,
    ]);
    expect(declined.rows.map((r) => r.subject)).toContain(`No se aprobó el pago de tu pedido ${reference} · Enzo`);

    await page.getByRole('radio', { name: 'PSE' }).check();
    await page.getByRole('button', { name: /^Pagar \$/ }).click();
    await page.waitForURL(/\/pasarela-sandbox\?session=/);
    await page.getByText(`${reference}-2`).waitFor();
    // The gateway preselects the method chosen for this attempt.
    expect(await page.getByRole('radio', { name: 'PSE' }).isChecked()).toBe(true);
    expect(await stockOf()).toEqual({ stock: 4, reserved: 2 });
    await page.getByLabel('Banco', { exact: true }).selectOption('1');
    await page.getByRole('button', { name: 'Aprobar pago' }).click();
    await page.getByRole('heading', { level: 1, name: '¡Pago aprobado!' }).waitFor();
    await expect.poll(() => storedCart(page)).toBe(0);
    expect(await orderOf(reference)).toMatchObject({ status: 'PAGADO', payment_method: 'PSE' });
    expect(await stockOf()).toEqual({ stock: 4, reserved: 0 });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('leaving the gateway and coming back later resumes the same order from the cart', async () => {
    const { page, problems, context } = await newPage(browser);
    const reference = await checkoutToGateway(page);
    await page.getByRole('link', { name: 'Cancelar y volver a la tienda' }).click();
    await page.getByRole('heading', { level: 1, name: 'Tu pedido está esperando el pago' }).waitFor();
    await page.getByText(/Tus productos están apartados hasta las/).waitFor();

    // Later: the shop again, the cart still there and the order waiting in it.
    await page.goto(`${base}/`);
    await page.getByRole('banner').getByRole('button', { name: 'Carro de compras, 2 artículos' }).click();
    await drawer(page).getByText(`Tu pedido ${reference}`).waitFor();
    await drawer(page).getByRole('link', { name: 'Completar el pago' }).click();
    await page.getByRole('heading', { level: 1, name: 'Tu pedido está esperando el pago' }).waitFor();
    await page.getByRole('button', { name: /^Pagar \$/ }).click();
    await page.waitForURL(/\/pasarela-sandbox\?session=/);
    await page.getByText(`${reference}-2`).waitFor();
    await page.getByRole('button', { name: 'Aprobar pago' }).click();
    await page.getByRole('heading', { level: 1, name: '¡Pago aprobado!' }).waitFor();
    await expect.poll(() => storedCart(page)).toBe(0);
    expect((await orderOf(reference)).status).toBe('PAGADO');
    expect(await stockOf()).toEqual({ stock: 4, reserved: 0 });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('back at checkout in another tab after leaving the gateway: the form has the order’s destination, and the banner, the summary and the form agree', async () => {
    // A place whose shipping is not the lowest any place pays (the «desde» of a cart with no destination).
    await db.query(
      `INSERT INTO shipping_rate (department_code, municipality_code, fee, min_days, max_days) VALUES ('54', '54003', 30000, 4, 7)`,
    );
    try {
      const { page, problems, context } = await newPage(browser);
      const reference = await checkoutToGateway(page, 'CARD', 'Ábrego');
      const total = formatCop(product.price * 2 + 30_000);
      // Another tab (the reminder email's link, the browser opened again): this tab's form draft is not there.
      const later = await context.newPage();
      const laterProblems: string[] = [];
      later.on('console', (m) => (m.type() === 'error' ? laterProblems.push(m.text()) : undefined));
      later.on('pageerror', (e) => laterProblems.push(e.message));
      await later.goto(`${base}/proceso-pago-items`);
      const notice = later.locator('.pending-order p').first();
      await notice.waitFor();
      const text = (await notice.textContent()) ?? '';
      expect(text).toContain(
        `Tu pedido ${reference} por ${total}, con envío a Ábrego (Norte de Santander), está esperando el pago y tus productos están apartados hasta las `,
      );
      // One full stop after «a. m.» / «p. m.».
      expect(text).toMatch(/ \d{1,2}:\d{2} [ap]\. m\.$/);
      await expect.poll(() => later.getByLabel('Municipio').inputValue()).toBe('Ábrego');
      expect(await later.getByLabel('Departamento').inputValue()).toBe('54');
      expect(await later.getByLabel('Dirección', { exact: true }).inputValue()).toBe('Calle 10 # 5-20');
      const summary = later.locator('.checkout-summary');
      const shipping = summary.locator('.cart-totals div', { hasText: 'ENVÍO' }).locator('dd');
      await expect.poll(() => shipping.textContent()).toBe('$ 30.000');
      expect(await summary.locator('.cart-totals__total dd').textContent()).toBe(total);
      expect(await later.locator('.checkout-secure').textContent()).toContain(`Pagarás ${total}`);
      expect(problems).toEqual([]);
      expect(laterProblems).toEqual([]);
      await context.close();
    } finally {
      await db.query(`DELETE FROM shipping_rate WHERE municipality_code = '54003'`);
    }
  });

  it('changing the cart lets the waiting order go and gives its stock back', async () => {
    const { page, problems, context } = await newPage(browser);
    const reference = await checkoutToGateway(page);
    expect(await stockOf()).toEqual({ stock: 4, reserved: 2 });
    await page.goto(`${base}/`);
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^Carro de compras/ })
      .click();
    await drawer(page).getByRole('link', { name: 'Completar el pago' }).waitFor();
    await drawer(page)
      .getByRole('button', { name: /^Quitar una unidad de/ })
      .click();
    await drawer(page).getByText(`Cambiaste tu carrito: liberamos el pedido ${reference} sin ningún cobro.`).waitFor();
    expect((await orderOf(reference)).status).toBe('CANCELADO');
    expect(await stockOf()).toEqual({ stock: 6, reserved: 0 });
    expect(await storedCart(page)).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a shipped order’s page shows its progress, carrier and tracking link on a phone, with the shipped email sent', async () => {
    const gql = async <T>(
      query: string,
      variables: Record<string, unknown>,
      headers: Record<string, string> = {},
    ): Promise<T> => {
      const res = await fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.11.12.13', ...headers },
        body: JSON.stringify({ query, variables }),
      });
      const body = (await res.json()) as { data?: T; errors?: unknown };
      if (body.errors) throw new Error(JSON.stringify(body.errors));
      return body.data!;
    };
    await db.query('UPDATE product_size SET stock = 6, reserved = 0 WHERE id = $1', [Number(product.sizeId)]);
    const placed = await gql<{ placeOrder: { reference: string; accessToken: string; checkoutUrl: string } }>(
      `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { ... on OrderPlaced { reference accessToken checkoutUrl } } }`,
      {
        input: {
          lines: [{ productId: product.productId, sizeId: product.sizeId, quantity: 1 }],
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
    const { reference, accessToken } = placed.placeOrder;
    const session = new URL(placed.placeOrder.checkoutUrl, base).searchParams.get('session');
    await gql(`mutation($input: SandboxPayInput!) { sandboxPay(input: $input) { status } }`, {
      input: { session, decision: 'APPROVE' },
    });
    await createUser('e2e-despachos@enzo.test', 'clave-e2e-segura', true);
    const staff = {
      authorization: `Bearer ${await signIn(inject('authEmulatorHost'), 'e2e-despachos@enzo.test', 'clave-e2e-segura')}`,
    };
    const { id } = await orderOf(reference);
    const move = `mutation($input: TransitionOrderInput!) { staffTransitionOrder(input: $input) { __typename } }`;
    await gql(move, { input: { orderId: String(id), to: 'EN_PREPARACION' } }, staff);
    await gql(
      move,
      { input: { orderId: String(id), to: 'ENVIADO', carrier: 'Coordinadora', trackingNumber: '98765432101' } },
      staff,
    );
    const mail = await db.query(`SELECT text FROM outbound_email WHERE order_id = $1 AND subject = $2`, [
      id,
      `Tu pedido ${reference} va en camino · Enzo`,
    ]);
    expect(mail.rows[0].text).toContain(
      'https://coordinadora.com/rastreo/rastreo-de-guia/detalle-de-rastreo-de-guia/?guia=98765432101',
    );

    const { page, problems, context } = await newPage(browser, { ...PHONE, bypassCSP: true });
    await page.goto(`${base}/pago-exitoso?ref=${reference}&token=${encodeURIComponent(accessToken)}`);
    await page.getByRole('heading', { level: 1, name: 'Tu pedido va en camino' }).waitFor();
    const stages = page.getByRole('list', { name: 'Avance de tu pedido' });
    expect(await stages.locator('[aria-current="step"]').textContent()).toMatch(/^Enviado \d{1,2} de \p{L}+ a las /u);
    const track = page.getByRole('link', { name: /Rastrear en Coordinadora/ });
    expect(await track.getAttribute('href')).toBe(
      'https://coordinadora.com/rastreo/rastreo-de-guia/detalle-de-rastreo-de-guia/?guia=98765432101',
    );
    await page.getByText('Número de guía: 98765432101').waitFor();
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    expect(await page.content()).not.toContain('e2e-despachos@enzo.test');
    await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
    const found: { id: string; impact: string }[] = await page.evaluate(
      `axe.run(document).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact })))`,
    );
    expect(found.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('on a phone: shared links with a slash or capitals open the page, the cart drawer keeps the discount on one line and names its count, and Ir a Pagar focuses the heading', async () => {
    const { page, problems, context } = await newPage(browser, { ...PHONE, bypassCSP: true });
    await page.goto(`${base}/chaquetas/`);
    expect(new URL(page.url()).pathname).toBe('/chaquetas');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.goto(`${base}/COLLARES`);
    expect(new URL(page.url()).pathname).toBe('/collares');

    await db.query('UPDATE product_size SET stock = 6, reserved = 0 WHERE id = $1', [Number(product.sizeId)]);
    const code = (
      await db.query<{ code: string }>(
        `SELECT code FROM discount_code WHERE active AND usage_limit IS NULL AND (valid_until IS NULL OR valid_until > now()) ORDER BY percent DESC LIMIT 1`,
      )
    ).rows[0].code;
    await page.evaluate(
      ({ line, code }) => {
        localStorage.setItem('enzo.cart.v1', JSON.stringify({ version: 1, lines: [line] }));
        localStorage.setItem('enzo.discount.v1', JSON.stringify(code));
      },
      { line: { productId: product.productId, sizeId: product.sizeId, quantity: 3 }, code },
    );
    await page.reload();
    await page.getByRole('banner').getByRole('button', { name: 'Carro de compras, 3 artículos', exact: true }).click();
    const discount = drawer(page).locator('.cart-totals__discount dd');
    await discount.waitFor();
    // Line boxes of the amount's text (the browser's layout, not the CSS rule).
    const lineBoxes = await page.evaluate<number>(
      `(() => { const range = document.createRange(); range.selectNodeContents(document.querySelector('.cart-totals__discount dd')); return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size; })()`,
    );
    expect(lineBoxes).toBe(1);
    await drawer(page).getByText(`× 3`).first().waitFor();
    await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
    const found: { id: string; impact: string; targets: string[] }[] = await page.evaluate(
      `axe.run(document).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) })))`,
    );
    expect(found.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

    await drawer(page).getByRole('button', { name: 'Ir a Pagar' }).click();
    await page.waitForURL(`${base}/proceso-pago-items`);
    await expect
      .poll(() => page.evaluate<string | undefined>('document.activeElement?.textContent'))
      .toBe('Finalizar compra');
    expect(problems).toEqual([]);
    await context.close();
  });
});
