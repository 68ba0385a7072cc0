import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False on the server and while hydrating the server's HTML, true afterwards: for what only the browser knows
 * (the cart in localStorage), so that the first render matches the server's markup.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
