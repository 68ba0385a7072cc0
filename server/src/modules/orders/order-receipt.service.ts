import type { DataSource } from 'typeorm';
import { trackingUrl } from '#shared/carriers.js';
import { PAID_STATUSES, type OrderStatusValue } from '#shared/orders.js';
import type { OrderReceipt } from '../../generated/graphql.js';
import type { PaymentGateway } from '../payments/index.js';
import { OrderEntity } from './order.entity.js';
import { OrderLineEntity } from './order-line.entity.js';
import { OrderTransitionEntity } from './order-transition.entity.js';
import type { OrderPaymentsService } from './order-payments.service.js';
import { groupBySize, stockAvailable } from '../catalog/index.js';
import { orderReferenceFromPayment, paymentReference } from './order-tokens.js';
import { authorizeOrder } from './order-access.js';
import { orderDelivery } from './order-delivery.js';
import { shopperLifecycle, shopperOrderEnded } from './order-moves.js';
import type { OrderTransactions } from './order-transactions.js';

/** Payment attempts one order may start (each one holds the stock a while longer). */
export const MAX_PAYMENT_ATTEMPTS = 5;

/** The receipt as GraphQL serves it, plus the order itself for fields other modules resolve (returns). */
export type ReceiptView = Omit<OrderReceipt, 'returns' | 'returnOptions' | 'refunds' | 'electronicDocuments'> & {
  order: OrderEntity;
};

/** The shopper's order page: status, timeline, tracking, delivery, and whether they may pay (again). */
export class OrderReceiptService {
  constructor(
    private readonly ds: DataSource,
    private readonly gateway: PaymentGateway,
    private readonly payments: OrderPaymentsService,
    private readonly transactions: OrderTransactions,
  ) {}

  /** The order when the token matches (constant-time), else null. */
  authorize(reference: string, token: string): Promise<OrderEntity | null> {
    return authorizeOrder(this.ds.manager, reference, token);
  }

  async receipt(reference: string, token: string, transactionId?: string | null): Promise<ReceiptView | null> {
    let order = await this.authorize(reference, token);
    if (!order) return null;
    let paymentProcessing = false;
    if (order.status === 'PENDIENTE_PAGO' && transactionId) {
      // Kept on the order at once (the reconciliation job asks the gateway again if this lookup fails)…
      await this.transactions.note(paymentReference(order.reference, order.paymentAttempt), transactionId, 'redirect');
      // …but never trusted: ask the gateway, and only for this order's transactions.
      const tx = await this.gateway.getTransaction(transactionId).catch(() => null);
      if (tx && orderReferenceFromPayment(tx.reference) === order.reference) {
        if (tx.status !== 'PENDING') {
          await this.payments.applyTransaction(tx, { source: 'transaction-lookup', transaction: tx });
          order = (await this.ds.getRepository(OrderEntity).findOneBy({ id: order.id })) ?? order;
        } else {
          paymentProcessing = tx.reference === paymentReference(order.reference, order.paymentAttempt);
        }
      }
    }
    const [lines, steps] = await Promise.all([
      this.ds.getRepository(OrderLineEntity).find({ where: { orderId: order.id }, order: { position: 'ASC' } }),
      this.ds
        .getRepository(OrderTransitionEntity)
        .find({ where: { orderId: order.id }, order: { at: 'ASC', id: 'ASC' } }),
    ]);
    // A new attempt needs a minute of hold left before the order's hold limit (first expiry plus one period).
    const inTime = order.expiresAt.getTime() > Date.now() && order.holdUntil.getTime() - Date.now() >= 60_000;
    const mayStart = inTime && order.paymentAttempt < MAX_PAYMENT_ATTEMPTS;
    const { payEdge, mayRelease, awaitingGateway } = shopperLifecycle(order.status);
    // An attempt that takes the units again (after a decline) needs them still on the shelf.
    const canPay =
      payEdge !== null &&
      mayStart &&
      !paymentProcessing &&
      (!payEdge.effects.includes('reserveStock') || (await stockAvailable(this.ds.manager, groupBySize(lines))));
    const confirmed = PAID_STATUSES.has(order.status);
    return {
      order,
      reference: order.reference,
      status: order.status,
      createdAt: order.createdAt,
      paymentMethod: order.paymentMethod,
      customerName: order.fullName,
      email: order.email,
      lines: lines.map((l) => ({
        ...l,
        id: String(l.id),
        productId: l.productId === null ? null : String(l.productId),
      })),
      subtotal: order.subtotal,
      discount: order.discount,
      discountCode: order.discountCode,
      shipping: order.shipping,
      ivaIncluded: order.ivaIncluded,
      total: order.total,
      paymentFee: order.paymentFee,
      shippingAddress: {
        departmentCode: order.departmentCode,
        departmentName: order.departmentName,
        municipalityCode: order.municipalityCode,
        municipalityName: order.municipalityName,
        address: order.address,
        neighborhood: order.neighborhood,
      },
      canRetryPayment: canPay && order.status === 'PAGO_RECHAZADO',
      canPay,
      mayRelease,
      awaitingGateway,
      confirmed,
      ended: shopperOrderEnded(order.status, canPay),
      payBefore: payEdge && inTime ? order.expiresAt : null,
      paymentProcessing,
      timeline: shopperTimeline(steps),
      carrier: order.carrier,
      trackingNumber: order.trackingNumber,
      trackingUrl: trackingUrl(order.carrier, order.trackingNumber),
      refundPending: order.refundPending,
      refunded: order.refunded,
      netPaid: order.total - order.refunded,
      delivery: await orderDelivery(this.ds.manager, order),
    };
  }
}

/**
 * Status changes as the shopper reads them: no actors or notes; a repeated payment attempt and events that
 * change no status (returns, shown in their own section) are left out.
 */
export function shopperTimeline(
  steps: Array<Pick<OrderTransitionEntity, 'from' | 'to' | 'at' | 'event'>>,
): Array<{ from: OrderStatusValue | null; status: OrderStatusValue; at: Date }> {
  return steps.filter((s) => !s.event && s.from !== s.to).map((s) => ({ from: s.from, status: s.to, at: s.at }));
}
