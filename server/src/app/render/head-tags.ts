import { BRAND } from '#shared/shop.js';
import { DEFAULT_DESCRIPTION, pageTitle } from '#shared/storefront-routes.js';
import { structuredData } from '#shared/structured-data.js';
import type { PageHead } from '#shared/ssr-contract.js';

import { escapeHtml } from '../../modules/seo/html-head.js';

export { escapeHtml };

const JSON_SCRIPT_ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  "'": '\\u0027',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/** JSON safe inside a <script> element: no markup characters (so no `</script>` or `<!--`), quotes or U+2028/2029. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&'\u2028\u2029]/g, (c) => JSON_SCRIPT_ESCAPES[c]!);
}

function metaTag(attr: 'name' | 'property', key: string, content: string): string {
  return `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;
}

/**
 * The page's <head> tags from what it declared while rendering: title, description, robots, canonical, Open
 * Graph (WhatsApp and social previews) and schema.org JSON-LD. Everything interpolated is escaped; URLs are
 * made absolute with PUBLIC_URL.
 */
export function headTags(head: PageHead, publicUrl: string): string {
  const abs = (url: string) => new URL(url, `${publicUrl}/`).toString();
  const title = pageTitle(head.title);
  const description = head.description ?? DEFAULT_DESCRIPTION;
  const tags = [`<title>${escapeHtml(title)}</title>`, metaTag('name', 'description', description)];
  if (head.noindex) {
    tags.push(metaTag('name', 'robots', 'noindex, nofollow'));
    return tags.join('\n    ');
  }
  if (head.canonicalPath) {
    const canonical = abs(head.canonicalPath);
    tags.push(`<link rel="canonical" href="${escapeHtml(canonical)}" />`);
    const og = head.og ?? { type: 'website' as const };
    tags.push(
      metaTag('property', 'og:site_name', BRAND),
      metaTag('property', 'og:locale', 'es_CO'),
      metaTag('property', 'og:type', og.type),
      metaTag('property', 'og:title', title),
      metaTag('property', 'og:description', description),
      metaTag('property', 'og:url', canonical),
    );
    if (og.image) tags.push(metaTag('property', 'og:image', abs(og.image)));
    if (og.price !== undefined)
      tags.push(
        metaTag('property', 'product:price:amount', String(og.price)),
        metaTag('property', 'product:price:currency', 'COP'),
      );
    tags.push(metaTag('name', 'twitter:card', og.image ? 'summary_large_image' : 'summary'));
  }
  for (const data of structuredData(head, publicUrl))
    tags.push(`<script type="application/ld+json">${jsonForScript(data)}</script>`);
  return tags.join('\n    ');
}
