import { createContext, useContext, type ReactNode } from 'react';
import type { ApolloClient, OperationVariables } from '@apollo/client';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { definedOnly } from './query-key';

type AnyDocument = TypedDocumentNode<unknown, OperationVariables>;

/** The server render's query results by query key (lib/server-queries.ts). */
export interface ServerResults {
  read(key: string): unknown;
}

/**
 * Where the storefront's queries get their data (read through useShopQuery: use-shop-query.ts). On a
 * server-rendered page the browser hydrates from the results the server's render read (a JSON block in the page),
 * without Apollo Client: Apollo Client and its cache are the largest part of a phone's first load
 * (tests/bench/README.md) and the page needs none of it to be read and to take taps. Apollo Client loads at the shopper's first interaction (a tap, a
 * key), when a query needs the network (a page or filter the server did not render) and when a page that uses it
 * directly opens (cart, checkout, staff: with-apollo.tsx); start/load-apollo.ts says when. It then starts from the server's results (written into
 * its cache) and every query watches it.
 */
export class ShopData {
  #client: ApolloClient | null;
  #pending: Promise<ApolloClient> | null;
  readonly #loader: (() => Promise<ApolloClient>) | null;
  /** The server render's results: its route loaders ran the queries the render's components read once. */
  readonly #server: ServerResults | null;
  /** On the server, what the render read; in the browser, the server's results (until Apollo Client loads). */
  readonly #results: Map<string, unknown>;
  /** Server results the page's queries read, with their documents (written into Apollo's cache on load). */
  readonly #read = new Map<string, { query: AnyDocument; variables: OperationVariables }>();
  readonly #listeners = new Set<() => void>();

  private constructor(options: {
    client?: ApolloClient;
    loader?: () => Promise<ApolloClient>;
    results?: Record<string, unknown>;
    server?: ServerResults;
  }) {
    this.#client = options.client ?? null;
    this.#pending = options.client ? Promise.resolve(options.client) : null;
    this.#loader = options.loader ?? null;
    this.#server = options.server ?? null;
    this.#results = new Map(Object.entries(options.results ?? {}));
  }

  /** The server render: queries read what the route's loaders ran (server-queries.ts) and are recorded. */
  static server(results: ServerResults): ShopData {
    return new ShopData({ server: results });
  }

  /** The browser: the server's results first, Apollo Client from `loader` when needed. */
  static browser(results: Record<string, unknown>, loader: () => Promise<ApolloClient>): ShopData {
    return new ShopData({ results, loader });
  }

  /** A client that is already there (component tests, pages the browser renders). */
  static withClient(client: ApolloClient): ShopData {
    return new ShopData({ client });
  }

  /** Apollo Client once the browser has it (queries then watch it); null before, and during the server render. */
  get client(): ApolloClient | null {
    return this.#client;
  }

  get isServer(): boolean {
    return this.#server !== null;
  }

  /** What the server render read, by query key (sent to the browser for hydration). */
  recorded(): Record<string, unknown> {
    return Object.fromEntries(this.#results);
  }

  /**
   * A query's result before any watching: on the server what the route's loaders read (never the network; a
   * loader that failed left nothing, and the page shows its loading state), recorded for the browser; in the
   * browser, before Apollo Client has loaded, the server's result (remembered for Apollo's cache).
   */
  initialResult(key: string, query: AnyDocument, variables: OperationVariables): unknown {
    if (this.#server) {
      const data = this.#server.read(key);
      if (data !== undefined) this.#results.set(key, data);
      return data;
    }
    const data = this.#results.get(key);
    if (data !== undefined) this.#read.set(key, { query, variables: definedOnly(variables) });
    return data;
  }

  /**
   * Once Apollo Client has loaded: a server result that no query had read yet goes into its cache before the
   * query first watches it. A part of the page can hydrate after Apollo Client loaded (a query elsewhere on the page
   * needed the network, or the shopper's first tap loaded it): it must still render the server's result, not a
   * loading state (a hydration mismatch: React would throw the server's markup away and render it again).
   */
  adoptServerResult(client: ApolloClient, key: string, query: AnyDocument, variables: OperationVariables): void {
    if (!this.#results.has(key) || this.#read.has(key)) return;
    const vars = definedOnly(variables);
    this.#read.set(key, { query, variables: vars });
    try {
      client.writeQuery({ query, variables: vars, data: this.#results.get(key) as never });
    } catch {
      // Not writable as it is: that query fetches instead.
    }
  }

  /** Loads Apollo Client once (a failed download is retried on the next call); the same promise every time. */
  load(): Promise<ApolloClient> {
    const loader = this.#loader;
    if (!this.#pending && !loader)
      return Promise.reject(new Error('ShopData: Apollo Client no se carga en el render del servidor'));
    this.#pending ??= loader!().then(
      (client) => {
        for (const [key, { query, variables }] of this.#read) {
          try {
            client.writeQuery({ query, variables, data: this.#results.get(key) as never });
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
