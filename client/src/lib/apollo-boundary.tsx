import { use, type ReactNode } from 'react';
import { ApolloProvider } from '@apollo/client/react';
import { useShopData } from './shop-data';

/** Renders its children under Apollo Client's provider once the client has loaded (suspends until then). */
export default function ApolloBoundary({ children }: { children: ReactNode }) {
  const shop = useShopData();
  // Suspends only while Apollo Client is loading.
  const client = shop.client ?? use(shop.load());
  return <ApolloProvider client={client}>{children}</ApolloProvider>;
}
