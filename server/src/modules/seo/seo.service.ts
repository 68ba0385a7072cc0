import type { DataSource } from 'typeorm';
import {
  DEFAULT_DESCRIPTION,
  PAGES,
  pageTitle,
  parseProductPath,
  PRIVATE_PREFIXES,
  productPath,
  SEARCH_PATH,
  searchPageMeta,
  sitemapPagePaths,
  staticPageMeta,
} from '#shared/storefront-routes.js';

export interface PageMeta {
  status: number;
  /** Set when the URL should permanently move to its canonical form. */
  redirect?: string;
  title: string;
  description: string;
  /** Absolute canonical URL (omitted for private and missing pages). */
  canonical?: string;
  noindex: boolean;
  og?: { type: 'website' | 'product'; image?: string; price?: number };
}

interface ProductRow {
  id: number;
  slug: string;
  name: string;
  description: string;
  price: number;
  category_slug: string;
  collections: string[];
  image: string | null;
}

const NOT_FOUND: Omit<PageMeta, 'canonical'> = { status: 404, title: pageTitle(PAGES.notFound.title), description: PAGES.notFound.description, noindex: true };

function absolute(base: string, url: string): string {
  return new URL(url, `${base}/`).toString();
}

/** /buscar: «Resultados para «q»»; an empty search is not indexed (the client's search page says the same). */
function searchMeta(q: string | null, publicUrl: string): PageMeta {
  const meta = searchPageMeta(q);
  return { status: 200, title: pageTitle(meta.title), description: meta.description, canonical: meta.canonical ? absolute(publicUrl, meta.canonical) : undefined, noindex: meta.noindex ?? false };
}

/** Title, description, canonical and Open Graph data of a storefront URL, from the catalog. */
export class SeoService {
  constructor(private readonly ds: DataSource) {}

  /** `q`: the search text of /buscar. */
  async pageMeta(pathname: string, publicUrl: string, q: string | null = null): Promise<PageMeta> {
    if (pathname === SEARCH_PATH) return searchMeta(q, publicUrl);
    const isPrivate = PRIVATE_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
    const known = staticPageMeta(pathname);
    if (isPrivate) {
      return { status: 200, title: pageTitle(known?.title ?? 'Panel'), description: DEFAULT_DESCRIPTION, noindex: true };
    }
    if (known) {
      const image = known.listing ? await this.listingImage(known.listing) : await this.homeImage();
      return {
        status: 200,
        title: pageTitle(known.title),
        description: known.description,
        canonical: absolute(publicUrl, known.canonical ?? pathname),
        noindex: false,
        og: { type: 'website', image: image ? absolute(publicUrl, image) : undefined },
      };
    }
    const detail = parseProductPath(pathname);
    if (!detail) return NOT_FOUND;
    const product = await this.product(detail.id);
    if (!product || product.category_slug !== detail.category) return NOT_FOUND;
    const canonicalPath = productPath({ id: product.id, slug: product.slug, categorySlug: product.category_slug, collections: product.collections });
    const meta: PageMeta = {
      status: 200,
      title: pageTitle(product.name),
      description: `${product.name}: ${product.description}`.slice(0, 155),
      canonical: absolute(publicUrl, canonicalPath),
      noindex: false,
      og: { type: 'product', image: product.image ? absolute(publicUrl, product.image) : undefined, price: product.price },
    };
    let decoded = pathname;
    try {
      decoded = decodeURI(pathname);
    } catch {
      // Malformed escapes: treat as a wrong slug.
    }
    return decoded === canonicalPath ? meta : { ...meta, status: 301, redirect: canonicalPath };
  }

  private async product(id: number): Promise<ProductRow | null> {
    const rows: ProductRow[] = await this.ds.query(
      `SELECT p.id, p.slug, p.name, p.description, p.price, p.category_slug, p.collections,
              (SELECT i.url FROM product_image i WHERE i.product_id = p.id ORDER BY i.position LIMIT 1) AS image
         FROM product p WHERE p.id = $1 AND p.active`,
      [id],
    );
    return rows[0] ?? null;
  }

  private async listingImage(listing: { category?: string; collection?: string }): Promise<string | null> {
    const rows: { url: string }[] = await this.ds.query(
      `SELECT i.url FROM product p JOIN product_image i ON i.product_id = p.id
        WHERE p.active AND ($1::text IS NULL OR p.category_slug = $1) AND ($2::text IS NULL OR p.collections @> ARRAY[$2::text])
        ORDER BY p.position, p.id, i.position LIMIT 1`,
      [listing.category ?? null, listing.collection ?? null],
    );
    return rows[0]?.url ?? null;
  }

  private async homeImage(): Promise<string | null> {
    const rows: { url: string }[] = await this.ds.query(`SELECT url FROM media_asset WHERE storage_key LIKE 'home/banner-desktop-%' ORDER BY storage_key LIMIT 1`);
    return rows[0]?.url ?? null;
  }

  /** Every public URL: static pages, listings and active products. */
  async sitemapPaths(): Promise<string[]> {
    const products: Array<{ id: number; slug: string; category_slug: string; collections: string[] }> = await this.ds.query(
      `SELECT id, slug, category_slug, collections FROM product WHERE active ORDER BY category_slug, position, id`,
    );
    return [...sitemapPagePaths(), ...products.map((p) => productPath({ id: p.id, slug: p.slug, categorySlug: p.category_slug, collections: p.collections }))];
  }
}
