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
  return stripped.replace(/<\/head>/i, () => `  ${headTags(meta, siteName)}\n  </head>`);
}

export interface LandingHints {
  /** LCP image(s) of the route, optionally per media query (home: mobile and desktop banners). */
  images: { url: string; media?: string }[];
  /** The route's JS chunks and stylesheets (the entry's are already in the template). */
  scripts: string[];
  styles: string[];
  /** Results of the route's first query for the Apollo cache (client/src/lib/initial-data.ts). */
  initialData: { operationName: string; variables: Record<string, unknown>; data: Record<string, unknown> }[];
}

const JSON_SCRIPT_ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', "'": '\\u0027', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/** JSON safe inside a <script> element: no markup characters (so no `</script>` or `<!--`), quotes or U+2028/2029. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&'\u2028\u2029]/g, (c) => JSON_SCRIPT_ESCAPES[c]!);
}

/**
 * Preloads (LCP image first, then the route's chunk and CSS) go before the entry script so that they are
 * discovered with it; the embedded data goes at the end of <body> (a JSON data block: not executed, so the
 * CSP's script-src does not apply).
 */
export function injectLandingHints(html: string, hints: LandingHints): string {
  const early = [
    ...hints.images.map((i) => `<link rel="preload" as="image" href="${escapeHtml(i.url)}" fetchpriority="high"${i.media ? ` media="${escapeHtml(i.media)}"` : ''} />`),
    ...hints.scripts.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`),
  ];
  // After the entry's stylesheet, as Vite appends a lazily loaded chunk's CSS (same cascade order).
  const styles = hints.styles.map((href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}" />`);
  let out = html;
  if (early.length) {
    const tags = `${early.join('\n    ')}\n    `;
    const anchor = out.search(/<script\s+type="module"/i);
    out = anchor >= 0 ? `${out.slice(0, anchor)}${tags}${out.slice(anchor)}` : out.replace(/<\/head>/i, () => `  ${tags}</head>`);
  }
  if (styles.length) out = out.replace(/<\/head>/i, () => `  ${styles.join('\n    ')}\n  </head>`);
  if (hints.initialData.length) {
    const script = `<script type="application/json" id="enzo-initial-data">${jsonForScript(hints.initialData)}</script>`;
    out = out.replace(/<\/body>/i, () => `  ${script}\n  </body>`);
  }
  return out;
}
