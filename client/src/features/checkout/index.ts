/** The checkout (form, shipping, payment method, placing the order): its page, lazy-loaded by app/routes. */
export { CheckoutPage as CheckoutRoute } from './checkout-page';
