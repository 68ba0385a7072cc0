import type { DataSource } from 'typeorm';
import { productPath, sitemapPagePaths } from '#shared/storefront-routes.js';

/** The sitemap's URLs (page heads are written by the server render, server/src/app/render). */
export class SeoService {
  constructor(private readonly ds: DataSource) {}

  /** Every public URL: static pages, listings (campaign pages only while on) and active products at their current slug. */
  async sitemapPaths(): Promise<string[]> {
    const [products, campaigns]: [
      Array<{ id: number; slug: string; categorySlug: string; collections: string[] }>,
      Array<{ path: string }>,
    ] = await Promise.all([
      this.ds.query(
        `SELECT id, slug, category_slug AS "categorySlug", collections FROM product WHERE active ORDER BY category_slug, position, id`,
      ),
      this.ds.query(`SELECT path FROM campaign WHERE NOT active`),
    ]);
    const off = new Set(campaigns.map((c) => c.path));
    return [...sitemapPagePaths().filter((p) => !off.has(p)), ...products.map((p) => productPath(p))];
  }
}
