import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createStore, Provider as JotaiProvider } from 'jotai';
import { ApolloProvider } from '@apollo/client/react';
import { MemoryRouter } from 'react-router';
import { createApolloClient } from '../lib/apollo';
import { PublicLayoutProvider } from '../lib/public-layout-data';
import { ShopData, ShopDataProvider } from '../lib/shop-data';

/** Renders with a fresh jotai store, a fresh Apollo client (talking to MSW, for useShopQuery and Apollo's own hooks), a router and the public layout's data (shop settings, campaigns, payment methods). */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', store = createStore() }: { route?: string; store?: ReturnType<typeof createStore> } = {},
) {
  const client = createApolloClient({ uri: 'http://localhost/graphql', persisted: false });
  const shopData = ShopData.withClient(client);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <JotaiProvider store={store}>
      <ShopDataProvider value={shopData}>
        <ApolloProvider client={client}>
          <MemoryRouter initialEntries={[route]}>
            <PublicLayoutProvider>{children}</PublicLayoutProvider>
          </MemoryRouter>
        </ApolloProvider>
      </ShopDataProvider>
    </JotaiProvider>
  );
  return { store, client, ...render(ui, { wrapper }) };
}
