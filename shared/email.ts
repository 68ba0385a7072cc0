/**
 * What the shop accepts as an email (checkout, «Consulta tu pedido»). On its own so that the order lookup checks it
 * without loading the checkout's rules and the list of places they validate against.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
