import type { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import type { Env } from '../../config/env.js';
import type { CartService } from '../cart/cart.service.js';
import type { PaymentGateway } from '../payments/payment-gateway.js';
import { createPaymentGateway } from '../payments/create-gateway.js';
import { OrderService } from './order.service.js';
import { OrderPaymentService } from './order-payment.service.js';
import { OrderReceiptService } from './order-receipt.service.js';
import { OrderExpiryJob } from './order-expiry.job.js';
import { OrderMailer } from './order-mailer.js';

export interface OrderServices {
  orders: OrderService;
  orderReceipts: OrderReceiptService;
  orderExpiry: OrderExpiryJob;
  mailer: OrderMailer;
  payments: { gateway: PaymentGateway; events: OrderPaymentService };
}

/** Checkout, payments and order mail, wired once at start-up (the gateway is picked from env). */
export function createOrderServices(env: Env, ds: DataSource, cart: CartService, log?: Logger): OrderServices {
  const gateway = createPaymentGateway(env, ds);
  if (gateway.kind === 'sandbox' && env.isProduction) {
    log?.warn('Pagos con la pasarela de pruebas: define WOMPI_PUBLIC_KEY, WOMPI_INTEGRITY_SECRET y WOMPI_EVENTS_SECRET para cobrar con Wompi.');
  }
  const mailer = new OrderMailer(ds, env, log);
  const events = new OrderPaymentService(ds, (orderId) => void mailer.orderPaid(orderId));
  return {
    orders: new OrderService(ds, env, cart, gateway),
    orderReceipts: new OrderReceiptService(ds, env, gateway, events),
    orderExpiry: new OrderExpiryJob(ds, log),
    mailer,
    payments: { gateway, events },
  };
}
