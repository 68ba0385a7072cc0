import { lazy, useState, type ComponentType } from 'react';

export interface LazyPage<P extends object> {
  /** Renders the page: directly when its chunk is already loaded, through React.lazy otherwise. */
  Page: ComponentType<P>;
  /** Starts (or reuses) the chunk download; resolves once the page can render synchronously. */
  preload: () => Promise<void>;
  /** The chunk's module once loaded (undefined before). */
  loadedModule: () => unknown;
}

/**
 * A page in its own chunk. `preload()` lets the entry load the landing route's chunk before the first
 * render (no Suspense fallback flash) and lets links warm a chunk up; a failed download rejects and is
 * retried on the next attempt.
 */
export function lazyPage<M, P extends object = object>(
  load: () => Promise<M>,
  pick: (m: M) => ComponentType<P>,
): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let module: M | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (m) => {
        module = m;
        loaded = pick(m);
      },
      (err: unknown) => {
        pending = undefined;
        throw err;
      },
    ));
  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded! };
  });
  function Page(props: P) {
    // Decided once per mount: switching element type later would remount the page and lose its state.
    const [Direct] = useState(() => loaded);
    return Direct ? <Direct {...props} /> : <Lazy {...props} />;
  }
  return { Page, preload, loadedModule: () => module };
}
