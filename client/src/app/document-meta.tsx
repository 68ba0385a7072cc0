import { useDocumentMeta } from '../lib/use-document-meta';

/** Declarative form of useDocumentMeta for static routes. */
export function DocumentMeta(props: { title?: string; description?: string; noindex?: boolean; canonicalPath?: string }) {
  useDocumentMeta(props);
  return null;
}
