// Shipping by destination: the rate table (department, municipality overrides), delivery times, free-shipping threshold.
export { ShippingService, type Destination, type ShippingTerms } from './shipping.service.js';
export { createShippingResolvers } from './shipping.resolvers.js';
export { ShippingRateEntity } from './shipping-rate.entity.js';
export { ShippingSettingsEntity } from './shipping-settings.entity.js';
