import type { DataSource, EntityManager } from 'typeorm';
import { ORDER_STATUS_LABELS, PAID_STATUSES, PAYMENT_METHOD_LABELS, paymentMethodFromGateway } from '#shared/orders.js';
import type { GatewayTransaction } from '../payments/index.js';
import { ORDER_FLAGS, type OrderEntity } from './order.entity.js';
import { GATEWAY, type OrderLifecycle } from './order-lifecycle.js';
import { orderReferenceFromPayment } from './order-tokens.js';

export type PaymentOutcome = 'duplicate' | 'unknown-order' | 'paid' | 'declined' | 'flagged' | 'ignored';

const FAILED = new Set(['DECLINED', 'VOIDED', 'ERROR']);

/** Gateway transaction statuses as staff read them in the order's timeline. */
export const TRANSACTION_STATUS_NOTES: Record<string, string> = {
  APPROVED: 'aprobada',
  DECLINED: 'rechazada',
  VOIDED: 'anulada',
  ERROR: 'con error',
  PENDING: 'pendiente',
};

/** The method the gateway says was used, recorded on the order (an unknown type leaves the order's as it was). */
function methodUsed(tx: GatewayTransaction): { paymentMethod?: OrderEntity['paymentMethod'] } {
  const method = paymentMethodFromGateway(tx.paymentMethodType);
  return method ? { paymentMethod: method } : {};
}

/** ` (Nequi)` when the shopper paid with another method than the order had, or the raw type the shop does not know, for the staff timeline. */
function methodNote(tx: GatewayTransaction, order: OrderEntity): string {
  if (!tx.paymentMethodType) return '';
  const method = paymentMethodFromGateway(tx.paymentMethodType);
  if (method === order.paymentMethod) return '';
  return method ? ` (${PAYMENT_METHOD_LABELS[method]})` : ` (medio ${tx.paymentMethodType.slice(0, 40)})`;
}

/**
 * Applies gateway transactions (verified events or confirmed lookups) to orders, idempotently per
 * (transaction id, status): the event row is inserted first and a replay stops there. What each
 * outcome does to the order is the lifecycle's business.
 */
export class OrderPaymentsService {
  constructor(
    private readonly ds: DataSource,
    private readonly lifecycle: OrderLifecycle,
  ) {}

  async applyTransaction(tx: GatewayTransaction, payload: unknown): Promise<PaymentOutcome> {
    return this.ds.transaction(async (m) => {
      const inserted: Array<{ id: number }> = await m.query(
        `INSERT INTO payment_event (reference, transaction_id, status, amount_in_cents, payload, checksum_valid)
         VALUES ($1, $2, $3, $4, $5, true) ON CONFLICT (transaction_id, status) DO NOTHING RETURNING id`,
        [tx.reference.slice(0, 40), tx.id, tx.status.slice(0, 20), tx.amountInCents, JSON.stringify(payload)],
      );
      if (inserted.length === 0) return 'duplicate';
      const order = await this.lifecycle.lock(m, { reference: orderReferenceFromPayment(tx.reference) });
      if (!order) return 'unknown-order';
      await m.query(`UPDATE payment_event SET order_id = $1 WHERE id = $2`, [order.id, inserted[0]!.id]);
      if (tx.status === 'APPROVED') return this.approve(m, order, tx);
      if (FAILED.has(tx.status)) return this.fail(m, order, tx);
      return 'ignored';
    });
  }

  private async fail(m: EntityManager, order: OrderEntity, tx: GatewayTransaction): Promise<PaymentOutcome> {
    if (order.status === 'PENDIENTE_PAGO') {
      const note = `Transacción ${tx.id} ${TRANSACTION_STATUS_NOTES[tx.status] ?? tx.status.toLowerCase()}${methodNote(tx, order)}`;
      const moved = await this.lifecycle.transition(m, order, {
        to: 'PAGO_RECHAZADO',
        actor: GATEWAY,
        note,
        set: { transactionId: tx.id, ...methodUsed(tx) },
      });
      return moved.ok ? 'declined' : 'ignored';
    }
    if (PAID_STATUSES.has(order.status) && order.transactionId === tx.id) {
      await this.lifecycle.flag(m, order, ORDER_FLAGS.paymentVoided);
      return 'flagged';
    }
    return 'ignored';
  }

  private async approve(m: EntityManager, order: OrderEntity, tx: GatewayTransaction): Promise<PaymentOutcome> {
    if (tx.amountInCents !== order.total * 100) {
      await this.lifecycle.flag(m, order, ORDER_FLAGS.amountMismatch);
      return 'flagged';
    }
    if (order.status === 'PENDIENTE_PAGO' || order.status === 'EXPIRADO' || order.status === 'PAGO_RECHAZADO') {
      const late = order.status !== 'PENDIENTE_PAGO';
      const note = `${late ? `Transacción ${tx.id} aprobada cuando la orden estaba «${ORDER_STATUS_LABELS[order.status]}»` : `Transacción ${tx.id} aprobada`}${methodNote(tx, order)}`;
      const moved = await this.lifecycle.transition(m, order, {
        to: 'PAGADO',
        actor: GATEWAY,
        note,
        set: { transactionId: tx.id, ...methodUsed(tx) },
      });
      if (moved.ok) return 'paid';
      // Approved after its stock was released and sold to someone else: the money goes back.
      await this.lifecycle.flagRefund(m, order, tx.id, { transactionId: tx.id });
      return 'flagged';
    }
    if (order.transactionId !== tx.id) {
      // Paid twice, or paid after cancellation: money to give back.
      await this.lifecycle.flagRefund(m, order, tx.id);
      return 'flagged';
    }
    return 'ignored';
  }
}
