import { startTransition, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, matchRoutes, useRoutes } from 'react-router';
import { ApolloProvider } from '@apollo/client/react';
import { Provider as JotaiProvider } from 'jotai';
import type { DocumentNode } from 'graphql';
import { createApolloClient } from './lib/apollo';
import { primeCache, takeInitialData } from './lib/initial-data';
import { routes, type RouteHandle } from './app/routes';
import { PageFallback } from './app/page-fallback';
import { RouteErrorBoundary } from './app/route-error';
import './app/global.css';

const client = createApolloClient();

function App() {
  const element = useRoutes(routes);
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<PageFallback />}>{element}</Suspense>
    </RouteErrorBoundary>
  );
}

/** Loads the landing route's chunk (preloaded by the server) and its embedded data before the first render. */
async function prepareLandingRoute() {
  const handles = (matchRoutes(routes, window.location) ?? []).map((m) => m.route.handle as RouteHandle | undefined).filter((h) => h !== undefined);
  const ready = Promise.all(handles.map((h) => h.preload())).then(
    () => true,
    () => false,
  );
  // A stalled download must not keep the page blank: render anyway (Suspense shows the fallback).
  const loaded = await Promise.race([ready, new Promise<false>((resolve) => setTimeout(() => resolve(false), 3000))]);
  const initial = takeInitialData();
  if (!loaded || initial.length === 0) return;
  for (const handle of handles) {
    const documents = (handle.loadedModule() as { INITIAL_QUERIES?: readonly DocumentNode[] } | undefined)?.INITIAL_QUERIES;
    if (documents) primeCache(client, documents, initial);
  }
}

void prepareLandingRoute().then(() => {
  const root = createRoot(document.getElementById('root')!);
  // A transition renders in short slices that yield to the browser instead of one long task (TBT).
  startTransition(() => {
    root.render(
      <StrictMode>
        <JotaiProvider>
          <ApolloProvider client={client}>
            <BrowserRouter>
              <App />
            </BrowserRouter>
          </ApolloProvider>
        </JotaiProvider>
      </StrictMode>,
    );
  });
});
