import type { EntityManager } from 'typeorm';
import { queueMail } from '../mail/index.js';
import type { OrderEntity } from './order.entity.js';
import { OrderLineEntity } from './order-line.entity.js';
import { shopNoticeEmail, shopperConfirmationEmail } from './order-email.js';

export type OrderMailKind = 'paid' | 'shopNewOrder';

export interface OrderMailSettings {
  /** The order's page for the shopper (reference + token). */
  receiptUrl(order: Pick<OrderEntity, 'reference' | 'accessToken'>): string;
  /** Where notices for the shop go. */
  shopEmail: string;
}

/** Renders an order's emails and queues them in the caller's transaction (one per order and kind). */
export class OrderMails {
  constructor(private readonly settings: OrderMailSettings) {}

  async queue(m: EntityManager, kind: OrderMailKind, order: OrderEntity): Promise<void> {
    const lines = await m.find(OrderLineEntity, { where: { orderId: order.id }, order: { position: 'ASC' } });
    switch (kind) {
      case 'paid': {
        const mail = shopperConfirmationEmail(order, lines, this.settings.receiptUrl(order));
        await queueMail(m, { key: `order:${order.id}:paid:shopper`, to: order.email, ...mail, tag: `${order.reference}-cliente`, orderId: order.id });
        return;
      }
      case 'shopNewOrder': {
        const mail = shopNoticeEmail(order, lines);
        await queueMail(m, { key: `order:${order.id}:paid:shop`, to: this.settings.shopEmail, ...mail, tag: `${order.reference}-tienda`, orderId: order.id });
        return;
      }
    }
  }
}
