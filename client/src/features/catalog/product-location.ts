import { CATEGORY_ROUTES, productPath } from '#shared/storefront-routes.js';

export type ProductLocationVerdict = { kind: 'ok' } | { kind: 'redirect'; to: string } | { kind: 'not-found' };

/**
 * Decides what a detail URL shows for a product: the page when it is the canonical URL,
 * a redirect when only the name slug (or the Halloween segment) is off or the product was moved
 * out of that category by staff (`formerCategories`), a 404 when it never lived there.
 */
export function checkProductLocation(
  pathname: string,
  product: {
    id: string;
    slug: string;
    category: { slug: string };
    collections: readonly string[];
    formerCategories?: readonly string[];
  },
): ProductLocationVerdict {
  const canonical = productPath(product);
  if (decodeURI(pathname) === canonical) return { kind: 'ok' };
  const prefix = `/${pathname.split('/')[1] ?? ''}`;
  const routeCategory = CATEGORY_ROUTES.find((r) => r.detailPrefix === prefix)?.slug;
  const known =
    routeCategory !== undefined &&
    (routeCategory === product.category.slug || (product.formerCategories ?? []).includes(routeCategory));
  return known ? { kind: 'redirect', to: canonical } : { kind: 'not-found' };
}
