/**
 * The first script of a server-rendered page, inlined in its head by the server (server/src/app/render/
 * page-renderer.ts; the CSP allows it by its hash). Built on its own as a classic script (client/vite.config.ts):
 * nothing is fetched before the first paint, and on a phone no request competes with the markup and the hero.
 *
 * It records taps at once (early-clicks.ts). Once the page's first pictures are on the screen it fetches the app:
 * the browser entry (client/src/main.tsx, named by `data-entry`, which runs start-app.ts) and, alongside, the chunks the server listed for
 * the route. Until then no script is requested or run: on a phone the app's scripts would share the connection
 * with the hero, and its evaluation would hold up the paint.
 */
import { ROUTE_CHUNKS_META } from '#shared/ssr-contract.js';
import { recordEarlyClicks } from './early-clicks';
import { nextTask } from './next-task';

/**
 * The entry's and the route's chunks, listed by the server, fetched alongside the entry (not after it). One link per task:
 * starting a request costs the main thread some 20 ms on a phone, so ten in one task were a 200 ms stall.
 */
async function preloadRouteChunks() {
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${ROUTE_CHUNKS_META}"]`);
  for (const href of meta?.content.split(' ').filter(Boolean) ?? []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    link.crossOrigin = '';
    document.head.append(link);
    await nextTask();
  }
}

/** Resolves once the next frame has been painted (a timer backs up requestAnimationFrame in a hidden tab). */
function nextFrame(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 1000);
  });
}

/** Resolves once `img` has loaded or failed. */
function loaded(img: HTMLImageElement): Promise<void> {
  if (img.complete) return Promise.resolve();
  return new Promise((resolve) => {
    img.addEventListener('load', () => resolve(), { once: true });
    img.addEventListener('error', () => resolve(), { once: true });
  });
}

/** An Element Timing entry (not yet in TypeScript's DOM types). */
interface PerformanceElementTiming extends PerformanceEntry {
  readonly element: Element | null;
}

/** Whether `img` is shown within the viewport (the browser reports paints only of what it shows). */
function onScreen(img: HTMLImageElement): boolean {
  const box = img.getBoundingClientRect();
  const visible = typeof img.checkVisibility === 'function' ? img.checkVisibility() : box.width > 0;
  return visible && box.bottom > 0 && box.right > 0 && box.top < innerHeight && box.left < innerWidth;
}

/**
 * Resolves once the pictures the page shows first (`loading="eager"`: the hero, the first product cards, the
 * product's main photo) are on the screen, or after `capMs`: those in view painted, the others loaded. Where the
 * browser reports paints (Element Timing, Chromium) that is the paint itself; elsewhere the frame after they load.
 * Until then no script is requested or run: on a phone the app's scripts would share the connection with the hero
 * and its evaluation would hold up the paint. Meanwhile taps are recorded and replayed (early-clicks.ts).
 */
function firstPicturesShown(capMs: number): Promise<void> {
  const pictures = [...document.querySelectorAll<HTMLImageElement>('#root img[loading="eager"]')];
  const canWatch =
    typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('element');
  const watched = canWatch ? pictures.filter((img) => img.hasAttribute('elementtiming') && onScreen(img)) : [];
  // Resolved by each watched picture's paint (or its failure). The observer is buffered: a paint before this
  // script asked is delivered all the same, in a later callback.
  const paints = new Map<Element, () => void>();
  const painted = watched.map(
    (img) =>
      new Promise<void>((resolve) => {
        paints.set(img, resolve);
        // A broken picture is never painted: it counts as shown once it has failed.
        if (img.complete && img.naturalWidth === 0) resolve();
        else img.addEventListener('error', () => resolve(), { once: true });
      }),
  );
  const observer = watched.length
    ? new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as PerformanceElementTiming[])
          if (entry.element) paints.get(entry.element)?.();
      })
    : null;
  observer?.observe({ type: 'element', buffered: true });
  const others = pictures.filter((img) => !watched.includes(img)).map(loaded);
  const ready = Promise.all([...painted, ...others]).then(nextFrame);
  return Promise.race([ready, new Promise<void>((resolve) => setTimeout(resolve, capMs))]).finally(() =>
    observer?.disconnect(),
  );
}

const entry = document.currentScript?.dataset.entry;
recordEarlyClicks();

function loadApp() {
  void firstPicturesShown(2500).then(() => {
    if (entry) void import(/* @vite-ignore */ entry);
    void preloadRouteChunks();
  });
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', loadApp, { once: true });
else loadApp();
