import fs from 'node:fs';
import path from 'node:path';
import { QUERY_RESULTS_ELEMENT_ID, ROUTE_CHUNKS_META, type PageHead } from '#shared/ssr-contract.js';
import { withTestShopNotice } from '../../common/test-shop-notice.js';
import { ClientAssets, type PageStartScript, type RouteAssets } from './client-assets.js';
import { escapeHtml, headTags, jsonForScript } from './head-tags.js';

const ROOT = '<div id="root"></div>';

export interface PageDocumentOptions {
  clientDist: string;
  /** Read per page (with PORT=0 it is known only once the server listens). */
  publicUrl: () => string;
  /** Payments are not real: every page starts with the test-shop notice. */
  testShopNotice?: boolean;
  /** The first script of a server-rendered page (readPageStart); without it pages load index.html's entry. */
  pageStart?: PageStartScript | null;
}

/**
 * The HTML around a page's markup, from index.html of the client build: the page's head, the route's stylesheets
 * (inlined) and chunks before `#root`, the query results for hydration after it. `rendered`: the page carries
 * server-rendered markup (its scripts load once it is painted); otherwise the browser renders it.
 */
export function createPageDocument({
  clientDist,
  publicUrl,
  testShopNotice = false,
  pageStart = null,
}: PageDocumentOptions) {
  const css = new Map<string, string>();
  /** A stylesheet of the build, inlined: no render-blocking request before the first paint (a few KB each). */
  const inlineStyle = (href: string) => {
    let text = css.get(href);
    if (text === undefined) {
      try {
        text = fs.readFileSync(path.join(clientDist, href), 'utf8').replace(/<\/style/gi, '<\\/style');
        // Relative url() would resolve against the page instead of /assets/: keep such a sheet as a link.
        if (/url\(\s*(?!['"]?(?:data:|https?:|\/))/i.test(text)) text = '';
      } catch {
        text = '';
      }
      css.set(href, text);
    }
    const link = `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}"`;
    // The disabled link is neither fetched nor parsed; it tells Vite's chunk loader that the sheet is already on
    // the page, so hydration does not load it again (the inline copy applies to every medium, print included).
    return text ? `<style>${text}</style>${link} disabled />` : `${link} />`;
  };
  const html = fs.readFileSync(path.join(clientDist, 'index.html'), 'utf8');
  // While payments are not real, every page says so first thing (common/test-shop-notice.ts).
  const browserTemplate = (testShopNotice ? withTestShopNotice(html) : html)
    // The page writes its own title and description.
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+name="description"[^>]*>\s*/i, '')
    .replace(/<link rel="stylesheet" crossorigin href="([^"]+)">/g, (_m, href: string) => inlineStyle(href));
  const assets = new ClientAssets(clientDist);
  // A server-rendered page fetches no script before it is painted: its first script, inlined, imports the entry
  // afterwards (client/src/start/page-start.ts), so index.html's entry tags go.
  const renderedTemplate =
    pageStart && assets.entry
      ? [assets.entry.file, ...assets.entry.imports].reduce(
          (tpl, file) =>
            tpl
              .replace(`<script type="module" crossorigin src="${file}"></script>`, '')
              .replace(`<link rel="modulepreload" crossorigin href="${file}">`, ''),
          browserTemplate,
        )
      : browserTemplate;
  const layoutOf = (template: string) => {
    const rootAt = template.indexOf(ROOT);
    if (rootAt < 0) throw new Error('index.html no tiene <div id="root"></div>');
    return { template, rootAt, headEnd: template.search(/<\/head>/i) };
  };
  const layouts = { rendered: layoutOf(renderedTemplate), browser: layoutOf(browserTemplate) };

  /**
   * A server-rendered page starts with its first script inlined, which fetches the entry and the chunks listed
   * here once the page is painted (client/src/start/page-start.ts); a page rendered in the browser only needs them at once.
   */
  function scriptTags(scripts: string[], rendered: boolean): string[] {
    if (!rendered || !pageStart || !assets.entry)
      return scripts.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`);
    // Runs while the page is still being read: taps before hydration are kept.
    return [
      `<script data-entry="${escapeHtml(assets.entry.file)}">${pageStart.code}</script>`,
      `<meta name="${ROUTE_CHUNKS_META}" content="${escapeHtml([...assets.entry.imports, ...scripts].join(' '))}" />`,
    ];
  }

  function documentStart(head: PageHead, routeAssets: RouteAssets, rendered: boolean): string {
    const { template, headEnd, rootAt } = rendered ? layouts.rendered : layouts.browser;
    const extra = [
      headTags(head, publicUrl()),
      ...scriptTags(routeAssets.scripts, rendered),
      // After the entry's stylesheet, as Vite appends a lazily loaded chunk's CSS (same cascade order).
      ...routeAssets.styles.map(inlineStyle),
    ].join('\n    ');
    return `${template.slice(0, headEnd)}  ${extra}\n  ${template.slice(headEnd, rootAt)}<div id="root">`;
  }
  // A page that read no query (a policy page) sends no results block.
  const documentEnd = (state: Record<string, unknown>, rendered: boolean) => {
    const { template, rootAt } = rendered ? layouts.rendered : layouts.browser;
    return `</div>${Object.keys(state).length > 0 ? `<script type="application/json" id="${QUERY_RESULTS_ELEMENT_ID}">${jsonForScript(state)}</script>` : ''}${template.slice(rootAt + ROOT.length)}`;
  };

  return { assets, documentStart, documentEnd };
}
