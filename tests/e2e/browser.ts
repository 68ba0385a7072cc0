import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { onTestFailed } from 'vitest';

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

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
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
    await traceUntilFailure(context);
    return context;
  };
  return browser;
}

export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** A page whose console errors and failed requests are collected so a test can assert none happened. */
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
 * Holds the app's code (the boot chunk, or with `chunk: 'main'` the browser entry itself) back, as a slow connection
 * does, so the test acts on the server-rendered page before it hydrates; the returned function lets the code through.
 */
export async function holdAppCode(page: Page, chunk: 'boot' | 'main' = 'boot'): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(new RegExp(`/assets/${chunk}-[\\w-]+\\.js$`), async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
