import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { QueryClient } from './apollo';
import { useShopQuery } from './use-shop-query';
import { ONLINE_PAYMENT_METHODS, type PaymentMethodValue } from '#shared/orders.js';
import { PublicLayoutDocument, type PublicLayoutQuery } from './public-layout.generated';

export type ShopSettingsView = PublicLayoutQuery['shopSettings'];
export type PublicCampaign = PublicLayoutQuery['campaigns'][number];

/**
 * The public layout's data (run by the server before rendering every public page, so the header, product page,
 * policies and footer render the same markup on the server and on the first client render).
 */
export async function loadPublicLayout(client: QueryClient) {
  await client.query({ query: PublicLayoutDocument });
}

interface PublicLayoutData {
  settings: ShopSettingsView | null;
  campaigns: readonly PublicCampaign[];
  paymentMethods: readonly PaymentMethodValue[];
}

const PublicLayoutContext = createContext<PublicLayoutData | null>(null);

/**
 * Asks for the public layout's data once, in one query, for everything below it: the header, footer, product
 * page and policies read it from here instead of each watching a query of its own. Every watcher costs the
 * page's hydration a cache read and a subscription on the phone's main thread, and every query a request on
 * the pages the browser renders (checkout). A field that fails leaves the others shown (`errorPolicy: 'all'`).
 */
export function PublicLayoutProvider({ children }: { children: ReactNode }) {
  const { data } = useShopQuery(PublicLayoutDocument, { errorPolicy: 'all' });
  // A new value only when the data changes: every reader re-renders with it.
  const value = useMemo<PublicLayoutData>(
    () => ({
      settings: data?.shopSettings ?? null,
      campaigns: data?.campaigns ?? [],
      paymentMethods: data?.paymentOptions?.methods ?? ONLINE_PAYMENT_METHODS,
    }),
    [data],
  );
  return <PublicLayoutContext value={value}>{children}</PublicLayoutContext>;
}

/**
 * The settings staff edit (free-shipping threshold, fees, delivery times) and the legal identity, from the
 * nearest PublicLayoutProvider. Null until they have loaded (never a stale constant), and outside a provider.
 */
export function useShopSettings(): ShopSettingsView | null {
  return useContext(PublicLayoutContext)?.settings ?? null;
}

/** The campaign pages staff have on (none while the shop is loading or offline, and outside a provider). */
export function usePublicCampaigns(): readonly PublicCampaign[] {
  return useContext(PublicLayoutContext)?.campaigns ?? [];
}

/**
 * The payment methods the shop offers now, as the server says (contraentrega only while staff have it on); the
 * online methods the gateway always offers until the answer is there.
 */
export function usePaymentMethods(): readonly PaymentMethodValue[] {
  return useContext(PublicLayoutContext)?.paymentMethods ?? ONLINE_PAYMENT_METHODS;
}

/** «Entrega en 1 a 8 días hábiles según tu municipio». */
export function deliveryPromiseText(settings: Pick<ShopSettingsView, 'delivery'>): string {
  return `Entrega en ${settings.delivery.label} según tu municipio`;
}
