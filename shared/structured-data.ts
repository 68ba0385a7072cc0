import { BRAND } from './shop.js';
import type { PageHead } from './ssr-contract.js';

/**
 * schema.org JSON-LD of a page (Google's product and breadcrumb rich results): built on the server from what the
 * page declared while rendering, with absolute URLs.
 */
export function structuredData(head: PageHead, publicUrl: string): object[] {
  const abs = (path: string) => new URL(path, `${publicUrl}/`).toString();
  const out: object[] = [];
  const crumbs = head.structured?.breadcrumb;
  if (crumbs?.length) {
    out.push({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: crumbs.map((c, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        name: c.name,
        item: abs(c.path),
      })),
    });
  }
  const p = head.structured?.product;
  if (p) {
    out.push({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: p.name,
      description: p.description,
      sku: p.sku,
      category: p.category,
      brand: { '@type': 'Brand', name: BRAND },
      image: p.images.map(abs),
      url: abs(p.path),
      offers: {
        '@type': 'Offer',
        url: abs(p.path),
        priceCurrency: 'COP',
        // Integer pesos, IVA included.
        price: String(p.price),
        availability: p.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        itemCondition: 'https://schema.org/NewCondition',
        seller: { '@type': 'Organization', name: BRAND },
      },
    });
  }
  return out;
}
