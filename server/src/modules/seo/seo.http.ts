import fs from 'node:fs/promises';
import type { Express, Request, Response } from 'express';
import type { Env } from '../../config/env.js';
import { BRAND } from '../../config/shop.js';
import { escapeHtml, injectHead } from './html-head.js';
import { PRIVATE_PREFIXES } from './seo-routes.js';
import type { SeoService } from './seo.service.js';

/** `/robots.txt` and `/sitemap.xml` (absolute URLs from PUBLIC_URL, read per request). */
export function mountSeoRoutes(app: Express, env: Env, seo: SeoService): void {
  app.get('/robots.txt', (_req: Request, res: Response) => {
    const lines = ['User-agent: *', 'Allow: /', ...PRIVATE_PREFIXES.map((p) => `Disallow: ${p}`), '', `Sitemap: ${env.publicUrl}/sitemap.xml`, ''];
    res.type('text/plain').setHeader('Cache-Control', 'public, max-age=3600');
    res.send(lines.join('\n'));
  });
  app.get('/sitemap.xml', async (_req: Request, res: Response) => {
    const paths = await seo.sitemapPaths();
    const urls = paths.map((p) => `  <url><loc>${escapeHtml(new URL(p, `${env.publicUrl}/`).toString())}</loc></url>`);
    res.type('application/xml').setHeader('Cache-Control', 'public, max-age=3600');
    res.send(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`);
  });
}

/**
 * Serves the SPA's index.html with the route's title, description, canonical and Open Graph
 * tags already in <head> (crawlers and link previews do not run JavaScript).
 */
export function createSpaRenderer(env: Env, seo: SeoService, indexPath: string) {
  let template: Promise<string> | null = null;
  return async function renderSpa(req: Request, res: Response): Promise<void> {
    template ??= fs.readFile(indexPath, 'utf8');
    const html = await template;
    let meta;
    try {
      meta = await seo.pageMeta(req.path, env.publicUrl);
    } catch (err) {
      // The page still works without its tags: the client sets them after loading.
      req.log?.error({ err }, 'seo: no se pudieron calcular las etiquetas de la ruta');
      res.status(200).setHeader('Cache-Control', 'no-cache');
      res.type('html').send(html);
      return;
    }
    if (meta.redirect) {
      const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
      res.redirect(301, `${meta.redirect}${query}`);
      return;
    }
    res.status(meta.status).setHeader('Cache-Control', 'no-cache');
    res.type('html').send(injectHead(html, meta, BRAND));
  };
}
