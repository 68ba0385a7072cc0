import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { onTestFailed, onTestFinished } from 'vitest';

/** Chromium from CHROME_PATH, else /usr/bin/chromium; a clear message when none is found. */
export function chromePath(): string {
  const candidates = [
    process.env.CHROME_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ].filter(Boolean) as string[];
  const found = candidates.find((p) => fs.existsSync(p));
  if (!found) {
    throw new Error(
      'No se encontró Chromium. Instálalo (`apt-get install -y chromium`) o define CHROME_PATH con la ruta del navegador.',
    );
  }
  return found;
}

/** Where a failed e2e test leaves a Playwright trace, screenshots and console of each of its browser contexts. */
export const E2E_RESULTS_DIR = path.resolve('test-results', 'e2e');

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[^\w.-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
let contextsTraced = 0;

/**
 * Records a trace of the context (actions, DOM snapshots, screencast, network, console) from its first page on.
 * When the test that created it fails, the trace goes to test-results/e2e/<file>/<test>/ with a screenshot of each
 * page still open and the console lines (README «Pruebas»: how to open it); when it passes, closing the context
 * drops it. A context created outside a test (beforeAll) is not traced.
 */
async function traceUntilFailure(context: BrowserContext): Promise<void> {
  const n = ++contextsTraced;
  const consoleLines: string[] = [];
  const listen = (page: Page) => {
    page.on('console', (m) => consoleLines.push(`${new Date().toISOString()} ${m.type()}: ${m.text()}`));
    page.on('pageerror', (e) => consoleLines.push(`${new Date().toISOString()} pageerror: ${e.stack ?? e.message}`));
  };
  try {
    onTestFailed(async ({ task }) => {
      const dir = path.join(E2E_RESULTS_DIR, slug(path.basename(task.file.name, '.test.ts')), slug(task.name));
      fs.mkdirSync(dir, { recursive: true });
      const pages = context.pages();
      for (const [i, page] of pages.entries())
        await page
          .screenshot({ path: path.join(dir, `context-${n}-page-${i + 1}.png`), fullPage: true })
          .catch(() => {});
      fs.writeFileSync(path.join(dir, `context-${n}-console.log`), `${consoleLines.join('\n')}\n`);
      const trace = path.join(dir, `context-${n}-trace.zip`);
      await context.tracing.stop({ path: trace }).then(
        () => console.error(`Traza de la prueba fallida: ${path.relative(process.cwd(), trace)}`),
        // The test had already closed this context: its screenshots and console are all there is.
        () => undefined,
      );
    });
  } catch {
    return;
  }
  context.on('page', listen);
  await context.tracing.start({ screenshots: true, snapshots: true, title: `contexto ${n}` });
}

/**
 * What React reports when it had to recover: a hydration mismatch (the browser's first render differed from the
 * server's markup, so React threw the markup away and rendered it again: #418, and #423/#425 of older versions) or
 * any other error it caught. The app logs each as «React recoverable error: …» (client/src/start/boot.tsx); React's own
 * minified messages are matched too.
 */
const REACT_ERROR = /React recoverable error|Minified React error #\d+|Hydration failed|hydrating/i;

/** A page has hydrated (the tap recorder of its first script is gone), or it never was server-rendered. */
const hydrated = () => !('ENZO_EARLY_CLICKS' in globalThis);

/**
 * Fails the test that opened `context` when React recovered from an error on any of its pages. Closing the
 * context first lets each open page finish hydrating (a mismatch is reported then), so a test that closes right
 * after its last step is checked all the same; a context still open is checked when its test finishes.
 */
function failOnReactErrors(context: BrowserContext): void {
  const errors: string[] = [];
  context.on('page', (page) => {
    page.on('console', (m) => {
      if (m.type() === 'error' && REACT_ERROR.test(m.text())) errors.push(`${page.url()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => {
      if (REACT_ERROR.test(e.message)) errors.push(`${page.url()}: ${e.message}`);
    });
  });
  const check = () => {
    if (errors.length === 0) return;
    throw new Error(
      `React tuvo que recuperarse (¿el HTML del servidor y el primer render del navegador no coinciden?):\n${errors
        .splice(0)
        .join('\n')}`,
    );
  };
  const close = context.close.bind(context);
  context.close = async (options) => {
    await Promise.all(
      // A page held before hydrating (holdAppCode) or gone meanwhile is not waited for long.
      context.pages().map((page) => page.waitForFunction(hydrated, null, { timeout: 10_000 }).catch(() => undefined)),
    );
    await close(options);
    check();
  };
  try {
    onTestFinished(check);
  } catch {
    // Opened outside a test (beforeAll): checked when it is closed.
  }
}

export async function launchBrowser(): Promise<Browser> {
  // Playwright's working folder for the traces (a failed test's trace is saved apart, in E2E_RESULTS_DIR): a folder of
  // ours, removed when the browser goes away. By default each launch left one behind in the system's temp folder.
  const tracesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'enzo-e2e-traces-'));
  const browser = await chromium.launch({
    tracesDir,
    executablePath: chromePath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      '--disable-dev-shm-usage',
    ],
  });
  // Every context (newPage, browser.newContext, browser.newPage) is traced until its test fails.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    failOnReactErrors(context);
    await traceUntilFailure(context);
    return context;
  };
  // Closed or crashed: its working files go with it. Playwright may still be writing a trace there as the browser goes
  // (a folder that filled again while being emptied failed a whole run with ENOTEMPTY): tried again for a while, and a
  // folder left behind in the temp folder fails no test.
  browser.once('disconnected', () => {
    fs.promises.rm(tracesDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 }).catch(() => undefined);
  });
  return browser;
}

export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/**
 * A page whose console errors and uncaught errors are collected so a test can assert none happened. Whatever the
 * test asserts, React recovering from an error (a hydration mismatch) fails it (failOnReactErrors).
 */
export async function newPage(
  browser: Browser,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ locale: 'es-CO', timezoneId: 'America/Bogota', ...options });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return { context, page, problems };
}

/**
 * Holds the app's code (the boot chunk, with `chunk: 'main'` the browser entry itself, or any chunk by its name, such
 * as a route's `product-page`) back, as a slow connection does, so the test acts on the server-rendered page before
 * it hydrates (or while it does); the returned function lets the code through.
 */
export async function holdAppCode(page: Page, chunk: string = 'boot'): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(new RegExp(`/assets/${chunk}-[\\w-]+\\.js$`), async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
