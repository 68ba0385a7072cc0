import type { Env } from '../../config/env.js';
import type { PaymentGateway } from '../payments/index.js';
import type { OrderEntity } from './order.entity.js';
import { paymentReference } from './order-tokens.js';

/** Where the gateway sends the shopper back (the receipt page, unlocked by the token). */
export function receiptUrl(env: Env, order: Pick<OrderEntity, 'reference' | 'accessToken'>): string {
  return `${env.publicUrl}/pago-exitoso?ref=${encodeURIComponent(order.reference)}&token=${encodeURIComponent(order.accessToken)}`;
}

/** Starts a payment attempt at the gateway for the order's current attempt number. */
export function checkoutUrlFor(env: Env, gateway: PaymentGateway, order: OrderEntity): Promise<string> {
  return gateway.createCheckoutUrl({
    reference: paymentReference(order.reference, order.paymentAttempt),
    amountInCents: order.total * 100,
    paymentMethod: order.paymentMethod,
    redirectUrl: receiptUrl(env, order),
    customer: {
      email: order.email,
      fullName: order.fullName,
      phone: order.phone,
      legalId: order.documentNumber,
      legalIdType: order.documentType,
    },
  });
}
