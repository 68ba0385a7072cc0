/** The shopper's returns on the order page: the deadlines, their requests and the form to ask for one. */
export { OrderReturns } from './order-returns';
export type { OrderReturnsFieldsFragment } from './returns.generated';
