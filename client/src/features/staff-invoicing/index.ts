export { InvoicingPage } from './invoicing-page';
export { LegalSettingsPage } from './legal-settings-page';
export { OrderDocuments } from './order-documents';
