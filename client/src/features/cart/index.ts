/**
 * Public API of the cart feature. Checkout imports only from here (the one sanctioned
 * dependency between features); the header wiring in app/ composes the drawer and button.
 */
export {
  cartLinesAtom,
  discountCodeAtom,
  clearCartAtom,
  cartCountAtom,
  cartOpenAtom,
  mobileMenuOpenAtom,
  addToCartAtom,
  closeDrawersAtom,
  refuseCodeAtom,
} from './cart-atoms';
export {
  pendingOrderAtom,
  cartSignatureAtom,
  rememberOrderAtom,
  forgetOrderAtom,
  orderPaidAtom,
  type PendingOrder,
} from './pending-order';
export { usePendingOrder, type ResumableOrder } from './use-pending-order';
export { PendingOrderNotice, orderPagePath } from './pending-order-notice';
export type { CartLine } from './cart-storage';
export { useCartQuote, type QuoteDestination } from './use-cart-quote';
export {
  CartQuoteDocument,
  PendingOrderDocument,
  ReleaseOrderDocument,
  type CartQuoteFieldsFragment,
} from './cart.generated';
export { CartSummary, CartTotals } from './cart-summary';
export { DiscountCodeField, INVALID_CODE_MESSAGE } from './discount-code-field';
export { CartDrawer, CHECKOUT_PATH } from './cart-drawer';
export { CartButton } from './cart-button';
