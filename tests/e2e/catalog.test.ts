import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from './browser.js';

let browser: Browser;
const base = inject('shopUrl');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

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

  it('renders landing pages from the data embedded in the HTML, without a GraphQL request', async () => {
    for (const path of ['/', '/collares', '/halloween']) {
      const { page, problems, context } = await newPage(browser);
      const operations: string[] = [];
      page.on('request', (r) => {
        if (r.url().endsWith('/graphql') && r.method() === 'POST') operations.push(String((r.postDataJSON() as { operationName?: string }).operationName));
      });
      await page.goto(`${base}${path}`);
      await page.locator(path === '/' ? '.home-tile' : '.product-card__link').first().waitFor();
      expect(operations.filter((o) => o === 'HomeMedia' || o === 'CategoryListing'), path).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});
