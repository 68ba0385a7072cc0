import { useDocumentMeta, useHttpStatus } from '../lib/use-document-meta';
import type { PageHead } from '#shared/ssr-contract.js';

/** Declarative form of useDocumentMeta for static routes. */
export function DocumentMeta(props: PageHead) {
  useDocumentMeta(props);
  return null;
}

/** The server answers this page with a status other than 200 (the 404 page). */
export function HttpStatus({ code }: { code: number }) {
  useHttpStatus(code);
  return null;
}
