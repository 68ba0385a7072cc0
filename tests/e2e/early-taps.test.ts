import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import pg from 'pg';
import { holdAppCode, launchBrowser, newPage, PHONE } from './browser.js';

/**
 * A tap while a server-rendered page is still starting up is never lost nor counted twice, on a slow phone:
 * 4× CPU throttling and a slow 4G connection (150 ms, 1.6 Mbps down). Taps land at every stage of start-up:
 * before the entry script has been asked for, while the app's modules download and evaluate, while React hydrates
 * (the header already hydrated, the page's part still the server's markup), and after. The page records, at the
 * moment the browser dispatches each tap, which stage it was in; the test requires every stage to have been hit.
 */
const base = inject('shopUrl');
let browser: Browser;
let product: { path: string; sizes: string[] };

beforeAll(async () => {
  browser = await launchBrowser();
  const db = new pg.Client({ connectionString: inject('e2eDatabaseUrl') });
  await db.connect();
  try {
    const { rows } = await db.query<{ id: number; slug: string; label: string }>(
      `SELECT p.id, p.slug, s.label FROM product p JOIN product_size s ON s.product_id = p.id
        WHERE p.category_slug = 'collares' AND p.active AND p.id = (
          SELECT p2.id FROM product p2 WHERE p2.category_slug = 'collares' AND p2.active
            AND (SELECT count(*) FROM product_size s2 WHERE s2.product_id = p2.id AND s2.stock - s2.reserved >= 5) >= 2
          ORDER BY p2.position, p2.id LIMIT 1)
          AND s.stock - s.reserved >= 5
        ORDER BY s.position`,
    );
    product = { path: `/collares/${rows[0]!.id}/${rows[0]!.slug}`, sizes: rows.map((r) => r.label) };
  } finally {
    await db.end();
  }
});
afterAll(() => browser?.close());

type Stage = 'before-app' | 'loading-app' | 'hydrating' | 'hydrated';

/**
 * In the page before any of its scripts: notes the start-up stage of every tap as the browser dispatches it.
 * React DOM looks for the devtools hook when it is evaluated (the entry imports it first): a getter there tells
 * that the app's modules have started to run.
 */
const RECORD_STAGES = `(() => {
  window.__tapStages = [];
  window.__reactEvaluated = false;
  Object.defineProperty(window, '__REACT_DEVTOOLS_GLOBAL_HOOK__', {
    configurable: true,
    get() {
      window.__reactEvaluated = true;
      return undefined;
    },
  });
  const stage = () => {
    const root = document.getElementById('root');
    const started = root !== null && Object.keys(root).some((k) => k.startsWith('__reactContainer$'));
    if (started) return 'ENZO_EARLY_CLICKS' in window ? 'hydrating' : 'hydrated';
    return window.__reactEvaluated ? 'loading-app' : 'before-app';
  };
  addEventListener('touchstart', () => window.__tapStages.push(stage()), { capture: true, passive: true });
})()`;

/** A phone with a slow CPU and a slow 4G connection. */
async function slowPhone() {
  const opened = await newPage(browser, PHONE);
  await opened.page.addInitScript(RECORD_STAGES);
  const cdp = await opened.context.newCDPSession(opened.page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  return opened;
}

const PICTURES = 'pictures';

/** Holds the product's pictures back (a slow hero), until the returned function lets them through. */
async function holdPictures(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/media\//, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** When, during start-up, the taps are made: a condition of the page's start-up, or a chunk held back meanwhile. */
interface Moment {
  name: string;
  /** A chunk held back until the taps are made (a long download at that stage). */
  hold?: string;
  /** Waits for the moment to tap (after the page's markup is there). */
  reached: (page: Page) => Promise<unknown>;
}

const downloaded = (page: Page, url: RegExp) =>
  page.waitForEvent('requestfinished', { predicate: (r) => url.test(r.url()), timeout: 60_000 });

const hydrationStarted = (page: Page) =>
  page.waitForFunction(
    () => {
      const root = (
        globalThis as unknown as { document: { getElementById(id: string): object | null } }
      ).document.getElementById('root');
      return root !== null && Object.keys(root).some((k) => k.startsWith('__reactContainer$'));
    },
    null,
    { polling: 10 },
  );

const MOMENTS: Moment[] = [
  { name: 'as soon as the page is painted', reached: async () => undefined },
  // The first script asks for the app once the first pictures are painted (or after 2.5 s): not yet.
  { name: 'with the first pictures still loading', hold: PICTURES, reached: async () => undefined },
  { name: 'with the entry script held back', hold: 'main', reached: async () => undefined },
  { name: 'when React has downloaded', reached: (page) => downloaded(page, /\/assets\/react-[\w-]+\.js$/) },
  {
    name: 'with the app held back after React ran',
    hold: 'boot',
    // A function, not a string: the shop's CSP forbids evaluating strings.
    reached: (page) =>
      page.waitForFunction(() => (globalThis as { __reactEvaluated?: boolean }).__reactEvaluated === true, null, {
        polling: 10,
      }),
  },
  { name: 'when hydration starts', reached: hydrationStarted },
  { name: 'with the page held back mid-hydration', hold: 'product-page', reached: hydrationStarted },
  {
    name: 'once hydrated',
    reached: (page) => page.waitForFunction(() => !('ENZO_EARLY_CLICKS' in globalThis), null, { polling: 50 }),
  },
];

/** Opens the product page on a slow phone and runs `tap` at `moment`; returns the stages the taps landed in. */
async function tapAt(moment: Moment, tap: (page: Page) => Promise<void>, check: (page: Page) => Promise<void>) {
  const { page, problems, context } = await slowPhone();
  const release =
    moment.hold === PICTURES ? await holdPictures(page) : moment.hold ? await holdAppCode(page, moment.hold) : () => {};
  const reached = moment.reached(page);
  reached.catch(() => undefined);
  await page.goto(`${base}${product.path}`, { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Agregar al carrito' }).waitFor({ state: 'attached' });
  // A person taps what is on the screen: not before the page's first paint (its styles are in by then).
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, null, {
    polling: 10,
  });
  await reached;
  await tap(page);
  release();
  await page.waitForFunction(() => !('ENZO_EARLY_CLICKS' in globalThis));
  await check(page);
  const stages = await page.evaluate<Stage[]>('window.__tapStages');
  expect(problems, moment.name).toEqual([]);
  await context.close();
  return stages;
}

/**
 * Scrolls `target` into view, as the shopper does, and taps where it is, dispatched at once (a finger does not wait
 * for the page to be ready).
 */
async function tapOn(page: Page, target: Locator) {
  await target.evaluate((el) =>
    (el as unknown as { scrollIntoView(o: object): void }).scrollIntoView({ block: 'center' }),
  );
  const box = await target.boundingBox();
  if (!box) throw new Error(`Nada que tocar: ${String(target)} no se ve en la página`);
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

const cartLines = (page: Page) =>
  page.evaluate<Array<{ sizeId: string; quantity: number; shown?: { sizeLabel: string } }>>(
    `JSON.parse(localStorage.getItem('enzo.cart.v1') || '{"lines":[]}').lines`,
  );

const STAGES: Stage[] = ['before-app', 'hydrated', 'hydrating', 'loading-app'];

describe('a size and «Agregar al carrito» tapped on a slow phone (4× CPU, slow 4G) add that size once', () => {
  const seen = new Set<Stage>();
  it.each(MOMENTS)('$name', async (moment) => {
    const size = product.sizes[1]!;
    const stages = await tapAt(
      moment,
      async (page) => {
        await tapOn(page, page.getByRole('radio', { name: size, exact: true }));
        await tapOn(page, page.getByRole('button', { name: 'Agregar al carrito' }));
      },
      async (page) => {
        const cart = page.getByRole('dialog', { name: 'Carro de Compras' });
        await cart.locator('.cart-line__total').filter({ hasText: '$' }).waitFor();
        await page.waitForLoadState('networkidle');
        expect(await cartLines(page)).toEqual([
          expect.objectContaining({ quantity: 1, shown: expect.objectContaining({ sizeLabel: size }) }),
        ]);
        expect(await cart.locator('.cart-line').count()).toBe(1);
        expect(await page.getByRole('radio', { name: size, exact: true }).isChecked()).toBe(true);
      },
    );
    expect(stages).toHaveLength(2);
    for (const s of stages) seen.add(s);
  });

  it('the taps landed at every stage of start-up', () => {
    expect([...seen].sort()).toEqual(STAGES);
  });
});

describe('the menu button tapped on a slow phone (4× CPU, slow 4G) opens the menu (once: a second toggle would close it)', () => {
  const seen = new Set<Stage>();
  it.each(MOMENTS)('$name', async (moment) => {
    const stages = await tapAt(
      moment,
      (page) => tapOn(page, page.getByRole('button', { name: 'Menú', exact: true })),
      async (page) => {
        const menu = page.getByRole('dialog', { name: 'Menú' });
        await menu.waitFor();
        await page.waitForLoadState('networkidle');
        expect(await menu.isVisible()).toBe(true);
        expect(await page.getByRole('button', { name: 'Menú', exact: true }).getAttribute('aria-expanded')).toBe(
          'true',
        );
      },
    );
    expect(stages).toHaveLength(1);
    for (const s of stages) seen.add(s);
  });

  it('the taps landed at every stage of start-up', () => {
    expect([...seen].sort()).toEqual(STAGES);
  });
});
