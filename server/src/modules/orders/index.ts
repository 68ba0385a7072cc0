// Orders: placement, the one order lifecycle, payments applied to orders, receipts, expiry, and reads for staff.
export { createOrdersModule, type OrdersModule } from './orders-module.js';
export { createOrderResolvers } from './order.resolvers.js';
export {
  allowedTransitions,
  canCollectCash,
  canTransition,
  holdsReservation,
  ORDER_EDGES,
  SHOPPER,
  type Actor,
  type OrderLifecycle,
} from './order-lifecycle.js';
export { type InvoiceLinks, type OrderDocumentKind, type OrderDocuments } from './order-documents.js';
export { EXPIRE_ORDERS_TASK } from './order-expiry.js';
export { orderMoves, type OrderMove } from './order-moves.js';
export { PAYMENT_REMINDER_TASK, REMIND_UNPAID_TASK } from './order-reminders.js';
export { LOOKUP_MISMATCH, type OrderLookupView } from './order-lookup.js';
export { receiptUrl } from './order-checkout.js';
export { authorizeOrder } from './order-access.js';
export {
  MAX_BULK_ORDERS,
  type BulkTransitionInput,
  type BulkTransitionResult,
  type StaffTransitionInput,
  type StaffTransitionResult,
} from './order-staff-actions.js';
export type { OrderPage } from './order-queries.js';
export type { DashboardCounts, SalesFigures } from './order-dashboard.js';
export { foldText, orderWhere, type OrderFilter } from './order-filter.js';
export { ORDER_FLAGS, OrderEntity, type DocumentTypeValue, type PaymentMethodValue } from './order.entity.js';
export { OrderLineEntity } from './order-line.entity.js';
export { OrderTransitionEntity } from './order-transition.entity.js';
export { PaymentEventEntity } from './payment-event.entity.js';
