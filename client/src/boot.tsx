import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter, matchRoutes } from 'react-router';
import type { NormalizedCacheObject } from '@apollo/client';
import { createApolloClient } from './lib/apollo';
import { routes, type RouteHandle } from './app/routes';
import { App } from './app/app';
import { APOLLO_STATE_ELEMENT_ID } from '#shared/ssr-contract.js';
import { replayEarlyClicks } from './early-clicks';

const client = createApolloClient();

/** The Apollo cache the server rendered the page with (a JSON data block: not executed, so CSP allows it). */
function restoreServerState() {
  const el = document.getElementById(APOLLO_STATE_ELEMENT_ID);
  if (!el) return;
  try {
    client.cache.restore(JSON.parse(el.textContent ?? '{}') as NormalizedCacheObject);
  } catch {
    // Unreadable: the page's queries fetch as usual.
  }
  el.remove();
}

/** Loads the landing route's chunks (already downloading: the entry preloads what the server listed) before the first render. */
async function preloadRoute() {
  const handles = (matchRoutes(routes, window.location) ?? []).map((m) => m.route.handle as RouteHandle | undefined).filter((h) => h !== undefined);
  // A stalled download must not keep the page unresponsive forever: render anyway (Suspense shows the fallback).
  await Promise.race([Promise.all(handles.map((h) => h.preload())).catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 3000))]);
}

/** Restores the server's data, loads the landing route and renders (hydrates a server-rendered page). */
export function boot() {
  restoreServerState();
  void preloadRoute().then(() => {
    const container = document.getElementById('root')!;
    if (container.hasChildNodes()) {
      // Server-rendered: attach to its markup. A transition hydrates in slices that yield to the browser (TBT).
      // Taps made before the page has hydrated are replayed then (early-clicks.ts).
      startTransition(() => {
        hydrateRoot(container, <App client={client} router={BrowserRouter} onMounted={replayEarlyClicks} />);
      });
    } else {
      // Checkout, receipt, sandbox and staff pages render in the browser only.
      const root = createRoot(container);
      startTransition(() => root.render(<App client={client} router={BrowserRouter} />));
    }
  });
}
