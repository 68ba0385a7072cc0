import { createContext, useContext, useMemo, useRef, useSyncExternalStore, type ReactNode } from 'react';
import type { ApolloClient, ObservableQuery, OperationVariables } from '@apollo/client';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';

/**
 * Where the storefront's queries get their data. On a server-rendered page the browser hydrates from the results
 * the server's render read (a JSON block in the page), without Apollo Client: Apollo Client and its cache are
 * ~47 KB of a phone's first load (Brotli) and the page needs none of it to be read and to take taps. Apollo
 * Client loads at the shopper's first interaction (a tap, a key), when a query needs the network (a page or
 * filter the server did not render) and when a page that uses it directly opens (cart, checkout, staff:
 * with-apollo.tsx). It then starts from the server's results (written into its cache) and every query watches it.
 */
export class ShopData {
  #client: ApolloClient | null;
  #pending: Promise<ApolloClient> | null;
  readonly #loader: (() => Promise<ApolloClient>) | null;
  /** The server render's results by query key (in the browser, until Apollo Client has loaded). */
  readonly #snapshot: ReadonlyMap<string, unknown>;
  /** Server-rendered results the page's queries read, with their documents (written into Apollo's cache on load). */
  readonly #read = new Map<string, { query: TypedDocumentNode<unknown, OperationVariables>; variables: OperationVariables }>();
  readonly #listeners = new Set<() => void>();
  /** On the server: every result the render read, by query key (sent to the browser). */
  readonly record: Record<string, unknown> | null;

  private constructor(options: { client?: ApolloClient; loader?: () => Promise<ApolloClient>; snapshot?: Record<string, unknown>; record?: boolean }) {
    this.#client = options.client ?? null;
    this.#pending = options.client ? Promise.resolve(options.client) : null;
    this.#loader = options.loader ?? null;
    this.#snapshot = new Map(Object.entries(options.snapshot ?? {}));
    this.record = options.record ? {} : null;
  }

  /** The server render: queries read the client's cache (the route's loaders filled it) and are recorded. */
  static server(client: ApolloClient): ShopData {
    return new ShopData({ client, record: true });
  }

  /** The browser: the server's results first, Apollo Client from `loader` when needed. */
  static browser(snapshot: Record<string, unknown>, loader: () => Promise<ApolloClient>): ShopData {
    return new ShopData({ snapshot, loader });
  }

  /** A client that is already there (component tests, pages the browser renders). */
  static withClient(client: ApolloClient): ShopData {
    return new ShopData({ client });
  }

  get client(): ApolloClient | null {
    return this.#client;
  }

  /** Loads Apollo Client once (a failed download is retried on the next call); the same promise every time. */
  load(): Promise<ApolloClient> {
    this.#pending ??= this.#loader!().then(
      (client) => {
        for (const [key, { query, variables }] of this.#read) {
          try {
            client.writeQuery({ query, variables, data: this.#snapshot.get(key) as never });
          } catch {
            // Not writable as it is: that query fetches instead.
          }
        }
        this.#client = client;
        for (const listener of [...this.#listeners]) listener();
        return client;
      },
      (err: unknown) => {
        this.#pending = null;
        throw err;
      },
    );
    return this.#pending;
  }

  /** Calls `listener` once Apollo Client has loaded. */
  onClient(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The server's result for a query, before Apollo Client has loaded (remembered for its cache). */
  serverResult(key: string, query: TypedDocumentNode<unknown, OperationVariables>, variables: OperationVariables): unknown {
    const data = this.#snapshot.get(key);
    // Without undefined values: writing `{ sort: undefined }` would file the result under no sort, where reading
    // (and Apollo's own queries) use the document's default.
    if (data !== undefined) this.#read.set(key, { query, variables: definedOnly(variables) });
    return data;
  }
}

/** Starts loading Apollo Client at the first sign that the shopper is about to use the page. */
export function loadOnFirstInteraction(shop: ShopData): void {
  const events = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;
  const go = () => {
    for (const type of events) window.removeEventListener(type, go, true);
    void shop.load().catch(() => undefined);
  };
  for (const type of events) window.addEventListener(type, go, { capture: true, passive: true });
}

const ShopDataContext = createContext<ShopData | null>(null);

export function ShopDataProvider({ value, children }: { value: ShopData; children: ReactNode }) {
  return <ShopDataContext value={value}>{children}</ShopDataContext>;
}

export function useShopData(): ShopData {
  const shop = useContext(ShopDataContext);
  if (!shop) throw new Error('useShopData: falta ShopDataProvider');
  return shop;
}

/** A query's identity: its operation and variables (key order and undefined values do not count). */
export function queryKey(query: TypedDocumentNode<unknown, never>, variables: object | undefined): string {
  const op = query.definitions.find((d) => (d.kind as string) === 'OperationDefinition');
  const name = op && 'name' in op ? op.name?.value : undefined;
  return `${name ?? '?'}:${stableJson(variables ?? {})}`;
}

function definedOnly<T extends object>(variables: T): T {
  return Object.fromEntries(Object.entries(variables).filter(([, v]) => v !== undefined)) as T;
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export interface ShopQueryOptions<TVariables> {
  variables?: TVariables;
  skip?: boolean;
  fetchPolicy?: 'cache-first' | 'cache-and-network' | 'network-only';
  errorPolicy?: 'none' | 'all';
}

interface Snapshot<TData> {
  data: TData | undefined;
  loading: boolean;
  error: Error | undefined;
}

export interface ShopQueryResult<TData, TVariables> extends Snapshot<TData> {
  /** The data of the previous variables (shown while the new ones load). */
  previousData: TData | undefined;
  /** The next page (a list field with a merge policy appends it). */
  fetchMore: (options: { variables: Partial<TVariables> }) => Promise<unknown>;
}

const SKIPPED: Snapshot<never> = { data: undefined, loading: false, error: undefined };
const LOADING: Snapshot<never> = { data: undefined, loading: true, error: undefined };

/** One query with one set of variables, read from the server's results or watched in Apollo Client. */
class QueryStore<TData, TVariables extends OperationVariables> {
  #snapshot: Snapshot<TData>;
  #observable: ObservableQuery<TData, TVariables> | null = null;
  readonly #fromServer: boolean;
  readonly shop: ShopData;
  readonly query: TypedDocumentNode<TData, TVariables>;
  readonly options: ShopQueryOptions<TVariables>;
  readonly key: string | null;

  constructor(shop: ShopData, query: TypedDocumentNode<TData, TVariables>, options: ShopQueryOptions<TVariables>, key: string | null) {
    this.shop = shop;
    this.query = query;
    this.options = options;
    this.key = key;
    const client = shop.client;
    const variables = (options.variables ?? {}) as TVariables;
    if (key === null) {
      this.#snapshot = SKIPPED;
      this.#fromServer = false;
    } else if (client && !shop.record) {
      this.#snapshot = this.#toSnapshot(this.#watch(client).getCurrentResult());
      this.#fromServer = false;
    } else if (client) {
      // The server render: what the route's loaders left in the cache, never the network (a loader that failed
      // left nothing: the page shows its loading state and the browser fetches).
      let data: TData | undefined;
      try {
        data = client.readQuery({ query, variables }) ?? undefined;
      } catch {
        data = undefined;
      }
      if (data !== undefined) shop.record![key] = data;
      this.#snapshot = data === undefined ? LOADING : { data, loading: false, error: undefined };
      this.#fromServer = true;
    } else {
      const data = shop.serverResult(key, query as TypedDocumentNode<unknown, OperationVariables>, variables) as TData | undefined;
      this.#snapshot = data === undefined ? LOADING : { data, loading: false, error: undefined };
      this.#fromServer = data !== undefined;
    }
  }

  #watch(client: ApolloClient): ObservableQuery<TData, TVariables> {
    this.#observable ??= client.watchQuery<TData, TVariables>({
      query: this.query,
      variables: (this.options.variables ?? {}) as TVariables,
      fetchPolicy: this.options.fetchPolicy ?? 'cache-first',
      errorPolicy: this.options.errorPolicy ?? 'none',
      notifyOnNetworkStatusChange: true,
    } as unknown as ApolloClient.WatchQueryOptions<TData, TVariables>);
    return this.#observable;
  }

  #toSnapshot(result: ObservableQuery.Result<TData>): Snapshot<TData> {
    const data = result.dataState === 'complete' || result.dataState === 'streaming' ? (result.data as TData) : undefined;
    const error = result.error as Error | undefined;
    const previous = this.#snapshot as Snapshot<TData> | undefined;
    if (previous && previous.data === data && previous.loading === result.loading && previous.error === error) return previous;
    return { data, loading: result.loading, error };
  }

  readonly getSnapshot = (): Snapshot<TData> => this.#snapshot;

  readonly subscribe = (notify: () => void): (() => void) => {
    if (this.key === null || this.shop.record) return () => undefined;
    let subscription: { unsubscribe(): void } | null = null;
    const attach = (client: ApolloClient) => {
      subscription = this.#watch(client).subscribe((result) => {
        const next = this.#toSnapshot(result);
        // Keeps the server's result on screen while Apollo Client re-reads it from its cache.
        if (next === this.#snapshot || (this.#fromServer && next.data === undefined && next.loading)) return;
        this.#snapshot = next;
        notify();
      });
    };
    let stopWaiting: (() => void) | null = null;
    if (this.shop.client) attach(this.shop.client);
    else {
      stopWaiting = this.shop.onClient(() => attach(this.shop.client!));
      if (!this.#fromServer) {
        this.shop.load().catch(() => {
          this.#snapshot = { data: undefined, loading: false, error: new Error('No se pudo cargar la tienda. Revisa tu conexión.') };
          notify();
        });
      }
    }
    return () => {
      stopWaiting?.();
      // Later, as Apollo Client's own hook does: a remount (StrictMode) keeps the query instead of restarting it.
      const current = subscription;
      setTimeout(() => current?.unsubscribe());
    };
  };

  readonly fetchMore = async (options: { variables: Partial<TVariables> }): Promise<unknown> => {
    const client = await this.shop.load();
    return this.#watch(client).fetchMore(options as never);
  };
}

/**
 * A storefront query: the server's result while Apollo Client has not loaded, Apollo Client's watched result
 * after (cache-first unless told otherwise). Pages that need Apollo Client's other hooks render in WithApollo.
 */
export function useShopQuery<TData, TVariables extends OperationVariables>(
  query: TypedDocumentNode<TData, TVariables>,
  options: ShopQueryOptions<TVariables> = {},
): ShopQueryResult<TData, TVariables> {
  const shop = useShopData();
  const key = options.skip ? null : queryKey(query as TypedDocumentNode<unknown, never>, options.variables);
  const { fetchPolicy, errorPolicy } = options;
  // A new store when the query, its variables or the policies change (options are read at creation).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const store = useMemo(() => new QueryStore(shop, query, options, key), [shop, query, key, fetchPolicy, errorPolicy]);
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const previous = useRef<{ store: unknown; data: TData | undefined; previousData: TData | undefined }>({ store, data: undefined, previousData: undefined });
  if (previous.current.store !== store) {
    previous.current = { store, data: undefined, previousData: previous.current.data ?? previous.current.previousData };
  }
  if (snapshot.data !== undefined) previous.current.data = snapshot.data;
  return { ...snapshot, previousData: previous.current.previousData, fetchMore: store.fetchMore };
}
