// Discount codes: decisions for quotes and orders (conditions included), and staff management.
export {
  DiscountService,
  normalizeDiscountCode,
  type DiscountCustomer,
  type DiscountDecision,
  type DiscountLine,
} from './discount.service.js';
export {
  DiscountAdminService,
  type DiscountCodeChangeResult,
  type DiscountCodeInput,
} from './discount-admin.service.js';
export { returnDiscountUse, takeDiscountUse } from './discount-uses.js';
export { DiscountCodeEntity } from './discount-code.entity.js';
