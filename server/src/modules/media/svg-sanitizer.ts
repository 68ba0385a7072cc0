import type { DOMPurify } from 'dompurify';

/**
 * SVG uploads go through DOMPurify (its SVG profile) on a jsdom window, loaded on the first SVG (jsdom is large).
 * The HTML parser reads the file the way DOMPurify is built for, so prefixed names (`<s:script>`,
 * `<h:script xmlns:h=…>`), entity-encoded `javascript:` links and `<foreignObject>` are all seen for what they
 * are; the output is serialised back as XML-safe text because the shop serves it as `image/svg+xml`.
 */
let purifier: Promise<DOMPurify> | undefined;

function load(): Promise<DOMPurify> {
  purifier ??= (async () => {
    const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([import('jsdom'), import('dompurify')]);
    return createDOMPurify(new JSDOM('').window as never);
  })();
  return purifier;
}

/** Elements that run code or pull in a document: an SVG that had one is refused rather than quietly changed. */
const ACTIVE_ELEMENTS = new Set([
  'script',
  'foreignobject',
  'iframe',
  'object',
  'embed',
  'handler',
  'listener',
  'set',
  'animate',
  'animatemotion',
  'animatetransform',
]);

const localName = (name: string) => name.slice(name.indexOf(':') + 1).toLowerCase();

export type SvgCheck = { kind: 'clean'; svg: string } | { kind: 'active' } | { kind: 'invalid' };

/**
 * The SVG as the shop will store it (sanitised), or why not: `active` when the sanitiser had to take out code
 * (scripts, event handlers, script links, embedded documents, animations that can rewrite links), `invalid` when
 * nothing of an SVG is left. Harmless extras an editor leaves (metadata, editor attributes) are just dropped.
 */
export async function sanitizeSvg(text: string): Promise<SvgCheck> {
  const purify = await load();
  const clean = String(
    purify.sanitize(text, { USE_PROFILES: { svg: true, svgFilters: true }, ADD_ATTR: ['role'], WHOLE_DOCUMENT: false }),
  );
  for (const removed of purify.removed as Array<{
    element?: { nodeName: string };
    attribute?: { name: string } | null;
  }>) {
    if (removed.element && ACTIVE_ELEMENTS.has(localName(removed.element.nodeName))) return { kind: 'active' };
    const attr = removed.attribute?.name.toLowerCase();
    if (attr && (attr.startsWith('on') || localName(attr) === 'href')) return { kind: 'active' };
  }
  if (!/^<svg[\s>]/.test(clean)) return { kind: 'invalid' };
  // The HTML serialiser writes U+00A0 as `&nbsp;`, which XML does not know.
  return { kind: 'clean', svg: clean.replaceAll('&nbsp;', '&#160;') };
}
