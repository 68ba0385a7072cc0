import { createContext, useContext, type ReactNode } from 'react';
import type { ApolloClient } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { ShopSettingsDocument, type ShopSettingsQuery } from './shop-settings.generated';

export type ShopSettingsView = ShopSettingsQuery['shopSettings'];

/**
 * The public layout's data (run by the server before rendering every public page, so the header banner,
 * product page, policies and footer render the same markup on the server and on the first client render).
 */
export async function loadShopSettings(client: ApolloClient) {
  await client.query({ query: ShopSettingsDocument });
}

const ShopSettingsContext = createContext<ShopSettingsView | null>(null);

/**
 * Asks for the shop settings once for everything below it (the public layout): the header, footer, product
 * page and policies read them from here instead of each watching the query. Every watcher costs the page's
 * hydration a cache read and a subscription on the phone's main thread.
 */
export function ShopSettingsProvider({ children }: { children: ReactNode }) {
  const { data } = useQuery(ShopSettingsDocument, { fetchPolicy: 'cache-first' });
  return <ShopSettingsContext value={data?.shopSettings ?? null}>{children}</ShopSettingsContext>;
}

/**
 * The settings staff edit (free-shipping threshold, fees, delivery times) and the legal identity, from the
 * nearest ShopSettingsProvider. Null until they have loaded (never a stale constant), and outside a provider.
 */
export function useShopSettings(): ShopSettingsView | null {
  return useContext(ShopSettingsContext);
}

/** «Entrega en 1 a 8 días hábiles según tu municipio». */
export function deliveryPromiseText(settings: Pick<ShopSettingsView, 'delivery'>): string {
  return `Entrega en ${settings.delivery.label} según tu municipio`;
}
