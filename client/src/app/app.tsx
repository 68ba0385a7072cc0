import { StrictMode, Suspense, type ReactNode } from 'react';
import { useRoutes } from 'react-router';
import { ShopDataProvider, type ShopData } from '../lib/shop-data';
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
  shopData,
  store,
  router: Router,
  onMounted,
}: {
  shopData: ShopData;
  store?: ReturnType<typeof createStore>;
  router: (props: { children: ReactNode }) => ReactNode;
  onMounted?: () => void;
}) {
  return (
    <StrictMode>
      <MountedContext value={onMounted}>
        <JotaiProvider store={store}>
          <ShopDataProvider value={shopData}>
            <Router>
              <Routes />
            </Router>
          </ShopDataProvider>
        </JotaiProvider>
      </MountedContext>
    </StrictMode>
  );
}
