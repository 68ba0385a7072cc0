import { useMemo, useRef, useSyncExternalStore } from 'react';
import type { ApolloClient, ObservableQuery, OperationVariables } from '@apollo/client';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { useShopData, type ShopData } from './shop-data';
import { queryKey, sameData } from './query-key';

export interface ShopQueryOptions<TVariables> {
  variables?: TVariables;
  skip?: boolean;
  /** `all`: data with errors (a field that failed leaves the others); by default an error replaces the data. */
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
const DOWNLOAD_FAILED = 'No se pudo cargar la tienda. Revisa tu conexión.';

/** One query with one set of variables: the server's result until Apollo Client has loaded, watched in it after. */
class QueryStore<TData, TVariables extends OperationVariables> {
  readonly #shop: ShopData;
  readonly #query: TypedDocumentNode<TData, TVariables>;
  readonly #variables: TVariables;
  readonly #errorPolicy: 'none' | 'all';
  readonly #skipped: boolean;
  /** Shown from the server's result: kept on screen while Apollo Client re-reads it from its cache. */
  readonly #fromServer: boolean;
  /** The server's result this store started from (until Apollo Client brings other data). */
  readonly #serverData: TData | undefined;
  #snapshot: Snapshot<TData>;
  #observable: ObservableQuery<TData, TVariables> | null = null;

  constructor(
    shop: ShopData,
    query: TypedDocumentNode<TData, TVariables>,
    options: ShopQueryOptions<TVariables>,
    key: string | null,
  ) {
    this.#shop = shop;
    this.#query = query;
    this.#variables = (options.variables ?? {}) as TVariables;
    this.#errorPolicy = options.errorPolicy ?? 'none';
    this.#skipped = key === null;
    const client = shop.client;
    if (key === null) {
      this.#snapshot = SKIPPED;
      this.#fromServer = false;
    } else if (client) {
      shop.adoptServerResult(client, key, query as TypedDocumentNode<unknown, OperationVariables>, this.#variables);
      this.#snapshot = this.#toSnapshot(this.#watch(client).getCurrentResult());
      this.#fromServer = false;
    } else {
      const data = shop.initialResult(key, query as TypedDocumentNode<unknown, OperationVariables>, this.#variables) as
        TData | undefined;
      this.#snapshot = data === undefined ? LOADING : { data, loading: false, error: undefined };
      this.#fromServer = data !== undefined;
      this.#serverData = data;
    }
  }

  #watch(client: ApolloClient): ObservableQuery<TData, TVariables> {
    this.#observable ??= client.watchQuery<TData, TVariables>({
      query: this.#query,
      variables: this.#variables,
      fetchPolicy: 'cache-first',
      errorPolicy: this.#errorPolicy,
      notifyOnNetworkStatusChange: true,
    } as unknown as ApolloClient.WatchQueryOptions<TData, TVariables>);
    return this.#observable;
  }

  #toSnapshot(result: ObservableQuery.Result<TData>): Snapshot<TData> {
    const data =
      result.dataState === 'complete' || result.dataState === 'streaming' ? (result.data as TData) : undefined;
    const error = result.error as Error | undefined;
    const previous = this.#snapshot as Snapshot<TData> | undefined;
    if (previous && previous.data === data && previous.loading === result.loading && previous.error === error)
      return previous;
    return { data, loading: result.loading, error };
  }

  readonly getSnapshot = (): Snapshot<TData> => this.#snapshot;

  readonly subscribe = (notify: () => void): (() => void) => {
    if (this.#skipped || this.#shop.isServer) return () => undefined;
    let subscription: { unsubscribe(): void } | null = null;
    const attach = (client: ApolloClient) => {
      subscription = this.#watch(client).subscribe((result) => {
        const next = this.#toSnapshot(result);
        if (next === this.#snapshot || (this.#fromServer && next.data === undefined && next.loading)) return;
        // Apollo Client reading the server's result back from its cache: the same data, so the same snapshot. A new
        // object would re-render its readers, and a context that changes while part of the page is still the
        // server's markup (its code downloading) makes React throw that markup away for the fallback: the page
        // blanks and taps recorded on it are lost.
        const shown = this.#snapshot;
        const reread = this.#fromServer && shown.data === this.#serverData && !next.loading && !next.error;
        if (reread && sameData(next.data, shown.data)) return;
        this.#snapshot = next;
        notify();
      });
    };
    let stopWaiting: (() => void) | null = null;
    const client = this.#shop.client;
    if (client) attach(client);
    else {
      stopWaiting = this.#shop.onClient(() => attach(this.#shop.client!));
      if (!this.#fromServer) {
        this.#shop.load().catch(() => {
          this.#snapshot = { data: undefined, loading: false, error: new Error(DOWNLOAD_FAILED) };
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
    const client = await this.#shop.load();
    return this.#watch(client).fetchMore(options as never);
  };
}

/**
 * A storefront query (cache-first): the server's result while Apollo Client has not loaded, Apollo Client's
 * watched result after (lib/shop-data.tsx). Pages that need Apollo Client's other hooks render in WithApollo.
 */
export function useShopQuery<TData, TVariables extends OperationVariables>(
  query: TypedDocumentNode<TData, TVariables>,
  options: ShopQueryOptions<TVariables> = {},
): ShopQueryResult<TData, TVariables> {
  const shop = useShopData();
  const key = options.skip ? null : queryKey(query as TypedDocumentNode<unknown, never>, options.variables);
  const { errorPolicy } = options;
  // A new store when the query, its variables or the error policy change (options are read at creation).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const store = useMemo(() => new QueryStore(shop, query, options, key), [shop, query, key, errorPolicy]);
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const previous = useRef<{ store: unknown; data: TData | undefined; previousData: TData | undefined }>({
    store,
    data: undefined,
    previousData: undefined,
  });
  if (previous.current.store !== store) {
    previous.current = { store, data: undefined, previousData: previous.current.data ?? previous.current.previousData };
  }
  if (snapshot.data !== undefined) previous.current.data = snapshot.data;
  return { ...snapshot, previousData: previous.current.previousData, fetchMore: store.fetchMore };
}
