import type { DataSource } from 'typeorm';
import { OrderEntity } from './order.entity.js';
import { SYSTEM, type OrderLifecycle } from './order-lifecycle.js';

const BATCH = 100;

export const EXPIRE_ORDERS_TASK = 'expire-orders';

/**
 * Moves unpaid orders past `expires_at` to EXPIRADO through the lifecycle (which gives their stock and
 * discount use back). Rows are claimed with FOR UPDATE SKIP LOCKED, so several instances may run it at
 * once; the `expire-orders` job runs it every minute on whichever instance picks the job up.
 */
export class OrderExpiry {
  constructor(
    private readonly ds: DataSource,
    private readonly lifecycle: OrderLifecycle,
  ) {}

  /** Expires every due order now; returns how many. */
  async runOnce(now = new Date()): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.expireBatch(now);
      total += n;
      if (n < BATCH) return total;
    }
  }

  private expireBatch(now: Date): Promise<number> {
    return this.ds.transaction(async (m) => {
      const due = await m
        .getRepository(OrderEntity)
        .createQueryBuilder('o')
        .setLock('pessimistic_write')
        .setOnLocked('skip_locked')
        .where(`o.status = 'PENDIENTE_PAGO' AND o.expires_at <= :now`, { now })
        .orderBy('o.expires_at')
        .limit(BATCH)
        .getMany();
      for (const order of due)
        await this.lifecycle.transition(m, order, { to: 'EXPIRADO', actor: SYSTEM, note: 'Sin pago dentro del plazo' });
      return due.length;
    });
  }
}
