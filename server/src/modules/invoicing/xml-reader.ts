import { create } from 'xmlbuilder2';
import { NS } from './ubl-xml.js';

/** A parsed document, read the way the DIAN reads it: by namespace and local name, whatever the prefixes. */
export interface XmlElement {
  readonly localName: string;
  readonly namespaceURI: string | null;
  readonly textContent: string | null;
  readonly childNodes: ArrayLike<{ nodeType: number }>;
  getAttribute(name: string): string | null;
}

const NAMESPACES = { cac: NS.cac, cbc: NS.cbc, ext: NS.ext, sts: NS.sts } as const;
type Step = `${keyof typeof NAMESPACES}:${string}`;

export function parseXml(xml: string): XmlElement {
  return create(xml).root().node as unknown as XmlElement;
}

function elementChildren(el: XmlElement): XmlElement[] {
  return Array.from(el.childNodes).filter((n) => n.nodeType === 1) as unknown as XmlElement[];
}

/** Child elements of `el` named `step` (`cbc:ID`), in order. */
export function children(el: XmlElement, step: Step): XmlElement[] {
  const [prefix, name] = step.split(':') as [keyof typeof NAMESPACES, string];
  return elementChildren(el).filter((c) => c.localName === name && c.namespaceURI === NAMESPACES[prefix]);
}

/** The first element at the end of `path`, or null. */
export function at(el: XmlElement | null, ...path: Step[]): XmlElement | null {
  let current: XmlElement | null = el;
  for (const step of path) {
    if (!current) return null;
    current = children(current, step)[0] ?? null;
  }
  return current;
}

/** The trimmed text at the end of `path` ('' when absent). */
export function textAt(el: XmlElement | null, ...path: Step[]): string {
  return at(el, ...path)?.textContent?.trim() ?? '';
}

/** An amount (`1234.56`) as integer cents; NaN when it is not written with at most two decimals. */
export function centsOf(text: string): number {
  const m = /^(-?)(\d{1,15})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return NaN;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '0').padEnd(2, '0'));
  return m[1] ? -cents : cents;
}
