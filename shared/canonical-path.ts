import { LISTING_PAGES, PAGE_PATHS, parseProductPath } from './storefront-routes.js';

/**
 * Shared links are typed by people: `/chaquetas/`, `/COLLARES`, `//collares`. Each fixed page has one
 * spelling (the route table's); a variant of it moves there permanently (server: 301 before rendering;
 * browser: replaced in the address bar). Product URLs only get their case fixed here: the product page
 * itself moves a wrong slug or a trailing slash to the product's canonical path.
 */
const FIXED_PATHS = new Map(
  [...LISTING_PAGES.map((l) => l.path), ...Object.values(PAGE_PATHS)].map((p) => [p.toLowerCase(), p]),
);

/** The canonical path when `pathname` is a variant of a known one, else null (already canonical, or unknown). */
export function canonicalPathFor(pathname: string): string | null {
  if (!pathname.startsWith('/') || pathname === '/') return null;
  const collapsed = pathname.replace(/\/{2,}/g, '/');
  const trimmed = collapsed.length > 1 ? collapsed.replace(/\/$/, '') || '/' : collapsed;
  const fixed = FIXED_PATHS.get(trimmed.toLowerCase());
  if (fixed !== undefined) return fixed === pathname ? null : fixed;
  if (parseProductPath(collapsed)) return collapsed === pathname ? null : collapsed;
  const lower = collapsed.toLowerCase();
  if (lower !== pathname && parseProductPath(lower)) return lower;
  return null;
}
