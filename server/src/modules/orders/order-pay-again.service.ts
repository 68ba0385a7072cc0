import type { DataSource } from 'typeorm';
import {
  ONLINE_PAYMENT_METHODS,
  PAID_STATUSES,
  PAYMENT_METHOD_LABELS,
  type PaymentMethodValue,
} from '#shared/orders.js';
import type { Env } from '../../config/env.js';
import { commit, inTransaction, rollback } from '../../common/db.js';
import type { PaymentGateway } from '../payments/index.js';
import type { OrderEntity } from './order.entity.js';
import { SHOPPER, type OrderLifecycle } from './order-lifecycle.js';
import { checkoutUrlFor } from './order-checkout.js';
import { shopperLifecycle } from './order-moves.js';
import { MAX_PAYMENT_ATTEMPTS, type OrderReceiptService } from './order-receipt.service.js';

export type RetryResult =
  | { __typename: 'OrderPlaced'; reference: string; accessToken: string; checkoutUrl: string }
  | { __typename: 'PaymentRetryUnavailable'; message: string };

export type ReleaseResult =
  | { __typename: 'OrderReleased'; reference: string; status: OrderEntity['status'] }
  | { __typename: 'OrderAlreadyPaid'; reference: string; message: string }
  | { __typename: 'NotFound'; message: string };

const unavailable = (message: string): RetryResult => ({ __typename: 'PaymentRetryUnavailable', message });

const NOT_PAYABLE: Partial<Record<OrderEntity['status'], string>> = {
  EXPIRADO: 'El tiempo para pagar este pedido terminó. Tu carrito sigue guardado: puedes hacer el pedido de nuevo.',
  CANCELADO: 'Este pedido fue cancelado. Tu carrito sigue guardado: puedes hacer el pedido de nuevo.',
};

/**
 * A shopper who did not finish paying: a new payment attempt (after a decline, or after leaving the
 * gateway; any online method), or letting the order go because they changed their cart. Both go
 * through the lifecycle, in one transaction on the locked order.
 */
export class OrderPayAgainService {
  constructor(
    private readonly ds: DataSource,
    private readonly env: Env,
    private readonly gateway: PaymentGateway,
    private readonly receipts: OrderReceiptService,
    private readonly lifecycle: OrderLifecycle,
  ) {}

  async retryPayment(
    reference: string,
    token: string,
    paymentMethod?: PaymentMethodValue | null,
  ): Promise<RetryResult> {
    const found = await this.receipts.authorize(reference, token);
    if (!found) return unavailable('No encontramos este pedido.');
    if (paymentMethod && !(ONLINE_PAYMENT_METHODS as readonly string[]).includes(paymentMethod))
      return unavailable('Elige tarjeta, PSE, Nequi o Botón Bancolombia para pagar en línea.');
    const outcome = await inTransaction(this.ds, async (m) => {
      const order = await this.lifecycle.lock(m, { id: found.id });
      if (!order) return rollback(unavailable('No encontramos este pedido.'));
      if (PAID_STATUSES.has(order.status)) return rollback(unavailable('Este pedido ya está pagado.'));
      if (!shopperLifecycle(order.status).payEdge)
        return rollback(unavailable(NOT_PAYABLE[order.status] ?? 'Este pedido ya no admite pagos.'));
      if (order.expiresAt.getTime() <= Date.now())
        return rollback(
          unavailable(
            'El tiempo para pagar este pedido terminó. Tu carrito sigue guardado: puedes hacer el pedido de nuevo.',
          ),
        );
      if (order.paymentAttempt >= MAX_PAYMENT_ATTEMPTS)
        return rollback(
          unavailable(
            'Ya intentaste pagar este pedido varias veces. Escríbenos por WhatsApp y te ayudamos a terminar tu compra.',
          ),
        );
      // A new period, but never past the order's hold limit (first expiry plus one period): retries cannot hoard stock.
      const now = Date.now();
      const holdUntil = new Date(
        Math.min(
          Math.max(order.expiresAt.getTime(), now + this.env.ORDER_EXPIRY_MINUTES * 60_000),
          order.holdUntil.getTime(),
        ),
      );
      if (holdUntil.getTime() - now < 60_000)
        return rollback(
          unavailable(
            'Este pedido ya usó todo su tiempo de reserva. Tu carrito sigue guardado: puedes hacer el pedido de nuevo.',
          ),
        );
      const moved = await this.lifecycle.transition(m, order, {
        to: 'PENDIENTE_PAGO',
        actor: SHOPPER,
        note: `Nuevo intento de pago${paymentMethod && paymentMethod !== order.paymentMethod ? ` (cambió a ${PAYMENT_METHOD_LABELS[paymentMethod]})` : ''}`,
        set: {
          paymentAttempt: order.paymentAttempt + 1,
          expiresAt: holdUntil,
          paymentMethod: paymentMethod ?? order.paymentMethod,
        },
      });
      if (!moved.ok)
        return rollback(
          unavailable(
            'Algunos productos de este pedido se agotaron. Revisa tu carrito para comprar lo que sigue disponible.',
          ),
        );
      return commit(moved.order);
    });
    if (!outcome.commit) return outcome.failure;
    const checkoutUrl = await checkoutUrlFor(this.env, this.gateway, outcome.value);
    return {
      __typename: 'OrderPlaced',
      reference: outcome.value.reference,
      accessToken: outcome.value.accessToken,
      checkoutUrl,
    };
  }

  /** The shopper changed the cart this order came from: cancel it if still unpaid (stock and code go back). */
  async releaseOrder(reference: string, token: string): Promise<ReleaseResult> {
    const found = await this.receipts.authorize(reference, token);
    if (!found) return { __typename: 'NotFound', message: 'No encontramos este pedido.' };
    return this.ds.transaction(async (m): Promise<ReleaseResult> => {
      const order = (await this.lifecycle.lock(m, { id: found.id }))!;
      if (PAID_STATUSES.has(order.status))
        return {
          __typename: 'OrderAlreadyPaid',
          reference: order.reference,
          message: `Tu pedido ${order.reference} ya fue pagado.`,
        };
      if (shopperLifecycle(order.status).mayRelease) {
        const moved = await this.lifecycle.transition(m, order, {
          to: 'CANCELADO',
          actor: SHOPPER,
          note: 'El cliente cambió su carrito',
        });
        if (!moved.ok) throw new Error(`releaseOrder: ${moved.failure.message}`);
      }
      return { __typename: 'OrderReleased', reference: order.reference, status: order.status };
    });
  }
}
