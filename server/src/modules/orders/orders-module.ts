import type { DataSource } from 'typeorm';
import type { Env } from '../../config/env.js';
import type { CartService } from '../cart/index.js';
import type { PaymentGateway } from '../payments/index.js';
import { OrderLifecycle } from './order-lifecycle.js';
import { OrderMails } from './order-mails.js';
import { OrderPlacementService } from './order-placement.service.js';
import { OrderPaymentsService } from './order-payments.service.js';
import { OrderReceiptService } from './order-receipt.service.js';
import { OrderLookupService } from './order-lookup.js';
import { OrderPayAgainService } from './order-pay-again.service.js';
import { OrderReminders } from './order-reminders.js';
import { OrderExpiry, type ConfirmWindow } from './order-expiry.js';
import { OrderQueries } from './order-queries.js';
import { OrderStaffActions } from './order-staff-actions.js';
import { OrderDashboard } from './order-dashboard.js';
import { receiptUrl } from './order-checkout.js';
import { OrderTransactions } from './order-transactions.js';
import { NO_DOCUMENTS, type OrderDocuments } from './order-documents.js';

/** Everything the orders module offers, wired once at start-up. */
export interface OrdersModule {
  lifecycle: OrderLifecycle;
  placement: OrderPlacementService;
  payments: OrderPaymentsService;
  transactions: OrderTransactions;
  receipts: OrderReceiptService;
  lookup: OrderLookupService;
  payAgain: OrderPayAgainService;
  reminders: OrderReminders;
  expiry: OrderExpiry;
  queries: OrderQueries;
  staffActions: OrderStaffActions;
  dashboard: OrderDashboard;
  /** Hours staff have to confirm a cash-on-delivery order now. */
  confirmWindow: ConfirmWindow;
}

export function createOrdersModule(deps: {
  env: Env;
  ds: DataSource;
  cart: CartService;
  gateway: PaymentGateway;
  /** The cash-on-delivery window as staff set it (the cash-on-delivery settings). */
  confirmWindow: ConfirmWindow;
  /** Electronic invoices and credit notes the lifecycle calls for (the invoicing module). */
  documents?: OrderDocuments;
}): OrdersModule {
  const { env, ds, cart, gateway, confirmWindow, documents = NO_DOCUMENTS } = deps;
  const mails = new OrderMails({
    receiptUrl: (order) => receiptUrl(env, order),
    shopEmail: env.SHOP_NOTIFY_EMAIL,
    publicUrl: env.publicUrl,
    invoiceLinks: (m, order) => documents.invoiceLinks(m, order),
  });
  // The reminder must arrive while the products are still held.
  const paymentReminderMinutes = Math.max(
    1,
    Math.min(env.PAYMENT_REMINDER_MINUTES, Math.floor(env.ORDER_EXPIRY_MINUTES / 2)),
  );
  const lifecycle = new OrderLifecycle(mails, { paymentReminderMinutes }, documents);
  const payments = new OrderPaymentsService(ds, lifecycle);
  const transactions = new OrderTransactions(ds, gateway, payments);
  const receipts = new OrderReceiptService(ds, gateway, payments, transactions);
  return {
    lifecycle,
    transactions,
    placement: new OrderPlacementService(ds, env, cart, gateway, lifecycle),
    payments,
    receipts,
    lookup: new OrderLookupService(ds),
    payAgain: new OrderPayAgainService(ds, env, gateway, receipts, lifecycle),
    reminders: new OrderReminders(ds, lifecycle),
    expiry: new OrderExpiry(ds, lifecycle, confirmWindow),
    queries: new OrderQueries(ds),
    staffActions: new OrderStaffActions(ds, lifecycle),
    dashboard: new OrderDashboard(ds, confirmWindow),
    confirmWindow,
  };
}
