import type { EinvoiceKindValue } from '#shared/einvoicing.js';

/** Path of a document file for the shopper: unlocked by the order's reference and its access token, like the receipt. */
export function documentPath(kind: EinvoiceKindValue, id: number, ext: 'pdf' | 'xml'): string {
  return `${kind === 'INVOICE' ? 'factura' : 'nota-credito'}-${id}.${ext}`;
}

export function documentUrl(
  publicUrl: string,
  order: { reference: string; accessToken: string },
  kind: EinvoiceKindValue,
  id: number,
  ext: 'pdf' | 'xml',
): string {
  return `${publicUrl}/api/documentos/${encodeURIComponent(order.reference)}/${documentPath(kind, id, ext)}?token=${encodeURIComponent(order.accessToken)}`;
}

/** `factura-12.pdf` → its kind, id and format; null for anything else. */
export function parseDocumentPath(file: string): { kind: EinvoiceKindValue; id: number; ext: 'pdf' | 'xml' } | null {
  const m = /^(factura|nota-credito)-(\d{1,9})\.(pdf|xml)$/.exec(file.slice(0, 40));
  if (!m) return null;
  return { kind: m[1] === 'factura' ? 'INVOICE' : 'CREDIT_NOTE', id: Number(m[2]), ext: m[3] as 'pdf' | 'xml' };
}
