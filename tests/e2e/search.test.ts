import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, PHONE } from './browser.js';

let browser: Browser;
const base = inject('shopUrl');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('search in Chromium', () => {
  it('on a phone: searches from the menu (with a typo), filters by size, goes back and forward, opens a product and adds it to the cart', async () => {
    const { page, problems, context } = await newPage(browser, PHONE);
    await page.goto(`${base}/`);
    await page.getByRole('button', { name: 'Menú' }).click();
    const menu = page.getByRole('dialog', { name: 'Menú' });
    const box = menu.getByRole('combobox', { name: 'Buscar productos' });
    await box.fill('arnez');
    // Suggestions while typing: products with their price.
    const listbox = menu.getByRole('listbox', { name: 'Sugerencias' });
    await listbox.getByRole('option').first().waitFor();
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    expect(
      (await listbox.getByRole('option').allTextContents()).some((t) => /^Arnés .*\$ \d{2,3}\.\d{3}/.test(t)),
    ).toBe(true);
    await box.press('Enter');
    await page.waitForURL(`${base}/buscar?q=arnez`);
    expect(await menu.count()).toBe(0);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Resultados para «arnez»');
    await page.getByText('te mostramos resultados para «arnes»').waitFor();
    expect(await page.title()).toBe('Resultados para «arnez» | Enzo');
    const cards = page.locator('.product-card__link');
    await cards.first().waitFor();
    const before = await cards.count();

    // Filters open as a modal panel on a phone; each change is in the URL.
    const opener = page.getByRole('button', { name: /^Filtrar/ });
    await opener.click();
    const panel = page.getByRole('dialog', { name: 'Filtrar' });
    await panel.getByRole('checkbox', { name: /^XL/ }).check();
    await page.waitForURL(/talla=XL/);
    await panel.getByRole('button', { name: /^Ver \d+ productos?$/ }).click();
    expect(await page.getByRole('dialog', { name: 'Filtrar' }).count()).toBe(0);
    expect(await opener.textContent()).toBe('Filtrar (1)');
    await expect.poll(() => page.locator('.catalog__count').textContent()).toMatch(/^\d+ productos?$/);
    const filtered = Number((await page.locator('.catalog__count').textContent())!.split(' ')[0]);
    expect(filtered).toBeGreaterThan(0);
    expect(filtered).toBeLessThanOrEqual(before);

    // The back button undoes the filter, forward brings it back.
    await page.goBack();
    await page.waitForURL(`${base}/buscar?q=arnez`);
    await page.goForward();
    await page.waitForURL(/talla=XL/);
    await cards.first().waitFor();

    // Open the first result and buy it in XL.
    await cards.first().click();
    await page.waitForURL(/\/arnes\/\d+\//);
    await page.getByRole('radio', { name: 'XL' }).check();
    await page.getByRole('button', { name: 'Agregar al carrito' }).click();
    await expect.poll(() => page.getByTestId('cart-badge').first().textContent()).toBe('1');
    await page
      .getByRole('button', { name: 'Carro de compras, 1 artículo', exact: true })
      .first()
      .waitFor({ state: 'attached' });
    const stored = await page.evaluate(
      () => JSON.parse(localStorage.getItem('enzo.cart.v1') ?? '{}') as { lines?: Array<{ quantity: number }> },
    );
    expect(stored.lines).toHaveLength(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('on a slow phone: tapped filters show as chosen at once and add up, before the new results arrive', async () => {
    const { page, problems, context } = await newPage(browser, PHONE);
    await page.goto(`${base}/collares`);
    await page.locator('.product-card__link').first().waitFor();
    await page.getByRole('button', { name: /^Filtrar/ }).click();
    const panel = page.getByRole('dialog', { name: 'Filtrar' });
    // A low-end phone: the page's re-render for a new URL takes a while.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
    const [m, l] = [panel.getByRole('checkbox', { name: /^M\b/ }), panel.getByRole('checkbox', { name: /^L\b/ })];
    // Tap and read the box in one go, with no chance for the results to arrive in between.
    const shown = (box: typeof m) =>
      box.evaluate(
        (el) => (
          el.click(),
          new Promise<boolean>((r) => setTimeout(() => r((el as { checked?: boolean }).checked === true), 0))
        ),
      );
    expect(await shown(m)).toBe(true);
    expect(await shown(l)).toBe(true);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await page.waitForURL(/\?talla=M&talla=L$/);
    expect(await m.isChecked()).toBe(true);
    expect(await l.isChecked()).toBe(true);
    expect(await page.getByRole('button', { name: /^Cerrar filtros/ }).count()).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('on a desktop: picks a suggestion with the keyboard from the header box', async () => {
    const { page, problems, context } = await newPage(browser, { viewport: { width: 1366, height: 900 } });
    await page.goto(`${base}/collares`);
    await page.locator('.product-card__link').first().waitFor();
    const box = page.getByRole('banner').getByRole('combobox', { name: 'Buscar productos' });
    await box.fill('bandanas halloween');
    const first = page.getByRole('banner').getByRole('option').first();
    await first.waitFor();
    await box.press('ArrowDown');
    const active = await box.getAttribute('aria-activedescendant');
    expect(active).toBe(await first.getAttribute('id'));
    await box.press('Enter');
    await page.waitForURL(/\/bandana(s|\/halloween\/\d+\/.+)$/);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('hydrates a results page without a mismatch or a data request, also the next search with the code cached', async () => {
    const { page, problems, context } = await newPage(browser, PHONE);
    const requests: string[] = [];
    page.on('request', (r) => {
      const { pathname } = new URL(r.url());
      if (pathname === '/graphql' || /^\/assets\/apollo-[^/]*\.js$/.test(pathname))
        requests.push(`${r.method()} ${r.url()}`);
    });
    // The second and third loads find the app's code in the browser's cache: hydration runs sooner and faster.
    for (const q of ['arnes', 'arnes', 'collar cuero']) {
      requests.length = 0;
      await page.goto(`${base}/buscar?q=${encodeURIComponent(q)}`);
      await page.waitForFunction(() => !('ENZO_EARLY_CLICKS' in globalThis));
      await page.waitForLoadState('networkidle');
      await page.locator('.product-card__link').first().waitFor();
      // The results came with the page and the search box asks for suggestions only once the shopper uses it.
      expect(requests, q).toEqual([]);
      expect(problems, q).toEqual([]);
    }
    // Using the box still brings suggestions.
    await page.getByRole('button', { name: 'Menú' }).click();
    const menu = page.getByRole('dialog', { name: 'Menú' });
    await menu.getByRole('combobox', { name: 'Buscar productos' }).fill('arnes');
    await menu.getByRole('listbox', { name: 'Sugerencias' }).getByRole('option').first().waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('gives a helpful page when nothing matches, and noindex for an empty search', async () => {
    const { page, problems, context } = await newPage(browser);
    await page.goto(`${base}/buscar?q=${encodeURIComponent('🐶🐱')}`);
    await page.getByRole('heading', { name: 'No encontramos productos para «🐶🐱»' }).waitFor();
    await page.getByRole('heading', { name: 'Los más vendidos' }).waitFor();
    expect(await page.locator('.search-empty .product-card').count()).toBeGreaterThan(0);
    expect(await page.locator('.search-empty__categories a').count()).toBe(7);
    await page.goto(`${base}/buscar`);
    await page.getByRole('heading', { name: 'Todos los productos' }).waitFor();
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
    expect(await page.title()).toBe('Buscar | Enzo');
    expect(problems).toEqual([]);
    await context.close();
  });
});
