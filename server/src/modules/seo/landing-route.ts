import fs from 'node:fs';
import path from 'node:path';
import { Kind, visit, type DocumentNode, type FieldNode } from 'graphql';
// The very documents the client sends (generated from client/src by codegen), so the embedded results have
// exactly the shape its cache expects.
// Stop-gap until the storefront is server-rendered (issue 15), which removes this file.
// eslint-disable-next-line import-x/no-restricted-paths
import { HomeMediaDocument } from '../../../../client/src/features/home/home.generated.js';
// eslint-disable-next-line import-x/no-restricted-paths
import { CategoryListingDocument, ProductDetailDocument } from '../../../../client/src/features/catalog/catalog.generated.js';
import { parseProductPath, staticPageMeta } from '#shared/storefront-routes.js';

/**
 * What the HTML of a storefront URL can carry so that the page does not wait for JS → GraphQL → image:
 * `modulepreload` for the route's chunk, its stylesheet, the result of its first query (embedded as JSON and
 * written into the Apollo cache before the first render, client/src/lib/initial-data.ts) and a high-priority
 * preload of its LCP image.
 */


/** Route chunks by the source module that app/routes lazy-loads (client/src/app/routes.tsx). */
const ROUTE_MODULES = {
  home: 'src/features/home/routes.tsx',
  listing: 'src/features/catalog/routes.ts',
  product: 'src/app/product-page.tsx',
} as const;

type RouteKind = keyof typeof ROUTE_MODULES;

export interface LandingQuery {
  kind: RouteKind;
  operationName: string;
  document: DocumentNode;
  variables: Record<string, unknown>;
}

/** The first query of a storefront URL, with the variables the client uses (null for other pages). */
export function landingQuery(pathname: string): LandingQuery | null {
  if (pathname === '/' || pathname === '/about') {
    return { kind: 'home', operationName: 'HomeMedia', document: HomeMediaDocument, variables: {} };
  }
  const listing = staticPageMeta(pathname)?.listing;
  if (listing) {
    // Page size and sort come from the document's defaults (as on the client); undefined variables are left out,
    // as the client's cache key leaves them out.
    const variables: Record<string, unknown> = {};
    if (listing.category) variables.category = listing.category;
    if (listing.collection) variables.collection = listing.collection;
    return { kind: 'listing', operationName: 'CategoryListing', document: CategoryListingDocument, variables };
  }
  const product = parseProductPath(pathname);
  if (product) return { kind: 'product', operationName: 'ProductDetail', document: ProductDetailDocument, variables: { id: String(product.id) } };
  return null;
}

const TYPENAME: FieldNode = { kind: Kind.FIELD, name: { kind: Kind.NAME, value: '__typename' } };

/** Adds `__typename` to every selection set but the operation's root, as Apollo's cache does before sending. */
export function withTypename(document: DocumentNode): DocumentNode {
  return visit(document, {
    SelectionSet(node, _key, parent) {
      if (parent && !Array.isArray(parent) && (parent as { kind?: string }).kind === Kind.OPERATION_DEFINITION) return undefined;
      if (node.selections.some((s) => s.kind === Kind.FIELD && s.name.value === '__typename')) return undefined;
      return { ...node, selections: [...node.selections, TYPENAME] };
    },
  });
}

interface ImageHint {
  url: string;
  media?: string;
}

/** The image that will be the largest paint of the route (first banner, first listed product, product photo). */
export function lcpImages(kind: RouteKind, data: Record<string, unknown>): ImageHint[] {
  const first = (list: unknown): string | undefined => {
    const item = Array.isArray(list) ? (list[0] as { url?: unknown } | undefined) : undefined;
    return typeof item?.url === 'string' ? item.url : undefined;
  };
  if (kind === 'home') {
    const slide = (data.homeMedia as { slides?: Array<{ mobileImage?: { url?: unknown }; desktopImage?: { url?: unknown } }> } | undefined)?.slides?.[0];
    const mobile = typeof slide?.mobileImage?.url === 'string' ? slide.mobileImage.url : undefined;
    const desktop = typeof slide?.desktopImage?.url === 'string' ? slide.desktopImage.url : undefined;
    // Same breakpoint as DESKTOP_QUERY in client/src/features/home/use-media-query.ts.
    return [...(mobile ? [{ url: mobile, media: '(max-width: 899.98px)' }] : []), ...(desktop ? [{ url: desktop, media: '(min-width: 900px)' }] : [])];
  }
  if (kind === 'listing') {
    const edges = (data.products as { edges?: { node?: { images?: unknown } }[] } | undefined)?.edges;
    const url = first(edges?.[0]?.node?.images);
    return url ? [{ url }] : [];
  }
  const url = first((data.product as { images?: unknown } | undefined)?.images);
  return url ? [{ url }] : [];
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

export interface RouteAssets {
  scripts: string[];
  styles: string[];
}

export interface ClientAssets {
  routes: Partial<Record<RouteKind, RouteAssets>>;
}

/** Reads the Vite manifest once: each route's chunk, its static imports and its CSS beyond what index.html loads. */
export function readClientAssets(clientDist: string): ClientAssets {
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(clientDist, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    return { routes: {} };
  }
  const closure = (key: string, seen: Set<string>) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) closure(dep, seen);
  };
  const entry = new Set<string>();
  closure('index.html', entry);
  const out: Partial<Record<RouteKind, RouteAssets>> = {};
  for (const [kind, key] of Object.entries(ROUTE_MODULES) as [RouteKind, string][]) {
    if (!manifest[key]) continue;
    const own = new Set<string>();
    closure(key, own);
    const chunks = [...own].filter((k) => !entry.has(k));
    out[kind] = {
      scripts: chunks.map((k) => `/${manifest[k]!.file}`),
      styles: [...new Set(chunks.flatMap((k) => manifest[k]!.css ?? []))].map((f) => `/${f}`),
    };
  }
  return { routes: out };
}
