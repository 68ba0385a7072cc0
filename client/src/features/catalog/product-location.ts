import { CATEGORY_ROUTES, productPath } from '#shared/storefront-routes.js';

export type ProductLocationVerdict = { kind: 'ok' } | { kind: 'redirect'; to: string } | { kind: 'not-found' };

/**
 * Decides what a detail URL shows for a product: the page when it is the canonical URL,
 * a redirect when only the name slug (or the Halloween segment) is off, a 404 when the
 * product belongs to another category's route.
 */
export function checkProductLocation(
  pathname: string,
  product: { id: string; slug: string; category: { slug: string }; collections: readonly string[] },
): ProductLocationVerdict {
  const canonical = productPath(product);
  if (decodeURI(pathname) === canonical) return { kind: 'ok' };
  const prefix = `/${pathname.split('/')[1] ?? ''}`;
  const routeCategory = CATEGORY_ROUTES.find((r) => r.detailPrefix === prefix)?.slug;
  return routeCategory === product.category.slug ? { kind: 'redirect', to: canonical } : { kind: 'not-found' };
}
