/** Where each category lives in the storefront (spec §2 routes). */
export interface CategoryRoute {
  slug: string;
  listPath: string;
  /** Detail path prefix; `/arnes/:id/` has no name segment. */
  detailPrefix: string;
  withName: boolean;
}

export const CATEGORY_ROUTES: CategoryRoute[] = [
  { slug: 'collares', listPath: '/collares', detailPrefix: '/collares', withName: true },
  { slug: 'correas', listPath: '/correas', detailPrefix: '/correa', withName: true },
  { slug: 'arneses', listPath: '/arneses', detailPrefix: '/arnes', withName: false },
  { slug: 'bandanas', listPath: '/bandanas', detailPrefix: '/bandana', withName: true },
  { slug: 'pecheras', listPath: '/pecheras', detailPrefix: '/pechera', withName: true },
  { slug: 'pecheras-backpack', listPath: '/pecherasBackpack', detailPrefix: '/pechera_backpack', withName: true },
  { slug: 'chaquetas', listPath: '/chaquetas', detailPrefix: '/chaqueta', withName: true },
];

export function categoryRoute(slug: string): CategoryRoute | undefined {
  return CATEGORY_ROUTES.find((r) => r.slug === slug);
}

export function categoryPath(slug: string): string {
  return categoryRoute(slug)?.listPath ?? '/';
}

/** Canonical detail URL of a product (Halloween bandanas live under /bandana/halloween). */
export function productPath(p: { id: string; slug: string; category: { slug: string }; collections: readonly string[] }): string {
  const route = categoryRoute(p.category.slug);
  if (!route) return '/';
  if (p.category.slug === 'bandanas' && p.collections.includes('halloween')) return `/bandana/halloween/${p.id}/${p.slug}`;
  return route.withName ? `${route.detailPrefix}/${p.id}/${p.slug}` : `${route.detailPrefix}/${p.id}/`;
}
