import { StrictMode, Suspense, type ReactNode } from 'react';
import { useRoutes } from 'react-router';
import { ApolloProvider } from '@apollo/client/react';
import type { ApolloClient } from '@apollo/client';
import { Provider as JotaiProvider, type createStore } from 'jotai';
import { routes } from './routes';
import { PageFallback } from './page-fallback';
import { RouteErrorBoundary } from './route-error';
import { MountedContext } from './page-mounted';

function Routes() {
  const element = useRoutes(routes);
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<PageFallback />}>{element}</Suspense>
    </RouteErrorBoundary>
  );
}

/**
 * The whole app under a router: the same tree on the server (StaticRouter) and in the browser (BrowserRouter).
 * `onMounted` runs once the page is hydrated (the browser entry replays taps made before that).
 */
export function App({
  client,
  store,
  router: Router,
  onMounted,
}: {
  client: ApolloClient;
  store?: ReturnType<typeof createStore>;
  router: (props: { children: ReactNode }) => ReactNode;
  onMounted?: () => void;
}) {
  return (
    <StrictMode>
      <MountedContext value={onMounted}>
        <JotaiProvider store={store}>
          <ApolloProvider client={client}>
            <Router>
              <Routes />
            </Router>
          </ApolloProvider>
        </JotaiProvider>
      </MountedContext>
    </StrictMode>
  );
}
