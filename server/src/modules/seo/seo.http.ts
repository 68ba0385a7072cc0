import fs from 'node:fs/promises';
import type { Express, Request, Response } from 'express';
import type { Env } from '../../config/env.js';
import { BRAND } from '#shared/shop.js';
import type { DocumentNode } from 'graphql';
import { escapeHtml, injectHead, injectLandingHints } from './html-head.js';
import { withTestShopNotice } from '../../common/test-shop-notice.js';
import { landingQuery, lcpImages, withTypename, type ClientAssets } from './landing-route.js';
import { CAMPAIGN_PREVIEW_PARAM, PRIVATE_PREFIXES } from '#shared/storefront-routes.js';
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

/** Executes a storefront query in-process (Apollo Server); null when it fails or returns errors. */
export type QueryRunner = (document: DocumentNode, variables: Record<string, unknown>) => Promise<Record<string, unknown> | null>;

export interface SpaRendererOptions {
  /** Route chunks, CSS and the loader from the Vite manifest (landing-route.ts readClientAssets). */
  clientAssets?: ClientAssets;
  /** Runs the landing route's first query so its result ships inside the HTML. */
  runQuery?: QueryRunner;
  /** Longest wait for that query before sending the page without it (the client then fetches it). */
  queryTimeoutMs?: number;
}

/**
 * Serves the SPA's index.html with the route's title, description, canonical and Open Graph
 * tags already in <head> (crawlers and link previews do not run JavaScript). Storefront routes (home, listings,
 * products) also get their chunk preloaded, the result of their first query embedded and their LCP image
 * preloaded, so the first render does not wait for a chain of requests.
 */
export function createSpaRenderer(env: Env, seo: SeoService, indexPath: string, options: SpaRendererOptions = {}) {
  let template: Promise<string> | null = null;
  const { clientAssets = { routes: {} }, runQuery, queryTimeoutMs = 1500 } = options;
  const typedDocuments = new Map<DocumentNode, DocumentNode>();

  async function landingData(req: Request) {
    const query = landingQuery(req.path);
    if (!query || !runQuery) return { query, data: null };
    let document = typedDocuments.get(query.document);
    if (!document) typedDocuments.set(query.document, (document = withTypename(query.document)));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), queryTimeoutMs);
    });
    try {
      const data = await Promise.race([runQuery(document, query.variables), timeout]);
      return { query, data };
    } catch (err) {
      req.log?.warn({ err }, 'seo: no se pudo incluir la consulta inicial de la ruta');
      return { query, data: null };
    } finally {
      clearTimeout(timer);
    }
  }

  return async function renderSpa(req: Request, res: Response): Promise<void> {
    // While payments are not real, every page says so (common/test-shop-notice.ts).
    template ??= fs.readFile(indexPath, 'utf8').then((html) => (env.paymentsAreReal ? html : withTestShopNotice(html)));
    const landing = landingData(req);
    const html = await template;
    let meta;
    try {
      const preview = req.query[CAMPAIGN_PREVIEW_PARAM];
      meta = await seo.pageMeta(req.path, env.publicUrl, { q: typeof req.query.q === 'string' ? req.query.q : null, previewToken: typeof preview === 'string' ? preview : null });
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
    let page = injectHead(html, meta, BRAND);
    const { query, data } = await landing;
    if (query && meta.status === 200) {
      const assets = clientAssets.routes[query.kind];
      page = injectLandingHints(page, {
        images: data ? lcpImages(query.kind, data) : [],
        scripts: assets?.scripts ?? [],
        styles: assets?.styles ?? [],
        initialData: data ? [{ operationName: query.operationName, variables: query.variables, data }] : [],
      });
    }
    res.status(meta.status).setHeader('Cache-Control', 'no-cache');
    res.type('html').send(page);
  };
}
