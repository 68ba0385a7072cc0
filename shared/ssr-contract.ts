/**
 * The contract between the server-side render bundle (client/src/entry-server.tsx, built by `vite build --ssr`
 * into dist/ssr) and the server that loads it at run time (server/src/app/render): types and a few names.
 */

/**
 * The first script of a server-rendered page (client/src/start/page-start.ts), written by the client build beside its
 * manifest (in dist/client, not served as a file): the server inlines it in each page's head.
 */
export const PAGE_START_FILE = '.vite/page-start.js';

/** What a page declares about itself while it renders (useDocumentMeta on the server). */
export interface PageHead {
  /** Page title without the brand (`pageTitle` adds it). */
  title?: string;
  description?: string;
  noindex?: boolean;
  /** Path of the canonical URL (the server makes it absolute with PUBLIC_URL). */
  canonicalPath?: string;
  /** Open Graph (link previews): image path or URL, and the price on product pages. */
  og?: { type: 'website' | 'product'; image?: string; price?: number };
  /** schema.org data, turned into JSON-LD by the server (shared/structured-data.ts). */
  structured?: {
    breadcrumb?: { name: string; path: string }[];
    product?: {
      name: string;
      description: string;
      path: string;
      images: string[];
      price: number;
      inStock: boolean;
      sku: string;
      category: string;
    };
  };
}

/** One GraphQL result as the in-process executor answers it. */
export interface ExecutionResultLike {
  data?: Record<string, unknown> | null;
  errors?: ReadonlyArray<{ message: string; extensions?: Record<string, unknown> }>;
}

export interface RenderRequest {
  /** Path and query of the request (`/collares?utm_source=x`). */
  url: string;
  /** Runs a storefront query in-process (same schema and resolvers as POST /graphql). */
  execute: (
    query: string,
    variables: Record<string, unknown>,
    operationName: string | undefined,
  ) => Promise<ExecutionResultLike>;
}

/** A rendered page: the server writes its head, the body, then the data for hydration. */
export interface RenderedPage {
  kind: 'page';
  status: number;
  head: PageHead;
  /** Source modules (Vite manifest keys) whose chunks and CSS the page needs. */
  modules: string[];
  /** The app's HTML (what goes inside `<div id="root">`). */
  html: string;
  /** The query results the render read, by query key (embedded for hydration: client/src/lib/shop-data.tsx). */
  state: Record<string, unknown>;
  /** A route's data failed to load: the page shows its error state and must not be cached. */
  failed: boolean;
}

export type RenderResult =
  | RenderedPage
  | { kind: 'redirect'; status: 301 | 302; location: string }
  /** Checkout, receipt, sandbox and staff pages render in the browser only. */
  | { kind: 'client-only'; head: PageHead; modules: string[] };

export interface SsrEntry {
  render(request: RenderRequest): Promise<RenderResult>;
}

/** Id of the `<script type="application/json">` that carries the render's query results to the browser. */
export const QUERY_RESULTS_ELEMENT_ID = 'enzo-query-results';

/**
 * `<meta name=… content="/assets/a.js /assets/b.js">` on a server-rendered page: the route's JavaScript chunks, which
 * the browser entry preloads once the markup has been painted (a `modulepreload` link would compete with the
 * page's first paint and its images on a slow phone connection).
 */
export const ROUTE_CHUNKS_META = 'enzo-route-chunks';
