import fs from 'node:fs';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { config } from './bench-config.js';
import { onCleanup } from './lifecycle.js';

export interface Tap {
  page: string;
  /** `mientras carga`: tapped once the markup shows, before the app has hydrated; `después de cargar`: once it has. */
  phase: 'mientras carga' | 'después de cargar';
  tap: string;
  /** The tap did what a shopper expects (the menu opened, the size is chosen, the cart shows the product). */
  tookEffect: boolean;
  /**
   * The longest Event Timing entry of the tap's interaction (what INP counts); null when none reached the 16 ms
   * threshold (the interaction took less).
   */
  durationMs: number | null;
  /** For a tap while loading: whether the page had in fact not hydrated yet when it was made. */
  note?: string;
}

export interface TapsResult {
  cpuSlowdown: number;
  network: string;
  taps: Tap[];
  /** INP of the taps after load (the longest interaction), and of the taps made while the page was starting. */
  inpAfterLoadMs: number | null;
  inpDuringLoadMs: number | null;
}

const CPU_SLOWDOWN = 4;
/** Lighthouse's mobile «slow 4G»: 150 ms round trip, 1.6 Mbps down, 750 kbps up (×0.9, as its DevTools throttling). */
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: ((1.6 * 1024 * 1024) / 8) * 0.9,
  uploadThroughput: ((750 * 1024) / 8) * 0.9,
};

/**
 * Collects Event Timing entries (durationThreshold 16 ms, the smallest allowed) from the very start of the page, so
 * a tap made while the page is still starting is measured too.
 */
const OBSERVE_EVENTS = `(() => {
  window.__enzoEvents = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.interactionId) window.__enzoEvents.push({ name: e.name, duration: e.duration, interactionId: e.interactionId, startTime: e.startTime });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
})();`;

/** The app has hydrated once it took back the taps recorded before it (client/src/start/early-clicks.ts). */
const hydrated = (page: Page) => page.evaluate(() => !('ENZO_EARLY_CLICKS' in globalThis));

async function phone(browser: Browser, url: string, waitUntil: 'commit' | 'load'): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    locale: 'es-CO',
  });
  await context.addInitScript(OBSERVE_EVENTS);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await page.goto(url, { waitUntil, timeout: 120_000 });
  return page;
}

/**
 * Taps `target` and waits until `effect` holds (up to 20 s): then the longest Event Timing entry of that interaction
 * (the interaction ids that appeared after the tap).
 */
async function tap(
  page: Page,
  target: Locator,
  effect: () => Promise<boolean>,
): Promise<{ tookEffect: boolean; durationMs: number | null; beforeHydration: boolean }> {
  const seen = await page.evaluate(() => (globalThis as unknown as { __enzoEvents: unknown[] }).__enzoEvents.length);
  const beforeHydration = !(await hydrated(page));
  await target.tap({ timeout: 60_000 });
  const deadline = Date.now() + 20_000;
  let tookEffect = false;
  while (Date.now() < deadline && !(tookEffect = await effect().catch(() => false))) await page.waitForTimeout(50);
  // Event Timing entries are delivered after the frame that followed the tap's handlers: wait for one.
  let durationMs: number | null = null;
  const entryDeadline = Date.now() + 1_000;
  while (Date.now() < entryDeadline) {
    durationMs = await page.evaluate((from) => {
      const events = (globalThis as unknown as { __enzoEvents: Array<{ duration: number }> }).__enzoEvents.slice(from);
      return events.length ? Math.max(...events.map((e) => e.duration)) : null;
    }, seen);
    if (durationMs !== null) break;
    await page.waitForTimeout(50);
  }
  return { tookEffect, durationMs, beforeHydration };
}

const menuButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Menú' });
const menuOpen = (page: Page) => () => page.getByRole('dialog', { name: 'Menú' }).isVisible();
const firstSize = (page: Page) => page.locator('input[type="radio"]:not(:disabled)').first();
const addToCart = (page: Page) => page.getByRole('button', { name: 'Agregar al carrito' });
const cartShowsLine = (page: Page) => async () =>
  (await page.getByRole('dialog', { name: 'Carro de Compras' }).isVisible()) &&
  (await page.locator('.cart-line').count()) > 0;

async function productTaps(browser: Browser, url: string, phase: Tap['phase']): Promise<Tap[]> {
  const page = await phone(browser, url, phase === 'mientras carga' ? 'commit' : 'load');
  try {
    if (phase === 'después de cargar') await page.waitForFunction(() => !('ENZO_EARLY_CLICKS' in globalThis));
    const taps: Tap[] = [];
    const record = async (name: string, r: Awaited<ReturnType<typeof tap>>) =>
      taps.push({
        page: 'producto',
        phase,
        tap: name,
        tookEffect: r.tookEffect,
        durationMs: r.durationMs,
        note: phase === 'mientras carga' ? (r.beforeHydration ? 'antes de hidratar' : 'ya hidratada') : undefined,
      });
    const size = firstSize(page);
    await record('elegir talla', await tap(page, size, () => size.isChecked()));
    await record('agregar al carrito', await tap(page, addToCart(page), cartShowsLine(page)));
    return taps;
  } finally {
    await page.context().close();
  }
}

async function menuTap(browser: Browser, url: string, phase: Tap['phase']): Promise<Tap> {
  const page = await phone(browser, url, phase === 'mientras carga' ? 'commit' : 'load');
  try {
    if (phase === 'después de cargar') await page.waitForFunction(() => !('ENZO_EARLY_CLICKS' in globalThis));
    const r = await tap(page, menuButton(page), menuOpen(page));
    return {
      page: 'categoría',
      phase,
      tap: 'abrir menú',
      tookEffect: r.tookEffect,
      durationMs: r.durationMs,
      note: phase === 'mientras carga' ? (r.beforeHydration ? 'antes de hidratar' : 'ya hidratada') : undefined,
    };
  } finally {
    await page.context().close();
  }
}

/**
 * A phone with 4× slower CPU and slow 4G (Chromium's own throttling through CDP) taps on the category page (open the
 * menu) and the product page (pick a size, add to cart), once while each page is still starting (as soon as the
 * button shows) and once after it has loaded; each tap's Event Timing and whether it took effect.
 */
export async function runStorefrontTaps(shopUrl: string, productPath: string): Promise<TapsResult> {
  if (!fs.existsSync(config.chromePath)) throw new Error(`No se encontró Chromium en ${config.chromePath}`);
  const browser = await chromium.launch({ executablePath: config.chromePath, args: ['--no-sandbox', '--disable-gpu'] });
  const stop = onCleanup('Chromium (toques)', () => browser.close());
  try {
    const taps: Tap[] = [];
    for (const phase of ['mientras carga', 'después de cargar'] as const) {
      process.stdout.write(`  · ${phase}…`);
      taps.push(await menuTap(browser, `${shopUrl}/collares`, phase));
      taps.push(...(await productTaps(browser, `${shopUrl}${productPath}`, phase)));
      process.stdout.write(' ✓\n');
    }
    const inp = (phase: Tap['phase']) => {
      // An interaction under the 16 ms threshold leaves no entry: it counts as 16 ms, an upper bound.
      const d = taps.filter((t) => t.phase === phase && t.tookEffect).map((t) => t.durationMs ?? 16);
      return d.length ? Math.max(...d) : null;
    };
    return {
      cpuSlowdown: CPU_SLOWDOWN,
      network: 'slow 4G (150 ms, 1,6 Mbps)',
      taps,
      inpAfterLoadMs: inp('después de cargar'),
      inpDuringLoadMs: inp('mientras carga'),
    };
  } finally {
    await stop();
  }
}
