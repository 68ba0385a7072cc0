import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, PHONE } from './browser.js';
import { requireBuiltClient } from '../setup/built-client.js';
import { formatCop } from '../../shared/money.js';
import { HEADER_LAYOUT, SMALL_TAP_TARGETS, type HeaderLayout } from './layout-probes.js';

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
/** What the test reads of an element's Web Animations (the Node typings here have no DOM). */
type Animated = {
  getAnimations(options: { subtree: boolean }): Array<{
    effect: { getTiming(): { iterations?: number } } | null;
    finished: Promise<unknown>;
  }>;
};
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

  it('«Agregar al carrito» draws the line in the drawer at once (name, size, quantity, picture) and prices it when the quote comes, moving nothing', async () => {
    const { product } = await pickCollar();
    const { page, problems, context } = await newPage(browser, PHONE);
    await page.goto(`${base}/collares/${product.id}/${product.slug}`);
    await page.waitForFunction(() => !('ENZO_EARLY_CLICKS' in globalThis));
    // The server's quote is held back, as on a slow connection.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/graphql', async (route) => {
      const body = route.request().postDataJSON() as { operationName?: string } | null;
      if (body?.operationName === 'CartQuote') await answered;
      await route.continue();
    });
    const size = (await page.getByRole('radio', { checked: true }).getAttribute('aria-label'))!;
    await page.getByRole('button', { name: 'Agregar al carrito' }).click();
    const line = drawer(page).locator('.cart-line');
    await line.waitFor();
    expect(await line.locator('.cart-line__name').textContent()).toBe(product.name);
    expect(await line.getByText(`Talla ${size}`, { exact: true }).count()).toBe(1);
    expect(await line.locator('output').textContent()).toBe('1');
    expect(await line.locator('img').getAttribute('src')).toMatch(/^(\/|https:)/);
    // No figure before the server's: each one's place is held.
    expect(await drawer(page).getByText(/\$ \d/).count()).toBe(0);
    expect(await drawer(page).locator('.pending-figure').count()).toBeGreaterThanOrEqual(7);
    const boxes = () =>
      drawer(page)
        .locator('.cart-line, .cart-totals > div, .free-shipping, .discount-field')
        .evaluateAll((els) =>
          els.map((el) => {
            const r = el.getBoundingClientRect();
            return `${el.className} ${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
          }),
        );
    // The drawer slides in (0.2 s): its places are read once it stands still (the pending figures pulse forever).
    await drawer(page).evaluate((el) =>
      Promise.all(
        (el as unknown as Animated)
          .getAnimations({ subtree: true })
          .filter((a) => a.effect?.getTiming().iterations !== Infinity)
          .map((a) => a.finished),
      ),
    );
    const before = await boxes();
    answer();
    await expect.poll(() => drawer(page).locator('.pending-figure').count()).toBe(0);
    expect(await line.locator('.cart-line__total').textContent()).toBe(formatCop(product.price));
    expect(await boxes()).toEqual(before);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('header at 390, 1024, 1280, 1366 and 1440 px: no menu label breaks, nothing overlaps or touches, nothing sticks out', async () => {
    for (const width of [390, 1024, 1280, 1366, 1440]) {
      const { page, problems, context } = await newPage(browser, {
        viewport: { width, height: 800 },
        ...(width === 390 ? { isMobile: true, hasTouch: true } : {}),
      });
      await page.goto(`${base}/`);
      await page.waitForFunction(() => !('ENZO_EARLY_CLICKS' in globalThis));
      const layout = await page.evaluate<HeaderLayout>(HEADER_LAYOUT);
      expect(layout.count, String(width)).toBeGreaterThanOrEqual(width >= 1024 ? 9 : 3);
      expect(layout.broken, String(width)).toEqual([]);
      expect(layout.overlaps, String(width)).toEqual([]);
      expect(layout.outside, String(width)).toEqual([]);
      expect(layout.scroll, String(width)).toBeLessThanOrEqual(width);
      // Everything on one row at a common laptop width: the search beside the menus.
      if (width === 1366) expect(Math.max(...layout.centres) - Math.min(...layout.centres)).toBeLessThanOrEqual(4);
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it('at 390 px every control of the shop is a 24 × 24 px tap target at least: pages, filters, menu, cart and checkout', async () => {
    const { product } = await pickCollar();
    const { page, problems, context } = await newPage(browser, PHONE);
    const small = () => page.evaluate<string[]>(SMALL_TAP_TARGETS);
    for (const url of [
      '/',
      '/collares',
      `/collares/${product.id}/${product.slug}`,
      '/buscar?q=arnes',
      '/nosotros',
      '/distribuidores-cucuta',
      '/PoliticaEnvios',
      '/consulta-tu-pedido',
    ]) {
      await page.goto(`${base}${url}`);
      await page.waitForFunction(() => !('ENZO_EARLY_CLICKS' in globalThis));
      expect(await small(), url).toEqual([]);
    }
    await page.goto(`${base}/collares`);
    await page.waitForFunction(() => !('ENZO_EARLY_CLICKS' in globalThis));
    await page.getByRole('button', { name: /^Filtrar/ }).click();
    await page.getByRole('dialog', { name: 'Filtrar' }).waitFor();
    expect(await small(), 'filtros').toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Menú' }).click();
    await page.getByRole('dialog', { name: 'Menú' }).waitFor();
    expect(await small(), 'menú').toEqual([]);
    await page.keyboard.press('Escape');
    await page.goto(`${base}/collares/${product.id}/${product.slug}`);
    await page.getByRole('button', { name: 'Agregar al carrito' }).click();
    await drawer(page).locator('.cart-line__total').filter({ hasText: '$' }).waitFor();
    expect(await small(), 'carro').toEqual([]);
    await drawer(page).getByRole('button', { name: 'Ir a Pagar' }).click();
    await page.getByRole('heading', { level: 1, name: 'Finalizar compra' }).waitFor();
    expect(await small(), 'checkout').toEqual([]);
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

  it("carries none of React Router's code the shop never runs: forms and framework-mode prefetch", async () => {
    // vite.config.ts (reactRouterUnusedCode) leaves them out; each is recognised by a text only it contains.
    const unused = {
      'Form y useSubmit': 'without a <form>',
      'codificación de formularios': 'x-www-form-urlencoded',
      'prefetch del modo framework': 'server://singlefetch/',
    };
    const dist = requireBuiltClient();
    const found: string[] = [];
    let read = 0;
    for (const script of await shopRouteScripts()) {
      const file = path.join(dist, script);
      if (!fs.existsSync(file)) continue;
      read++;
      const code = fs.readFileSync(file, 'utf8');
      for (const [what, text] of Object.entries(unused)) if (code.includes(text)) found.push(`${script}: ${what}`);
    }
    expect(read).toBeGreaterThan(2);
    expect(found).toEqual([]);
  });
});
