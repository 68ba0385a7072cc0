import type { Express, Request, Response } from 'express';
import type { Env } from '../../config/env.js';
import { escapeHtml } from './html-head.js';
import { PRIVATE_PREFIXES } from '#shared/storefront-routes.js';
import type { SeoService } from './seo.service.js';

/** `/robots.txt` and `/sitemap.xml` (absolute URLs from PUBLIC_URL, read per request). */
export function mountSeoRoutes(app: Express, env: Env, seo: SeoService): void {
  app.get('/robots.txt', (_req: Request, res: Response) => {
    const lines = [
      'User-agent: *',
      'Allow: /',
      ...PRIVATE_PREFIXES.map((p) => `Disallow: ${p}`),
      '',
      `Sitemap: ${env.publicUrl}/sitemap.xml`,
      '',
    ];
    res.type('text/plain').setHeader('Cache-Control', 'public, max-age=3600');
    res.send(lines.join('\n'));
  });
  app.get('/sitemap.xml', async (_req: Request, res: Response) => {
    const paths = await seo.sitemapPaths();
    const urls = paths.map((p) => `  <url><loc>${escapeHtml(new URL(p, `${env.publicUrl}/`).toString())}</loc></url>`);
    res.type('application/xml').setHeader('Cache-Control', 'public, max-age=3600');
    res.send(
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
    );
  });
}
