import { lazy, type ReactNode } from 'react';

// Its own module: the dynamic import brings Vite's preload helper, which must stay out of the shop-shell chunk
// that the query hook and its data source are in (the browser entry imports the helper before the first paint).
const ApolloBoundary = lazy(() => import('./apollo-boundary'));

/** Children that use Apollo Client's own hooks (cart, checkout, staff): they render once it has loaded. */
export function WithApollo({ children }: { children: ReactNode }) {
  return <ApolloBoundary>{children}</ApolloBoundary>;
}
