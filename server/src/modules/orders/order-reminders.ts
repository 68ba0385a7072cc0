import type { DataSource } from 'typeorm';
import { OrderEntity } from './order.entity.js';
import type { OrderLifecycle } from './order-lifecycle.js';

export { PAYMENT_REMINDER_TASK } from './order-lifecycle.js';

/** The scheduled task that sends the payment reminders due (every minute). */
export const REMIND_UNPAID_TASK = 'remind-unpaid-orders';

const BATCH = 100;

/**
 * Reminders of orders still unpaid. A new online order records when its reminder is due (`payment_reminder_at`,
 * OrderLifecycle.opening); `runDue`, every minute, emails the shopper a link to finish paying for each order due that
 * is still unpaid and in time, and clears the mark of every order it saw, paid or not. A sweep instead of a delayed job
 * per order: placing an order adds no job row, and no instance's worker wakes up for a job due in ten minutes. Rows
 * are claimed with FOR UPDATE SKIP LOCKED, so several instances may sweep at once; the email's dedupe key makes it one
 * per order.
 */
export class OrderReminders {
  constructor(
    private readonly ds: DataSource,
    private readonly lifecycle: OrderLifecycle,
  ) {}

  /** Reminds every order due by `now`; returns how many reminders were queued. */
  async runDue(now = new Date()): Promise<number> {
    let reminded = 0;
    for (;;) {
      const { seen, queued } = await this.ds.transaction(async (m) => {
        const due = await m
          .getRepository(OrderEntity)
          .createQueryBuilder('o')
          .setLock('pessimistic_write')
          .setOnLocked('skip_locked')
          .where('o.payment_reminder_at <= :now', { now })
          .orderBy('o.payment_reminder_at')
          .limit(BATCH)
          .getMany();
        let sent = 0;
        for (const order of due) if (await this.lifecycle.remindUnpaid(m, order, now)) sent++;
        if (due.length > 0)
          await m.query(`UPDATE shop_order SET payment_reminder_at = NULL WHERE id = ANY($1::int[])`, [
            due.map((o) => o.id),
          ]);
        return { seen: due.length, queued: sent };
      });
      reminded += queued;
      if (seen < BATCH) return reminded;
    }
  }

  /** One order's reminder (the `order-payment-reminder` jobs queued before the sweep); true when it was queued. */
  run(orderId: number, now = new Date()): Promise<boolean> {
    return this.ds.transaction(async (m) => {
      const order = await this.lifecycle.lock(m, { id: orderId });
      if (!order) return false;
      await m.query(`UPDATE shop_order SET payment_reminder_at = NULL WHERE id = $1`, [order.id]);
      return this.lifecycle.remindUnpaid(m, order, now);
    });
  }
}
