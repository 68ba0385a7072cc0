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

/**
 * The settings staff edit (free-shipping threshold, fees, delivery times) and the legal identity: one cached
 * query for the header, footer, product page and policies. Null until it has loaded (never a stale constant).
 */
export function useShopSettings(): ShopSettingsView | null {
  const { data } = useQuery(ShopSettingsDocument, { fetchPolicy: 'cache-first' });
  return data?.shopSettings ?? null;
}

/** «Entrega en 1 a 8 días hábiles según tu municipio». */
export function deliveryPromiseText(settings: Pick<ShopSettingsView, 'delivery'>): string {
  return `Entrega en ${settings.delivery.label} según tu municipio`;
}
