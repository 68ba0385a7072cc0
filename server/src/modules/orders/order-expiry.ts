import type { DataSource } from 'typeorm';
import { OrderEntity } from './order.entity.js';
import { SYSTEM, type OrderLifecycle } from './order-lifecycle.js';

const BATCH = 100;

export const EXPIRE_ORDERS_TASK = 'expire-orders';

/** Hours staff have to confirm a cash-on-delivery order now (the cash-on-delivery settings). */
export type ConfirmWindow = () => Promise<number>;

/**
 * Orders that hold stock and ran out of time give it back through the lifecycle: unpaid orders past `expires_at`
 * become EXPIRADO, and cash-on-delivery orders staff did not confirm within the shop's window (counted from when
 * they were placed, with the window as set now) are cancelled by the system. Rows are claimed with FOR UPDATE SKIP
 * LOCKED, so several instances may run it at once; the `expire-orders` job runs it every minute on whichever
 * instance picks the job up.
 */
export class OrderExpiry {
  constructor(
    private readonly ds: DataSource,
    private readonly lifecycle: OrderLifecycle,
    private readonly confirmWindow: ConfirmWindow,
  ) {}

  /** Expires and cancels every due order now; returns how many. */
  async runOnce(now = new Date()): Promise<number> {
    const lapseBefore = new Date(now.getTime() - (await this.confirmWindow()) * 3_600_000);
    let total = 0;
    for (const batch of [() => this.expireBatch(now), () => this.lapseBatch(lapseBefore)]) {
      for (;;) {
        const n = await batch();
        total += n;
        if (n < BATCH) break;
      }
    }
    return total;
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

  /** Cash-on-delivery orders placed before `placedBefore` and still unconfirmed. */
  private lapseBatch(placedBefore: Date): Promise<number> {
    return this.ds.transaction(async (m) => {
      const due = await m
        .getRepository(OrderEntity)
        .createQueryBuilder('o')
        .setLock('pessimistic_write')
        .setOnLocked('skip_locked')
        .where(`o.status = 'POR_CONFIRMAR' AND o.created_at <= :placedBefore`, { placedBefore })
        .orderBy('o.created_at')
        .limit(BATCH)
        .getMany();
      for (const order of due)
        await this.lifecycle.transition(m, order, {
          to: 'CANCELADO',
          actor: SYSTEM,
          note: 'Contraentrega sin confirmar dentro del plazo',
        });
      return due.length;
    });
  }
}
