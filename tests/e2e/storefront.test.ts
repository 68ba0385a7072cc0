import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, PHONE } from './browser.js';
import { requireBuiltClient } from '../setup/built-client.js';

const base = inject('shopUrl');
const require = createRequire(import.meta.url);
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

interface Listed {
  id: string;
  slug: string;
  name: string;
  price: number;
  sizes: { id: string; label: string; stock: number }[];
}

/** A collar on the first page of /collares with two well-stocked sizes (picked at runtime). */
async function pickCollar(): Promise<{ product: Listed; sizes: [string, string] }> {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: `{ products(category: "collares", first: 12) { edges { node { id slug name price sizes { id label stock } } } } }`,
    }),
  });
  const body = (await res.json()) as { data: { products: { edges: { node: Listed }[] } } };
  for (const { node } of body.data.products.edges) {
    const stocked = node.sizes.filter((s) => s.stock >= 8);
    if (stocked.length >= 2 && node.price * 2 < 150_000)
      return { product: node, sizes: [stocked[0]!.label, stocked[1]!.label] };
  }
  throw new Error('No hay un collar con dos tallas con inventario suficiente.');
}

/** Paths of every script the home page, a category and a product page load. */
async function shopRouteScripts(): Promise<string[]> {
  const { product } = await pickCollar();
  const { page, context } = await newPage(browser);
  const scripts = new Set<string>();
  page.on('request', (r) => {
    if (r.resourceType() === 'script' || r.url().endsWith('.js')) scripts.add(new URL(r.url()).pathname);
  });
  for (const url of ['/', '/collares', `/collares/${product.id}/${product.slug}`]) {
    await page.goto(`${base}${url}`);
    await page.waitForLoadState('networkidle');
  }
  await context.close();
  expect(scripts.size).toBeGreaterThan(2);
  return [...scripts];
}

const cartButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Carro de compras' });
const drawer = (page: Page) => page.getByRole('dialog', { name: 'Carro de Compras' });
const shippingValue = (page: Page) => drawer(page).locator('.cart-totals div', { hasText: 'ENVÍO' }).locator('dd');

async function addTwoSizes(page: Page, product: Listed, sizes: [string, string]) {
  await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
  expect(await page.locator('.product-page__price').textContent()).toMatch(/^\$ \d{2}\.\d{3}$/);
  await page.getByRole('radio', { name: sizes[0], exact: true }).check();
  await page.getByRole('button', { name: 'Agregar al carrito' }).click();
  await drawer(page).waitFor();
  await drawer(page).getByRole('button', { name: 'Continuar Comprando' }).click();
  await page.getByRole('radio', { name: sizes[1], exact: true }).check();
  await page.getByRole('button', { name: 'Agregar al carrito' }).click();
  await drawer(page).waitFor();
  await expect.poll(() => drawer(page).locator('.cart-line').count()).toBe(2);
  await expect.poll(() => shippingValue(page).textContent()).toBe('desde $ 16.500'); // No destination yet: the lowest fee any place pays.
}

/** Adds units of the first line until the server says shipping is free. */
async function fillUntilFreeShipping(page: Page) {
  for (let i = 0; i < 6; i++) {
    if ((await shippingValue(page).textContent()) === 'Gratis') return;
    const badge = Number(await cartButton(page).getByTestId('cart-badge').textContent());
    await drawer(page)
      .getByRole('button', { name: /^Agregar una unidad de/ })
      .first()
      .click();
    await expect.poll(() => cartButton(page).getByTestId('cart-badge').textContent()).toBe(String(badge + 1));
    await expect.poll(() => drawer(page).getByRole('button', { name: 'Ir a Pagar' }).isEnabled()).toBe(true);
    await page.waitForLoadState('networkidle');
  }
  await expect.poll(() => shippingValue(page).textContent()).toBe('Gratis');
}

async function reloadKeepsCartAndPay(page: Page, openCart: () => Promise<void>) {
  const count = await cartButton(page).getByTestId('cart-badge').textContent();
  await page.reload();
  await expect.poll(() => cartButton(page).getByTestId('cart-badge').textContent()).toBe(count);
  await openCart();
  await expect.poll(() => drawer(page).locator('.cart-line').count()).toBe(2);
  await expect.poll(() => shippingValue(page).textContent()).toBe('Gratis');
  await drawer(page).getByRole('button', { name: 'Ir a Pagar' }).click();
  await page.waitForURL(`${base}/proceso-pago-items`);
  expect(await page.getByRole('dialog').count()).toBe(0);
}

describe('storefront in Chromium', () => {
  it('desktop: category → product → two sizes → ENVÍO $ 16.500 → Gratis → reload → Ir a Pagar', async () => {
    const { product, sizes } = await pickCollar();
    const { page, problems, context } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await page.goto(`${base}/collares`);
    await page
      .getByRole('link', { name: new RegExp(product.name) })
      .first()
      .click();
    await page.waitForURL(new RegExp(`/collares/${product.id}/${product.slug}$`));
    await expect.poll(() => page.title()).toBe(`${product.name} | Enzo`);
    await addTwoSizes(page, product, sizes);
    await fillUntilFreeShipping(page);
    await reloadKeepsCartAndPay(page, () => cartButton(page).click());
    expect(problems).toEqual([]);
    await context.close();
  });

  it('phone 390×844: the same through the Menú drawer', async () => {
    const { product, sizes } = await pickCollar();
    const { page, problems, context } = await newPage(browser, PHONE);
    await page.goto(`${base}/nosotros`);
    await page.getByRole('button', { name: 'Menú' }).click();
    const menu = page.getByRole('dialog', { name: 'Menú' });
    await menu.getByRole('button', { name: 'Accesorios' }).click();
    await menu.getByRole('link', { name: 'Collares' }).click();
    await page.waitForURL(`${base}/collares`);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page
      .getByRole('link', { name: new RegExp(product.name) })
      .first()
      .click();
    await addTwoSizes(page, product, sizes);
    await fillUntilFreeShipping(page);
    await drawer(page).getByRole('button', { name: 'Cerrar Carro' }).click();
    await reloadKeepsCartAndPay(page, async () => {
      await page.getByRole('button', { name: 'Menú' }).click();
      await page
        .getByRole('dialog', { name: 'Menú' })
        .getByRole('button', { name: /Ver carro/ })
        .click();
    });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('has no serious or critical axe violations on home, a category and a product page', async () => {
    const { product } = await pickCollar();
    const { page, context } = await newPage(browser, { bypassCSP: true, viewport: { width: 1280, height: 900 } });
    const axePath = require.resolve('axe-core/axe.min.js');
    for (const url of ['/', '/collares', `/collares/${product.id}/${product.slug}`]) {
      await page.goto(`${base}${url}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'attached' });
      await page.waitForLoadState('networkidle');
      await page.locator('.loading-overlay').waitFor({ state: 'detached' });
      await page.addScriptTag({ path: axePath });
      const found: { id: string; impact: string; targets: string[] }[] = await page.evaluate(
        `axe.run(document).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) })))`,
      );
      const violations = found
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.targets.join(', ')}`);
      expect(violations, url).toEqual([]);
    }
    await context.close();
  });

  it('loads neither Firebase nor dashboard code on storefront routes', async () => {
    const manifest = JSON.parse(
      fs.readFileSync(path.join(requireBuiltClient(), '.vite/manifest.json'), 'utf8'),
    ) as Record<string, { file: string; src?: string; name?: string }>;
    const forbidden = new Set(
      Object.entries(manifest)
        .filter(([key, chunk]) =>
          /firebase|features\/staff|layouts\/staff|components\/staff/i.test(
            `${key} ${chunk.src ?? ''} ${chunk.name ?? ''}`,
          ),
        )
        .map(([, chunk]) => `/${chunk.file}`),
    );
    expect(forbidden.size).toBeGreaterThan(0);
    const scripts = await shopRouteScripts();
    expect(scripts.filter((s) => forbidden.has(s) || /firebase|googleapis/i.test(s))).toEqual([]);
  });

  it('ships the production builds of its libraries to shoppers (no development-only code)', async () => {
    // React Router's package exports only its development build (remix-run/react-router#14102): vite.config.ts
    // points the browser build at the production one. The source maps say which files each script came from.
    const development = /\/dist\/development\/|\.development\.m?js$/;
    const dist = requireBuiltClient();
    const sources: string[] = [];
    for (const script of await shopRouteScripts()) {
      const mapFile = path.join(dist, `${script}.map`);
      // Vite's few-line runtime chunk has no map.
      if (!fs.existsSync(mapFile)) continue;
      const map = JSON.parse(fs.readFileSync(mapFile, 'utf8')) as { sources: string[] };
      sources.push(...map.sources.map((source) => `${script}: ${source}`));
    }
    expect(sources.filter((s) => /node_modules\/react-router\//.test(s)).length).toBeGreaterThan(0);
    expect(sources.filter((s) => development.test(s))).toEqual([]);
  });
});
