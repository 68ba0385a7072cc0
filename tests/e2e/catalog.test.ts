import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, PHONE } from './browser.js';

let browser: Browser;
const base = inject('shopUrl');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** What a server-rendered page guarantees while it starts up (no script before its first pictures, no tap lost, no
 * request on hydrate) is in start-up.test.ts. */
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
