import type { ShopData } from '../lib/shop-data';

/**
 * Apollo Client, in a chunk of its own. A server-rendered page hydrates without it (lib/shop-data.tsx answers from
 * the server's results); it loads when the page first needs it: the shopper's first interaction (below), a query
 * that needs the network, or a part of the page that uses Apollo Client directly (lib/with-apollo.tsx).
 */
export const loadApolloClient = () => import('../lib/apollo').then((m) => m.createApolloClient());

/** Starts loading Apollo Client at the first sign that the shopper is about to use the page. */
export function loadOnFirstInteraction(shop: ShopData): void {
  const events = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;
  const go = () => {
    for (const type of events) window.removeEventListener(type, go, true);
    void shop.load().catch(() => undefined);
  };
  for (const type of events) window.addEventListener(type, go, { capture: true, passive: true });
}
