import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter, matchRoutes } from 'react-router';
import type { ApolloClient, NormalizedCacheObject } from '@apollo/client';
import { createApolloClient, type QueryClient } from './lib/apollo';
import { routes, type RouteHandle } from './app/routes';
import { App } from './app/app';
import { APOLLO_STATE_ELEMENT_ID } from '#shared/ssr-contract.js';
import { replayEarlyClicks } from './early-clicks';
import { nextTask } from './lib/next-task';

/** The Apollo cache the server rendered the page with (a JSON data block: not executed, so CSP allows it). */
function restoreServerState(client: ApolloClient) {
  const el = document.getElementById(APOLLO_STATE_ELEMENT_ID);
  if (!el) return;
  try {
    client.cache.restore(JSON.parse(el.textContent ?? '{}') as NormalizedCacheObject);
  } catch {
    // Unreadable: the page's queries fetch as usual.
  }
  el.remove();
}

/** The landing route's matches (layout and page), with their handles. */
function landingMatches() {
  return (matchRoutes(routes, window.location) ?? []).flatMap((m) => {
    const handle = m.route.handle as RouteHandle | undefined;
    return handle ? [{ handle, params: m.params }] : [];
  });
}

/** Loads the landing route's chunks (already downloading: the entry preloads what the server listed) before the first render. */
async function preloadRoute(matches: ReturnType<typeof landingMatches>) {
  // A stalled download must not keep the page unresponsive forever: render anyway (Suspense shows the fallback).
  await Promise.race([Promise.all(matches.map((m) => m.handle.preload())).catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 3000))]);
}

/**
 * Reads the landing route's queries from the restored cache (never the network), one route per task, before
 * hydrating. Apollo Client's first use of a query (its document transforms, the first cache read, compiling
 * that code) cost ~90 ms at 4x CPU throttling inside a single component's render, where React cannot yield; here it is
 * paid in tasks of its own, and hydration reads what these reads left memoized.
 */
async function warmLandingQueries(client: ApolloClient, matches: ReturnType<typeof landingMatches>) {
  // The same options with the fetch policy replaced (`query`'s overloads cannot be restated for a wrapper).
  const query = (options: ApolloClient.QueryOptions) => client.query({ ...options, fetchPolicy: 'cache-only' });
  const cacheOnly: QueryClient = { query: query as ApolloClient['query'] };
  const searchParams = new URLSearchParams(window.location.search);
  for (const { handle, params } of matches) {
    if (!handle.load) continue;
    await handle.load({ client: cacheOnly, params, searchParams }).catch(() => undefined);
    await nextTask();
  }
}

/** Restores the server's data, loads the landing route and renders (hydrates a server-rendered page). */
export async function boot() {
  const container = document.getElementById('root')!;
  const serverRendered = container.hasChildNodes();
  // Evaluating the app's modules, creating the client (its cache and policies) and restoring the server's data:
  // a task each.
  await nextTask();
  const client = createApolloClient();
  await nextTask();
  restoreServerState(client);
  await nextTask();
  const matches = landingMatches();
  await preloadRoute(matches);
  if (serverRendered) {
    await warmLandingQueries(client, matches);
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
}
