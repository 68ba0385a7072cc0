/** Route entry of the content feature (lazy-loaded by app/routes). */
export { AboutPage } from './about-page';
export { DataPolicyPage } from './data-policy-page';
export { ReturnsPolicyPage } from './returns-policy-page';
export { ShippingPolicyPage } from './shipping-policy-page';
export { DistributorsCucutaPage, DistributorsBogotaPage } from './distributors-page';
export { AllianceLaikaPage, AllianceKumpetPage, AlliancePuppisPage } from './alliance-page';
export { NotFoundPage } from './not-found-page';
