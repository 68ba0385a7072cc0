import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { holdAppCode, launchBrowser, newPage, PHONE } from './browser.js';

let browser: Browser;
const base = inject('shopUrl');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/**
 * On a phone, opens the first collar from /collares with the app's code held back, as a slow connection does: the
 * test acts on the server-rendered product page, then lets the code through with the returned function.
 */
async function openProductBeforeHydration(page: Page, held: 'boot' | 'main' = 'boot'): Promise<() => void> {
  const release = await holdAppCode(page, held);
  // A held entry holds the load event back too (the page is read all the same).
  await page.goto(`${base}/collares`, { waitUntil: held === 'main' ? 'commit' : 'load' });
  await page.locator('.product-card__link').first().click();
  await page.waitForURL(/\/collares\/\d+\//, { waitUntil: 'commit' });
  await page.getByRole('heading', { level: 1 }).waitFor();
  // The tap recorder is the page's first script, inline in its head: it runs before any of the page is shown.
  expect(await page.evaluate("'ENZO_EARLY_CLICKS' in window")).toBe(true);
  return release;
}

describe('category listing in Chromium', () => {
  it('shows /collares with product names and prices formatted $ 45.000', async () => {
    const { page, problems, context } = await newPage(browser);
    await page.goto(`${base}/collares`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Collares');
    const cards = page.locator('.product-card__link');
    await cards.first().waitFor();
    expect(await cards.count()).toBeGreaterThanOrEqual(6);
    const prices = await page.locator('.product-card__price').allTextContents();
    for (const price of prices) expect(price).toMatch(/^\$ \d{2}\.\d{3}$/);
    const names = await page.locator('.product-card__name').allTextContents();
    expect(names.every((n) => n.length > 3)).toBe(true);
    expect(await page.title()).toBe('Collares | Enzo');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('hydrates server-rendered home, category and product pages without a mismatch, a console error or a data request', async () => {
    const listing = (await (
      await fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query: `{ products(category: "collares", first: 1) { edges { node { id slug name } } } }`,
        }),
      })
    ).json()) as { data: { products: { edges: { node: { id: string; slug: string; name: string } }[] } } };
    const collar = listing.data.products.edges[0]!.node;
    for (const path of ['/', '/collares', '/halloween', `/collares/${collar.id}/${collar.slug}`]) {
      const { page, problems, context } = await newPage(browser, PHONE);
      const operations: string[] = [];
      const apolloScripts: string[] = [];
      page.on('request', (r) => {
        const { pathname } = new URL(r.url());
        if (pathname === '/graphql') operations.push(`${r.method()} ${r.url()}`);
        if (/^\/assets\/apollo-[^/]*\.js$/.test(pathname)) apolloScripts.push(pathname);
      });
      const response = await page.goto(`${base}${path}`);
      // The content is in the HTML itself, before any JavaScript runs.
      const html = await response!.text();
      expect(html, path).toMatch(path === '/' ? /class="home-tile/ : /<h1[^>]*>[^<]+<\/h1>/);
      await page.waitForLoadState('networkidle');
      // The page's data came with the HTML, the layout's too (settings, campaign links, payment methods): no query
      // at all before the interaction.
      const beforeInteraction = [...operations];
      // Nor Apollo Client: the page hydrates from the server's results (it loads at the first interaction).
      expect(apolloScripts, path).toEqual([]);
      // No script was requested before the first pictures on the screen had been painted (client/src/page-start.ts).
      // The paints so far, read at once: a buffered observer holds them as soon as it observes (takeRecords).
      const { painted, firstScript } = await page.evaluate(() => {
        const scripts = performance
          .getEntriesByType('resource')
          .filter((e) => /^\/assets\/[^/]+\.js$/.test(new URL(e.name).pathname));
        const observer = new PerformanceObserver(() => {});
        observer.observe({ type: 'element' as never, buffered: true });
        const entries = observer.takeRecords() as Array<PerformanceEntry & { identifier: string; renderTime: number }>;
        observer.disconnect();
        return {
          painted: entries.filter((e) => e.identifier === 'first-picture').map((e) => e.renderTime),
          firstScript: Math.min(...scripts.map((e) => e.startTime)),
        };
      });
      if (path !== '/halloween') expect(painted.length, path).toBeGreaterThan(0);
      expect(firstScript, path).toBeGreaterThan(Math.max(0, ...painted));
      // Hydrated: React handles events on the server's markup.
      if (path.startsWith('/collares/')) {
        await page.getByRole('button', { name: 'Agregar al carrito' }).click();
        await page.getByRole('dialog', { name: 'Carro de Compras' }).waitFor();
      } else {
        await page.getByRole('button', { name: 'Menú' }).click();
        await page.getByRole('dialog').first().waitFor();
      }
      // Hydration moves nothing on the page (e.g. the listing's filters are collapsed on phones from the first paint).
      const shift = await page.evaluate(() => {
        const observer = new PerformanceObserver(() => {});
        observer.observe({ type: 'layout-shift' as never, buffered: true });
        const entries = observer.takeRecords() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>;
        observer.disconnect();
        return entries.filter((e) => !e.hadRecentInput).reduce((total, e) => total + e.value, 0);
      });
      expect(shift, path).toBeLessThan(0.05);
      // Recoverable hydration errors (mismatches) surface as page errors or console errors in production React.
      expect(problems, path).toEqual([]);
      expect(beforeInteraction, path).toEqual([]);
      await context.close();
    }
  });

  it("starts Apollo Client at the first tap from the server's results: back on the listing, nothing is fetched again", async () => {
    const { page, problems, context } = await newPage(browser, PHONE);
    const operations: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/graphql') operations.push(url.searchParams.get('operationName') ?? r.method());
    });
    await page.goto(`${base}/collares`);
    await page.waitForLoadState('networkidle');
    const names = await page.locator('.product-card__name').allTextContents();
    // The first tap loads Apollo Client (seeded with the listing the server rendered) and opens a product.
    const apollo = page.waitForResponse((r) => /\/assets\/apollo-[^/]*\.js$/.test(new URL(r.url()).pathname));
    await page.locator('.product-card__link').nth(1).click();
    await apollo;
    await page.getByRole('button', { name: 'Agregar al carrito' }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(names[1]);
    await page.goBack();
    await expect.poll(() => page.locator('.product-card__name').allTextContents()).toEqual(names);
    await page.waitForLoadState('networkidle');
    // The product page asked for its product; the listing came from the cache both times.
    expect(operations.filter((o) => o !== 'ProductDetail')).toEqual([]);
    expect(operations).toContain('ProductDetail');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('keeps a tap made before the page has hydrated: «Agregar al carrito» on a slow phone still adds the product', async () => {
    const { page, problems, context } = await newPage(browser, PHONE);
    const release = await openProductBeforeHydration(page);
    const name = (await page.getByRole('heading', { level: 1 }).textContent())!;
    await page.getByRole('button', { name: 'Agregar al carrito' }).click();
    // Nothing can answer the tap yet.
    expect(await page.getByRole('dialog').count()).toBe(0);
    release();
    const cart = page.getByRole('dialog', { name: 'Carro de Compras' });
    await cart.waitFor();
    // The drawer opens at once with the line (its figures come with the server's quote).
    await cart.getByText(name).first().waitFor();
    expect(await cart.getByText(name).count()).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('keeps a tap made before even the browser entry has run: «Agregar al carrito» does not reload the page', async () => {
    const { page, problems, context } = await newPage(browser, PHONE);
    // The entry is fetched only once the page and its first pictures are on the screen; the tap recorder runs first.
    const release = await openProductBeforeHydration(page, 'main');
    const name = (await page.getByRole('heading', { level: 1 }).textContent())!;
    // Gone if the page is loaded again (a native submission of the form).
    await page.evaluate('window.sameDocument = true');
    await page.getByRole('button', { name: 'Agregar al carrito' }).click();
    release();
    const cart = page.getByRole('dialog', { name: 'Carro de Compras' });
    await cart.waitFor();
    // The drawer opens at once with the line (its figures come with the server's quote).
    await cart.getByText(name).first().waitFor();
    expect(await cart.getByText(name).count()).toBeGreaterThan(0);
    expect(await page.evaluate("'sameDocument' in window")).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('adds the size and quantity the shopper chose before the page hydrated, not the defaults', async () => {
    const { page, problems, context } = await newPage(browser, PHONE);
    const release = await openProductBeforeHydration(page);
    // The first available size is chosen by default; the shopper picks another one and 2 units.
    const radios = await page.getByRole('group', { name: 'Talla' }).getByRole('radio', { disabled: false }).all();
    const enabled = await Promise.all(radios.map(async (r) => (await r.getAttribute('aria-label'))!));
    expect(enabled.length).toBeGreaterThan(1);
    const chosen = enabled[1]!;
    await page.getByRole('radio', { name: chosen, exact: true }).check({ force: true });
    await page.getByRole('spinbutton', { name: 'Cantidad' }).fill('2');
    await page.getByRole('button', { name: 'Agregar al carrito' }).click();
    release();
    const cart = page.getByRole('dialog', { name: 'Carro de Compras' });
    await cart.waitFor();
    await cart.getByText(`Talla ${chosen}`, { exact: true }).waitFor();
    expect(await cart.getByText(`Talla ${chosen}`, { exact: true }).count()).toBe(1);
    expect(await cart.getByText(`Talla ${enabled[0]}`, { exact: true }).count()).toBe(0);
    expect(await cart.locator('output').first().textContent()).toBe('2');
    // Hydrated, the picker shows what the shopper chose.
    expect(await page.getByRole('radio', { name: chosen, exact: true }).isChecked()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('leaves a page where the shopper scrolled it before it hydrated, and keeps what they typed in the search box', async () => {
    const { page, problems, context } = await newPage(browser, { viewport: { width: 1366, height: 900 } });
    const release = await holdAppCode(page);
    await page.goto(`${base}/nosotros`);
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate<number>('window.scrollY');
    expect(scrolled).toBeGreaterThan(300);
    await page.getByRole('banner').getByRole('combobox', { name: 'Buscar productos' }).fill('bandanas');
    release();
    // Hydrated: the typed text brings suggestions, and the page has not jumped to the top.
    await page.getByRole('banner').getByRole('option').first().waitFor();
    expect(await page.evaluate<number>('window.scrollY')).toBe(scrolled);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('works with JavaScript disabled: product, price, sizes and availability, listings and policy pages', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'es-CO', ...PHONE });
    const page = await context.newPage();
    await page.goto(`${base}/collares`);
    const first = page.locator('.product-card__link').first();
    const name = (await first.locator('.product-card__name').textContent())!;
    expect(await first.locator('.product-card__price').textContent()).toMatch(/^\$ \d{2,3}\.\d{3}$/);
    await first.click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    expect(await page.locator('.product-page__price').textContent()).toMatch(/^\$ \d{2,3}\.\d{3}$/);
    expect(await page.getByRole('radio').count()).toBeGreaterThan(0);
    expect(await page.getByText('IVA incluido', { exact: false }).count()).toBeGreaterThan(0);
    expect(await page.title()).toBe(`${name} | Enzo`);
    // Listing filters are a plain form, shown inline on phones without JavaScript.
    await page.goto(`${base}/collares`);
    expect(await page.locator('.listing-filters').isVisible()).toBe(true);
    for (const [path, heading] of [
      ['/PoliticaDevolucion', /devoluci/i],
      ['/TratamientoDatos', /datos/i],
      ['/PoliticaEnvios', /env/i],
    ] as const) {
      await page.goto(`${base}${path}`);
      expect(await page.getByRole('heading', { level: 1 }).textContent(), path).toMatch(heading);
    }
    await context.close();
  });
});
