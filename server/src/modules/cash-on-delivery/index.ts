// Cash on delivery (contraentrega): the staff switch, maximum order total and fee; the public list of payment methods.
export { CashOnDeliveryService, type CashOnDeliveryInput } from './cash-on-delivery.service.js';
export { createCashOnDeliveryResolvers } from './cash-on-delivery.resolvers.js';
export { CashOnDeliverySettingsEntity } from './cash-on-delivery-settings.entity.js';
