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
  let started = false;
  const load = () => {
    if (started) return;
    started = true;
    void shop.load().catch(() => undefined);
  };
  const go = () => {
    for (const type of events) window.removeEventListener(type, go, true);
    // After the frame that answers the tap: requesting the chunks (Vite's preload links) is main-thread work the
    // tap's own paint would otherwise wait for. The timer stands in where no frame comes (a hidden tab).
    requestAnimationFrame(() => setTimeout(load, 0));
    setTimeout(load, 1000);
  };
  for (const type of events) window.addEventListener(type, go, { capture: true, passive: true });
}
