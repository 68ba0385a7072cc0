import type { DataSource } from 'typeorm';
import type { OrderLifecycle } from './order-lifecycle.js';

export { PAYMENT_REMINDER_TASK } from './order-lifecycle.js';

/**
 * The `order-payment-reminder` job: enqueued with a delay in the transaction that places an order
 * (lifecycle.place), it emails the shopper a link to finish paying if the order is still unpaid and in
 * time when it runs; otherwise it does nothing. The email's dedupe key makes it one per order.
 */
export class OrderReminders {
  constructor(
    private readonly ds: DataSource,
    private readonly lifecycle: OrderLifecycle,
  ) {}

  /** True when a reminder was queued. */
  run(orderId: number, now = new Date()): Promise<boolean> {
    return this.ds.transaction(async (m) => {
      const order = await this.lifecycle.lock(m, { id: orderId });
      return order ? this.lifecycle.remindUnpaid(m, order, now) : false;
    });
  }
}
