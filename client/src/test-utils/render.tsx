import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createStore, Provider as JotaiProvider } from 'jotai';
import { ApolloProvider } from '@apollo/client/react';
import { MemoryRouter } from 'react-router';
import { createApolloClient } from '../lib/apollo';
import { PublicLayoutProvider } from '../lib/public-layout-data';
import { ShopData, ShopDataProvider } from '../lib/shop-data';
import { StaffPermissionsProvider } from '../lib/staff-permissions';
import { ALL_PERMISSIONS, type Permission } from '#shared/staff-access.js';

/** Renders with a fresh jotai store, a fresh Apollo client (talking to MSW, for useShopQuery and Apollo's own hooks), a router and the public layout's data (shop settings, campaigns, payment methods). */
export function renderWithProviders(
  ui: ReactElement,
  {
    route = '/',
    store = createStore(),
    permissions = ALL_PERMISSIONS,
  }: {
    route?: string;
    store?: ReturnType<typeof createStore>;
    /** The staff member's permissions (staff components show only what these allow): all by default. */
    permissions?: readonly Permission[];
  } = {},
) {
  const client = createApolloClient({ uri: 'http://localhost/graphql', persisted: false });
  const shopData = ShopData.withClient(client);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <JotaiProvider store={store}>
      <ShopDataProvider value={shopData}>
        <ApolloProvider client={client}>
          <MemoryRouter initialEntries={[route]}>
            <StaffPermissionsProvider value={new Set(permissions)}>
              <PublicLayoutProvider>{children}</PublicLayoutProvider>
            </StaffPermissionsProvider>
          </MemoryRouter>
        </ApolloProvider>
      </ShopDataProvider>
    </JotaiProvider>
  );
  return { store, client, ...render(ui, { wrapper }) };
}
