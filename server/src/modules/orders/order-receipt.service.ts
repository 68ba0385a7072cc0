import type { DataSource } from 'typeorm';
import type { OrderReceipt } from '../../generated/graphql.js';
import type { Env } from '../../config/env.js';
import { safeEqual } from '../../common/crypto.js';
import { commit, inTransaction, rollback } from '../../common/db.js';
import type { PaymentGateway } from '../payments/index.js';
import { OrderEntity } from './order.entity.js';
import { OrderLineEntity } from './order-line.entity.js';
import type { OrderPaymentsService } from './order-payments.service.js';
import { groupBySize, stockAvailable } from './order-stock.js';
import { SHOPPER, type OrderLifecycle } from './order-lifecycle.js';
import { orderReferenceFromPayment, paymentReference, REFERENCE_PATTERN } from './order-tokens.js';
import { checkoutUrlFor } from './order-checkout.js';
import type { OrderTransactions } from './order-transactions.js';
import { orderDelivery } from './order-delivery.js';

export type RetryResult =
  | { __typename: 'OrderPlaced'; reference: string; accessToken: string; checkoutUrl: string }
  | { __typename: 'PaymentRetryUnavailable'; message: string };

const unavailable = (message: string): RetryResult => ({ __typename: 'PaymentRetryUnavailable', message });

/** The receipt as GraphQL serves it, plus the order itself for fields other modules resolve (returns). */
export type ReceiptView = Omit<OrderReceipt, 'returns' | 'returnOptions'> & { order: OrderEntity };

/** The public receipt (reference + token) and new payment attempts after a declined payment. */
export class OrderReceiptService {
  constructor(
    private readonly ds: DataSource,
    private readonly env: Env,
    private readonly gateway: PaymentGateway,
    private readonly payments: OrderPaymentsService,
    private readonly transactions: OrderTransactions,
    private readonly lifecycle: OrderLifecycle,
  ) {}

  /** The order when the token matches (constant-time), else null. */
  async authorize(reference: string, token: string): Promise<OrderEntity | null> {
    const ref = reference.trim().toUpperCase();
    if (!REFERENCE_PATTERN.test(ref) || token.length < 16 || token.length > 64) return null;
    const order = await this.ds.getRepository(OrderEntity).findOneBy({ reference: ref });
    return order && safeEqual(order.accessToken, token) ? order : null;
  }

  async receipt(reference: string, token: string, transactionId?: string | null): Promise<ReceiptView | null> {
    let order = await this.authorize(reference, token);
    if (!order) return null;
    if (order.status === 'PENDIENTE_PAGO' && transactionId) {
      // Kept on the order at once (the reconciliation job asks the gateway again if this lookup fails)…
      await this.transactions.note(paymentReference(order.reference, order.paymentAttempt), transactionId, 'redirect');
      // …but never trusted: ask the gateway, and only for this order's transactions.
      const tx = await this.gateway.getTransaction(transactionId).catch(() => null);
      if (tx && orderReferenceFromPayment(tx.reference) === order.reference && tx.status !== 'PENDING') {
        await this.payments.applyTransaction(tx, { source: 'transaction-lookup', transaction: tx });
        order = (await this.ds.getRepository(OrderEntity).findOneBy({ id: order.id })) ?? order;
      }
    }
    const lines = await this.ds.getRepository(OrderLineEntity).find({ where: { orderId: order.id }, order: { position: 'ASC' } });
    const canRetryPayment =
      order.status === 'PAGO_RECHAZADO' && order.expiresAt.getTime() > Date.now() && order.holdUntil.getTime() - Date.now() >= 60_000 && (await stockAvailable(this.ds.manager, groupBySize(lines)));
    return {
      order,
      reference: order.reference,
      status: order.status,
      createdAt: order.createdAt,
      paymentMethod: order.paymentMethod,
      customerName: order.fullName,
      email: order.email,
      lines: lines.map((l) => ({ ...l, id: String(l.id), productId: l.productId === null ? null : String(l.productId) })),
      subtotal: order.subtotal,
      discount: order.discount,
      discountCode: order.discountCode,
      shipping: order.shipping,
      ivaIncluded: order.ivaIncluded,
      total: order.total,
      shippingAddress: {
        departmentCode: order.departmentCode,
        departmentName: order.departmentName,
        municipalityCode: order.municipalityCode,
        municipalityName: order.municipalityName,
        address: order.address,
        neighborhood: order.neighborhood,
      },
      canRetryPayment,
      delivery: await orderDelivery(this.ds.manager, order),
    };
  }

  /** A new payment attempt for a declined order while the expiry window is open and stock is there. */
  async retryPayment(reference: string, token: string): Promise<RetryResult> {
    const found = await this.authorize(reference, token);
    if (!found) return unavailable('No encontramos esta orden.');
    const outcome = await inTransaction(this.ds, async (m) => {
      const order = await this.lifecycle.lock(m, { id: found.id });
      if (!order || order.status !== 'PAGO_RECHAZADO') return rollback(unavailable('Esta orden ya no admite un nuevo intento de pago.'));
      const now = Date.now();
      if (order.expiresAt.getTime() <= now) return rollback(unavailable('El tiempo para reintentar el pago terminó. Vuelve a armar tu carrito para comprar de nuevo.'));
      // A new period, but never past the order's hold limit (first expiry plus one period): retries cannot hoard stock.
      const expiresAt = new Date(Math.min(now + this.env.ORDER_EXPIRY_MINUTES * 60_000, order.holdUntil.getTime()));
      if (expiresAt.getTime() - now < 60_000) return rollback(unavailable('Esta orden ya usó todo su tiempo de reserva. Vuelve a armar tu carrito para comprar de nuevo.'));
      const moved = await this.lifecycle.transition(m, order, {
        to: 'PENDIENTE_PAGO',
        actor: SHOPPER,
        note: 'Nuevo intento de pago',
        set: { paymentAttempt: order.paymentAttempt + 1, expiresAt },
      });
      if (!moved.ok) return rollback(unavailable('Algunos productos de esta orden se agotaron. Vuelve a armar tu carrito para comprar de nuevo.'));
      return commit(moved.order);
    });
    if (!outcome.commit) return outcome.failure;
    const checkoutUrl = await checkoutUrlFor(this.env, this.gateway, outcome.value);
    return { __typename: 'OrderPlaced', reference: outcome.value.reference, accessToken: outcome.value.accessToken, checkoutUrl };
  }
}
