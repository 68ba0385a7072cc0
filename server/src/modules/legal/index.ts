// The shop's legal and tax identity: public in shopSettings (footer, emails), edited by the owner, read by invoices.
export { LegalSettingsService, type LegalProfile } from './legal-settings.service.js';
export { createLegalResolvers } from './legal.resolvers.js';
