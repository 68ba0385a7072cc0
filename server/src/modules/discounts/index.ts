// Discount codes: lookups for quotes and orders, and staff management.
export { DiscountService, normalizeDiscountCode } from './discount.service.js';
export { DiscountAdminService, type DiscountCodeChangeResult, type DiscountCodeInput } from './discount-admin.service.js';
export { DiscountCodeEntity } from './discount-code.entity.js';
