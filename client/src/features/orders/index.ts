/**
 * The shopper's order: its page (status, paying again, progress, receipt, invoices, returns) and the order lookup by
 * reference and email. One chunk, lazy-loaded by app/routes.
 */
export { OrderPage as ReceiptRoute } from './order-page';
export { OrderLookupPage as OrderLookupRoute } from './order-lookup-page';
