import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter, matchRoutes } from 'react-router';
import { routes, type RouteHandle } from '../app/routes';
import { App } from '../app/app';
import { QUERY_RESULTS_ELEMENT_ID } from '#shared/ssr-contract.js';
import { ShopData } from '../lib/shop-data';
import { replayEarlyClicks } from './early-clicks';
import { loadApolloClient, loadOnFirstInteraction } from './load-apollo';

/** The query results the server rendered the page with (a JSON data block: not executed, so CSP allows it). */
function serverResults(): Record<string, unknown> {
  const el = document.getElementById(QUERY_RESULTS_ELEMENT_ID);
  if (!el) return {};
  el.remove();
  try {
    return JSON.parse(el.textContent ?? '{}') as Record<string, unknown>;
  } catch {
    // Unreadable: the page's queries fetch as usual.
    return {};
  }
}

/** Loads the landing route's chunks (already downloading: the entry preloads what the server listed) before the first render. */
async function preloadRoute() {
  const handles = (matchRoutes(routes, window.location) ?? []).flatMap((m) => {
    const handle = m.route.handle as RouteHandle | undefined;
    return handle ? [handle] : [];
  });
  // A stalled download must not keep the page unresponsive forever: render anyway (Suspense shows the fallback).
  await Promise.race([
    Promise.all(handles.map((h) => h.preload())).catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, 3000)),
  ]);
}

/**
 * React recovered from an error: while hydrating, a server-rendered page whose markup the browser's first render
 * did not match (React then throws that markup away and renders the page again, so taps recorded on it can be
 * lost). Production builds report only a bare minified message; this logs it with its cause and where in the tree
 * it happened, as a console error (the e2e tests fail on any).
 */
function logRecoverableError(error: unknown, info: { componentStack?: string }) {
  const describe = (e: unknown) => (e instanceof Error ? e.message : String(e));
  const cause = error instanceof Error && error.cause !== undefined ? ` Cause: ${describe(error.cause)}` : '';
  console.error(`React recoverable error: ${describe(error)}${cause}${info.componentStack ?? ''}`);
}

/** Loads the landing route and renders (hydrates a server-rendered page from the server's query results). */
export async function boot() {
  const container = document.getElementById('root')!;
  await preloadRoute();
  if (container.hasChildNodes()) {
    const shopData = ShopData.browser(serverResults(), loadApolloClient);
    loadOnFirstInteraction(shopData);
    // Server-rendered: attach to its markup. A transition hydrates in slices that yield to the browser (TBT).
    // Taps made before the page has hydrated are replayed then (early-clicks.ts).
    startTransition(() => {
      hydrateRoot(container, <App shopData={shopData} router={BrowserRouter} onMounted={replayEarlyClicks} />, {
        onRecoverableError: logRecoverableError,
      });
    });
  } else {
    // Checkout, receipt, sandbox and staff pages render in the browser only, with Apollo Client from the start.
    const shopData = ShopData.withClient(await loadApolloClient());
    const root = createRoot(container, { onRecoverableError: logRecoverableError });
    startTransition(() => root.render(<App shopData={shopData} router={BrowserRouter} />));
  }
}
