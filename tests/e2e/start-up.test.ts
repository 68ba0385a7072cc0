import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { holdAppCode, launchBrowser, newPage, PHONE } from './browser.js';

/**
 * The guarantees of a server-rendered shop page's start-up (client/src/start; why each holds:
 * docs/decisions/0019-arranque-del-navegador.md), one test each. A change to the start-up keeps them all.
 * Taps at every stage of start-up on a throttled phone, for two controls, are in early-taps.test.ts (slow: it is
 * not repeated here).
 */
let browser: Browser;
const base = inject('shopUrl');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A page has hydrated: it handed the taps recorded before hydration back to React (client/src/start/early-clicks.ts). */
const hydrated = () => !('ENZO_EARLY_CLICKS' in globalThis);
const isApollo = (pathname: string) => /^\/assets\/apollo-[^/]*\.js$/.test(pathname);

/** What one page's start-up did, observed once and checked by each guarantee below. */
interface StartUp {
  path: string;
  /** When the first app script was requested, and when the page's first pictures were painted (ms). */
  firstScript: number;
  painted: number[];
  /** GraphQL requests and Apollo Client's chunk before the shopper acted (the page loaded, hydrated, settled). */
  requestsOnHydrate: string[];
  apolloOnHydrate: string[];
  /** The layout shift of the page from its first paint until the shopper acted. */
  shift: number;
  /** The first tap (the menu button) loaded Apollo Client; GraphQL requests it led to. */
  apolloAfterTap: string[];
  requestsAfterTap: string[];
  /** Console errors, uncaught errors and React's recoverable errors (a hydration mismatch). */
  problems: string[];
}

/** Opens `path` on a phone, lets it hydrate and settle, then taps the menu button (the shopper's first act). */
async function observeStartUp(path: string): Promise<StartUp> {
  const { page, problems, context } = await newPage(browser, PHONE);
  const operations: string[] = [];
  const apolloScripts: string[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname === '/graphql') operations.push(`${r.method()} ${r.url()}`);
    if (isApollo(pathname)) apolloScripts.push(pathname);
  });
  const response = await page.goto(`${base}${path}`);
  // The content is in the HTML itself, before any JavaScript runs.
  const html = await response!.text();
  expect(html, path).toMatch(path === '/' ? /class="home-tile/ : /<h1[^>]*>[^<]+<\/h1>/);
  await page.waitForFunction(hydrated);
  await page.waitForLoadState('networkidle');
  const requestsOnHydrate = [...operations];
  const apolloOnHydrate = [...apolloScripts];
  // The paints so far and the scripts' requests, read at once: a buffered observer holds the paints as soon as it
  // observes (takeRecords). The layout shifts likewise: no input yet, so every shift counts.
  const { painted, firstScript, shift } = await page.evaluate(() => {
    const scripts = performance
      .getEntriesByType('resource')
      .filter((e) => /^\/assets\/[^/]+\.js$/.test(new URL(e.name).pathname));
    const buffered = <T>(type: string) => {
      const observer = new PerformanceObserver(() => {});
      observer.observe({ type: type as never, buffered: true });
      const entries = observer.takeRecords() as T[];
      observer.disconnect();
      return entries;
    };
    const paints = buffered<PerformanceEntry & { identifier: string; renderTime: number }>('element');
    const shifts = buffered<PerformanceEntry & { value: number }>('layout-shift');
    return {
      painted: paints.filter((e) => e.identifier === 'first-picture').map((e) => e.renderTime),
      firstScript: Math.min(...scripts.map((e) => e.startTime)),
      shift: shifts.reduce((total, e) => total + e.value, 0),
    };
  });
  // The first tap: React answers it (the page is hydrated). Apollo Client's chunk is asked for once the frame that
  // answers the tap is painted, so it may start after the menu shows: waited for (bounded; if it never comes the
  // check below says so), then for the network to settle.
  const apolloAsked = page
    .waitForRequest((r) => isApollo(new URL(r.url()).pathname), { timeout: 10_000 })
    .catch(() => null);
  await page.getByRole('button', { name: 'Menú', exact: true }).click();
  await page.getByRole('dialog', { name: 'Menú' }).waitFor();
  await apolloAsked;
  await page.waitForLoadState('networkidle');
  const requestsAfterTap = operations.slice(requestsOnHydrate.length);
  const apolloAfterTap = [...apolloScripts];
  // Closing checks React's recoverable errors (failOnReactErrors) once the page has finished hydrating.
  await context.close().catch((err: unknown) => problems.push(String(err)));
  return {
    path,
    firstScript,
    painted,
    requestsOnHydrate,
    apolloOnHydrate,
    shift,
    apolloAfterTap,
    requestsAfterTap,
    problems,
  };
}

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

describe('a server-rendered shop page starting up on a phone (home, category, campaign and product pages)', () => {
  const pages: StartUp[] = [];

  beforeAll(async () => {
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
    // One visit per page, observed once: each guarantee below reads it (e2e runs one file at a time).
    for (const path of ['/', '/collares', '/halloween', `/collares/${collar.id}/${collar.slug}`])
      pages.push(await observeStartUp(path));
  }, 120_000);

  it('requests no app script before its first pictures are painted (only its inline first script runs)', () => {
    for (const { path, painted, firstScript } of pages) {
      // The campaign page opens with text, no picture in view.
      if (path !== '/halloween') expect(painted.length, path).toBeGreaterThan(0);
      expect(firstScript, path).toBeGreaterThan(Math.max(0, ...painted));
    }
  });

  it("makes no GraphQL request as it hydrates: its data, the layout's too, comes with the HTML", () => {
    for (const { path, requestsOnHydrate } of pages) expect(requestsOnHydrate, path).toEqual([]);
  });

  it("loads Apollo Client only at the shopper's first interaction, and from the server's results: no request then either", () => {
    for (const { path, apolloOnHydrate, apolloAfterTap, requestsAfterTap } of pages) {
      expect(apolloOnHydrate, path).toEqual([]);
      expect(apolloAfterTap, path).toHaveLength(1);
      expect(requestsAfterTap, path).toEqual([]);
    }
  });

  it('moves nothing as it hydrates (no layout shift: e.g. the listing filters are collapsed on phones from the first paint)', () => {
    for (const { path, shift } of pages) expect(shift, path).toBeLessThan(0.05);
  });

  it("hydrates the server's markup as it is: no mismatch, no console error", () => {
    for (const { path, problems } of pages) expect(problems, path).toEqual([]);
  });
});

describe("Apollo Client, loaded at the first tap, starts from the server's results", () => {
  it('fetches only what the server did not render: the product the first tap opened, and nothing back on the listing', async () => {
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
});

describe('no tap is lost, nor what the shopper did, before the page hydrates', () => {
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
});
