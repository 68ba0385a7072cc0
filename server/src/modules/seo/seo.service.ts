import type { DataSource } from 'typeorm';
import { productPath, sitemapPagePaths } from '#shared/storefront-routes.js';

/** The sitemap's URLs (page heads are written by the server render, server/src/app/render). */
export class SeoService {
  constructor(private readonly ds: DataSource) {}

  /** Every public URL: static pages, listings and active products. */
  async sitemapPaths(): Promise<string[]> {
    const products: Array<{ id: number; slug: string; category_slug: string; collections: string[] }> = await this.ds.query(
      `SELECT id, slug, category_slug, collections FROM product WHERE active ORDER BY category_slug, position, id`,
    );
    return [...sitemapPagePaths(), ...products.map((p) => productPath({ id: p.id, slug: p.slug, categorySlug: p.category_slug, collections: p.collections }))];
  }
}
