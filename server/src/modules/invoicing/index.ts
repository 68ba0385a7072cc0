// DIAN electronic invoicing: invoices and credit notes issued through a technology provider (Alegra) or the built-in
// sandbox, queued by the order lifecycle and returns, numbered under the owner's resolution, with their PDF and XML.
export { createInvoicingModule, type InvoicingConfig, type InvoicingModule } from './invoicing-module.js';
export { createInvoicingResolvers } from './invoicing.resolvers.js';
export { documentRoutes } from './documents.http.js';
export { ISSUE_DOCUMENT_TASK, invoicingEnabled } from './document-queue.js';
export { TryAgainLater } from './document-issuer.js';
export { invoicingMetricProviders } from './invoicing-metrics.js';
