import type { PageMeta } from './seo.service.js';

/** Escapes text for HTML content and double-quoted attributes. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function metaTag(attr: 'name' | 'property', key: string, content: string): string {
  return `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;
}

/** The route's head tags; everything interpolated is escaped. */
export function headTags(meta: PageMeta, siteName: string): string {
  const tags = [`<title>${escapeHtml(meta.title)}</title>`, metaTag('name', 'description', meta.description)];
  if (meta.noindex) tags.push(metaTag('name', 'robots', 'noindex, nofollow'));
  if (meta.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(meta.canonical)}" />`);
  if (meta.og && meta.canonical) {
    tags.push(
      metaTag('property', 'og:site_name', siteName),
      metaTag('property', 'og:locale', 'es_CO'),
      metaTag('property', 'og:type', meta.og.type),
      metaTag('property', 'og:title', meta.title),
      metaTag('property', 'og:description', meta.description),
      metaTag('property', 'og:url', meta.canonical),
    );
    if (meta.og.image) tags.push(metaTag('property', 'og:image', meta.og.image));
    if (meta.og.price !== undefined) {
      tags.push(metaTag('property', 'product:price:amount', String(meta.og.price)), metaTag('property', 'product:price:currency', 'COP'));
    }
    tags.push(metaTag('name', 'twitter:card', meta.og.image ? 'summary_large_image' : 'summary'));
  }
  return tags.join('\n    ');
}

/** Replaces the template's <title> and description with the route's tags. */
export function injectHead(template: string, meta: PageMeta, siteName: string): string {
  const stripped = template.replace(/<title>[\s\S]*?<\/title>\s*/i, '').replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  return stripped.replace(/<\/head>/i, `  ${headTags(meta, siteName)}\n  </head>`);
}
