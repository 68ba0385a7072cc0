import { createHash } from 'node:crypto';
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

  /** `q`: the search text of /buscar; `previewToken`: a staff preview link's token (a switched-off campaign page then shows, never indexed). */
  async pageMeta(pathname: string, publicUrl: string, query: { q?: string | null; previewToken?: string | null } = {}): Promise<PageMeta> {
    const { q = null, previewToken = null } = query;
    if (pathname === SEARCH_PATH) return searchMeta(q, publicUrl);
    const isPrivate = PRIVATE_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
    const known = staticPageMeta(pathname);
    if (isPrivate) {
      return { status: 200, title: pageTitle(known?.title ?? 'Panel'), description: DEFAULT_DESCRIPTION, noindex: true };
    }
    if (known) {
      const campaign = known.listing?.collection ? await this.campaign(pathname, previewToken) : null;
      if (campaign === 'off') return NOT_FOUND;
      const image = known.listing ? await this.listingImage(known.listing) : await this.homeImage();
      return {
        status: 200,
        title: pageTitle(campaign?.title ?? known.title),
        description: campaign?.description ?? known.description,
        canonical: absolute(publicUrl, known.canonical ?? pathname),
        noindex: campaign?.preview ?? false,
        og: { type: 'website', image: image ? absolute(publicUrl, image) : undefined },
      };
    }
    const detail = parseProductPath(pathname);
    if (!detail) return NOT_FOUND;
    const product = await this.product(detail.id);
    if (!product || (product.category_slug !== detail.category && !(await this.livedIn(product.id, detail.category)))) return NOT_FOUND;
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

  /** Whether a product used to be in `category` (its old URLs there answer 301). */
  private async livedIn(productId: number, category: string): Promise<boolean> {
    const rows: unknown[] = await this.ds.query(`SELECT 1 FROM product_slug_history WHERE product_id = $1 AND category_slug = $2 LIMIT 1`, [productId, category]);
    return rows.length > 0;
  }

  /** A campaign page's title and description when it is on (or previewed with a valid token); 'off' otherwise; null when no campaign owns the path. */
  private async campaign(pathname: string, previewToken?: string | null): Promise<{ title: string; description: string; preview: boolean } | 'off' | null> {
    const rows: Array<{ title: string; description: string; active: boolean; preview_token_hash: string | null; preview_expires_at: Date | null }> = await this.ds.query(
      `SELECT title, description, active, preview_token_hash, preview_expires_at FROM campaign WHERE path = $1`,
      [pathname],
    );
    const c = rows[0];
    if (!c) return null;
    if (c.active) return { title: c.title, description: c.description, preview: false };
    const valid =
      previewToken && c.preview_token_hash && c.preview_expires_at && c.preview_expires_at > new Date() && createHash('sha256').update(previewToken).digest('hex') === c.preview_token_hash;
    return valid ? { title: c.title, description: c.description, preview: true } : 'off';
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
    const rows: { url: string }[] = await this.ds.query(
      `SELECT m.url FROM home_slide s JOIN media_asset m ON m.storage_key = s.desktop_image_key
        WHERE s.active AND (s.starts_at IS NULL OR s.starts_at <= now()) AND (s.ends_at IS NULL OR s.ends_at > now())
        ORDER BY s.position, s.id LIMIT 1`,
    );
    return rows[0]?.url ?? null;
  }

  /** Every public URL: static pages, listings (campaign pages only while on) and active products at their current slug. */
  async sitemapPaths(): Promise<string[]> {
    const [products, campaigns]: [Array<{ id: number; slug: string; category_slug: string; collections: string[] }>, Array<{ path: string }>] = await Promise.all([
      this.ds.query(`SELECT id, slug, category_slug, collections FROM product WHERE active ORDER BY category_slug, position, id`),
      this.ds.query(`SELECT path FROM campaign WHERE NOT active`),
    ]);
    const off = new Set(campaigns.map((c) => c.path));
    return [...sitemapPagePaths().filter((p) => !off.has(p)), ...products.map((p) => productPath({ id: p.id, slug: p.slug, categorySlug: p.category_slug, collections: p.collections }))];
  }
}
