export { DiscountCodesPage } from './discount-codes-page';
