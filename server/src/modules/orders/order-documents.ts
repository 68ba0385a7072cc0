import type { EntityManager } from 'typeorm';
import type { OrderEntity } from './order.entity.js';

/**
 * Electronic documents an edge calls for: the invoice of a sale, the credit note of a paid sale cancelled whole.
 * The invoicing module issues them; the lifecycle only says when, in the transaction of the change.
 */
export type OrderDocumentKind = 'invoice' | 'cancellationCreditNote';

export interface InvoiceLinks {
  pdf: string;
  xml: string;
}

export interface OrderDocuments {
  /** Records, in the caller's transaction, that the order needs this document (once per order and kind). */
  record(m: EntityManager, kind: OrderDocumentKind, order: OrderEntity): Promise<void>;
  /** Where the shopper finds the order's invoice, for their emails; null while invoicing is off or there is none. */
  invoiceLinks(m: EntityManager, order: OrderEntity): Promise<InvoiceLinks | null>;
}

/** A shop without electronic invoicing wired (unit tests of the lifecycle). */
export const NO_DOCUMENTS: OrderDocuments = { record: async () => {}, invoiceLinks: async () => null };
