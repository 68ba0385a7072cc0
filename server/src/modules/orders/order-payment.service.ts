import type { DataSource, EntityManager } from 'typeorm';
import type { GatewayTransaction } from '../payments/payment-gateway.js';
import { ORDER_FLAGS, OrderEntity } from './order.entity.js';
import { OrderLineEntity } from './order-line.entity.js';
import { groupBySize, releaseDiscountUses, releaseStock, reserveStock, retakeDiscountUse, sellReserved } from './order-stock.js';
import { ACTORS, lockOrder, transitionOrder } from './order-timeline.js';
import { ORDER_STATUS_LABELS } from './order-status.js';
import { orderReferenceFromPayment } from './order-tokens.js';

export type PaymentOutcome = 'duplicate' | 'unknown-order' | 'paid' | 'declined' | 'flagged' | 'ignored';

const FAILED = new Set(['DECLINED', 'VOIDED', 'ERROR']);
const AFTER_PAYMENT = new Set(['PAGADO', 'EN_PREPARACION', 'ENVIADO', 'ENTREGADO']);

/** Gateway transaction statuses as staff read them in the order's timeline. */
export const TRANSACTION_STATUS_LABELS: Record<string, string> = {
  APPROVED: 'aprobada',
  DECLINED: 'rechazada',
  VOIDED: 'anulada',
  ERROR: 'con error',
  PENDING: 'pendiente',
};

export interface PaidListener {
  (orderId: number): void;
}

/**
 * Applies gateway transactions (verified events or confirmed lookups) to orders, idempotently per
 * (transaction id, status): the event row is inserted first and a replay stops there.
 */
export class OrderPaymentService {
  constructor(
    private readonly ds: DataSource,
    private readonly onPaid: PaidListener = () => {},
  ) {}

  async applyTransaction(tx: GatewayTransaction, payload: unknown): Promise<PaymentOutcome> {
    const result = await this.ds.transaction(async (m) => {
      const inserted: Array<{ id: number }> = await m.query(
        `INSERT INTO payment_event (reference, transaction_id, status, amount_in_cents, payload, checksum_valid)
         VALUES ($1, $2, $3, $4, $5, true) ON CONFLICT (transaction_id, status) DO NOTHING RETURNING id`,
        [tx.reference.slice(0, 40), tx.id, tx.status.slice(0, 20), tx.amountInCents, JSON.stringify(payload)],
      );
      if (inserted.length === 0) return { outcome: 'duplicate' as const };
      const order = await lockOrder(m, { reference: orderReferenceFromPayment(tx.reference) });
      if (!order) return { outcome: 'unknown-order' as const };
      await m.query(`UPDATE payment_event SET order_id = $1 WHERE id = $2`, [order.id, inserted[0].id]);
      return { outcome: await this.apply(m, order, tx), order };
    });
    if (result.outcome === 'paid' && 'order' in result && result.order) this.onPaid(result.order.id);
    return result.outcome;
  }

  private async apply(m: EntityManager, order: OrderEntity, tx: GatewayTransaction): Promise<PaymentOutcome> {
    if (tx.status === 'APPROVED') return this.approve(m, order, tx);
    if (FAILED.has(tx.status)) {
      if (order.status === 'PENDIENTE_PAGO') {
        await releaseStock(m, await this.items(m, order.id));
        await releaseDiscountUses(m, [order.id]);
        await transitionOrder(m, order, 'PAGO_RECHAZADO', ACTORS.gateway, `Transacción ${tx.id} ${TRANSACTION_STATUS_LABELS[tx.status] ?? tx.status.toLowerCase()}`, { transactionId: tx.id });
        return 'declined';
      }
      if (AFTER_PAYMENT.has(order.status) && order.transactionId === tx.id) {
        await this.flag(m, order, 'PAGO_ANULADO');
        return 'flagged';
      }
    }
    return 'ignored';
  }

  private async approve(m: EntityManager, order: OrderEntity, tx: GatewayTransaction): Promise<PaymentOutcome> {
    if (tx.amountInCents !== order.total * 100) {
      await this.flag(m, order, ORDER_FLAGS.amountMismatch);
      return 'flagged';
    }
    if (order.status === 'PENDIENTE_PAGO') {
      await sellReserved(m, await this.items(m, order.id));
      await transitionOrder(m, order, 'PAGADO', ACTORS.gateway, `Transacción ${tx.id} aprobada`, { transactionId: tx.id });
      return 'paid';
    }
    if (order.status === 'EXPIRADO' || order.status === 'PAGO_RECHAZADO') {
      // Stock was released: take it again (reserve + sell = stock − n) if it is still there.
      const items = await this.items(m, order.id);
      await m.query('SAVEPOINT late_approval');
      const short = await reserveStock(m, items);
      if (short === null) {
        await m.query('RELEASE SAVEPOINT late_approval');
        await sellReserved(m, items);
        await retakeDiscountUse(m, order.discountCode);
        await transitionOrder(m, order, 'PAGADO', ACTORS.gateway, `Transacción ${tx.id} aprobada cuando la orden estaba «${ORDER_STATUS_LABELS[order.status]}»`, { transactionId: tx.id });
        return 'paid';
      }
      await m.query('ROLLBACK TO SAVEPOINT late_approval');
      await this.flag(m, order, ORDER_FLAGS.refundPending, { refundPending: true, transactionId: tx.id });
      return 'flagged';
    }
    if (order.transactionId !== tx.id) {
      // Paid twice, or paid after cancellation: money to give back.
      await this.flag(m, order, ORDER_FLAGS.refundPending, { refundPending: true });
      return 'flagged';
    }
    return 'ignored';
  }

  private async flag(m: EntityManager, order: OrderEntity, flag: string, extra: Partial<OrderEntity> = {}): Promise<void> {
    const flags = order.flags.includes(flag) ? order.flags : [...order.flags, flag];
    await m.update(OrderEntity, { id: order.id }, { flags, ...extra });
    Object.assign(order, { flags, ...extra });
  }

  private async items(m: EntityManager, orderId: number) {
    return groupBySize(await m.find(OrderLineEntity, { where: { orderId }, select: { sizeId: true, quantity: true } }));
  }
}
