import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Payment reminders become a sweep (orders/order-reminders.ts): each online order records when its reminder is due,
 * and a job every minute sends the ones due. Only orders still to be seen carry the mark, so the index stays as small
 * as the orders placed in the last few minutes. Orders placed before this migration keep the delayed job they were
 * given, which still runs.
 */
export class PaymentReminderSweep1767000100000 implements MigrationInterface {
  name = 'PaymentReminderSweep1767000100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE shop_order ADD COLUMN payment_reminder_at timestamptz`);
    await q.query(
      `CREATE INDEX shop_order_payment_reminder_idx ON shop_order (payment_reminder_at) WHERE payment_reminder_at IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX shop_order_payment_reminder_idx`);
    await q.query(`ALTER TABLE shop_order DROP COLUMN payment_reminder_at`);
  }
}
