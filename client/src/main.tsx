import { ROUTE_CHUNKS_META } from '#shared/ssr-contract.js';
import { forgetEarlyClicks } from './early-clicks';
import './app/global.css';

/** A new task: the browser may paint and handle a tap before what follows (start-up is cut into such steps). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The browser entry, kept tiny: on a server-rendered page the markup is already readable, so the app's code
 * (React, the router, the route) is fetched only once the page has been painted. On a phone the first paint and
 * the hero image then do not share the connection with ~95 KB of JavaScript. Apollo Client loads later still,
 * when the page first needs it (lib/shop-data.tsx). Pages rendered in the browser only (checkout, receipt,
 * staff) start at once.
 */
async function start() {
  // One library per task: evaluating React and the app in a single task would block the main thread
  // for several hundred milliseconds on a phone (taps wait for it). The chunks download in parallel beforehand.
  await import('react-dom/client');
  await nextTask();
  const { boot } = await import('./boot');
  await nextTask();
  await boot();
}

/**
 * The route's chunks, listed by the server, fetched alongside the app's code (not after it). One link per task:
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

/** Runs `fn` once after the next frame has been painted (a timer backs up requestAnimationFrame in a hidden tab). */
function afterFirstPaint(fn: () => void) {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    fn();
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 1000);
}

/**
 * Resolves once the pictures the page shows first (`loading="eager"`: the hero, the first product cards, the
 * product's main photo) have loaded or failed, or after `capMs`. Running the app's code meanwhile would hold up
 * the largest paint on a phone's CPU; until it runs, taps are recorded and replayed (early-clicks.ts).
 */
function firstPictures(capMs: number): Promise<void> {
  const pending = [...document.querySelectorAll<HTMLImageElement>('#root img[loading="eager"]')].filter((img) => !img.complete);
  const loaded = pending.map(
    (img) =>
      new Promise<void>((resolve) => {
        img.addEventListener('load', () => resolve(), { once: true });
        img.addEventListener('error', () => resolve(), { once: true });
      }),
  );
  return Promise.race([Promise.all(loaded).then(() => undefined), new Promise<void>((resolve) => setTimeout(resolve, capMs))]);
}

if (document.getElementById('root')?.hasChildNodes()) {
  // Taps are being recorded (early-clicks.ts) until the page has hydrated.
  afterFirstPaint(() => {
    void preloadRouteChunks();
    void firstPictures(2500).then(start);
  });
} else {
  forgetEarlyClicks();
  void start();
}
