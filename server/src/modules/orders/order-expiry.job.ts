import type { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import { OrderLineEntity } from './order-line.entity.js';
import { groupBySize, releaseDiscountUses, releaseStock } from './order-stock.js';
import { ACTORS } from './order-timeline.js';

const BATCH = 100;

/**
 * Moves unpaid orders past `expires_at` to EXPIRADO and gives their stock back. Rows are claimed
 * with FOR UPDATE SKIP LOCKED, so several server instances can run the job at the same time.
 */
export class OrderExpiryJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(
    private readonly ds: DataSource,
    private readonly log?: Logger,
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
      const due: Array<{ id: number }> = await m.query(
        `SELECT id FROM shop_order WHERE status = 'PENDIENTE_PAGO' AND expires_at <= $1 ORDER BY expires_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`,
        [now],
      );
      if (due.length === 0) return 0;
      const ids = due.map((d) => d.id);
      await m.query(`UPDATE shop_order SET status = 'EXPIRADO', updated_at = now() WHERE id = ANY($1::int[])`, [ids]);
      await m.query(
        `INSERT INTO order_transition (order_id, from_status, to_status, actor, note)
         SELECT id, 'PENDIENTE_PAGO', 'EXPIRADO', $2, 'Sin pago dentro del plazo' FROM unnest($1::int[]) AS id`,
        [ids, ACTORS.system],
      );
      const lines = await m.getRepository(OrderLineEntity).createQueryBuilder('l').where('l.orderId IN (:...ids)', { ids }).getMany();
      await releaseStock(m, groupBySize(lines));
      await releaseDiscountUses(m, ids);
      return ids.length;
    });
  }

  /** Runs every `intervalMs` (never overlapping itself). */
  start(intervalMs = 60_000): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.runOnce()
        .then((n) => {
          if (n > 0) this.log?.info({ expired: n }, 'Órdenes sin pago expiradas');
          return n;
        })
        .catch((err: unknown) => {
          this.log?.error({ err }, 'Falló la expiración de órdenes');
          return 0;
        })
        .finally(() => {
          this.running = null;
        });
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
