import type { EntityManager } from 'typeorm';
import { queueMail } from '../mail/index.js';
import type { OrderEntity } from './order.entity.js';
import type { OrderDocuments } from './order-documents.js';
import { OrderLineEntity } from './order-line.entity.js';
import { shopNoticeEmail, shopperConfirmationEmail, type RenderedEmail } from './order-email.js';
import { SHOPPER_STATUS_EMAILS, STATUS_MAIL_TAGS, type ShopperStatusMail } from './order-status-email.js';

/** Emails the lifecycle queues: `paid` (shopper), `shopNewOrder` (shop) and one per state a shopper follows. */
export type OrderMailKind = 'paid' | 'shopNewOrder' | ShopperStatusMail;

export interface OrderMailSettings {
  /** The order's page for the shopper (reference + token). */
  receiptUrl(order: Pick<OrderEntity, 'reference' | 'accessToken'>): string;
  /** Where notices for the shop go. */
  shopEmail: string;
  /** The shop's address for links to its pages (policies); defaults to the receipt URL's origin. */
  publicUrl?: string;
  /** The order's invoice for the paid and cash-collected emails (none while invoicing is off). */
  invoiceLinks?: OrderDocuments['invoiceLinks'];
}

/**
 * The dedupe key of an email: one per order and kind, except a decline (one per payment attempt) and a
 * refund (one per refunded transaction).
 */
function mailKey(kind: OrderMailKind, order: OrderEntity, discriminator?: string): string {
  if (kind === 'paid') return `order:${order.id}:paid:shopper`;
  if (kind === 'shopNewOrder') return `order:${order.id}:paid:shop`;
  if (kind === 'declined') return `order:${order.id}:declined:${order.paymentAttempt}`;
  if (kind === 'refund') return `order:${order.id}:refund:${discriminator ?? ''}`.slice(0, 200);
  return `order:${order.id}:${kind}`;
}

/** Renders an order's emails and queues them in the caller's transaction (deduplicated, see `mailKey`). */
export class OrderMails {
  constructor(private readonly settings: OrderMailSettings) {}

  async queue(m: EntityManager, kind: OrderMailKind, order: OrderEntity, discriminator?: string): Promise<void> {
    const lines = await m.find(OrderLineEntity, { where: { orderId: order.id }, order: { position: 'ASC' } });
    const orderUrl = this.settings.receiptUrl(order);
    let mail: RenderedEmail;
    let to = order.email;
    let tag = `${order.reference}-cliente`;
    const invoice = kind === 'paid' || kind === 'cashCollected' ? await this.settings.invoiceLinks?.(m, order) : null;
    if (kind === 'paid') {
      mail = shopperConfirmationEmail(order, lines, orderUrl, invoice ?? null);
    } else if (kind === 'shopNewOrder') {
      mail = shopNoticeEmail(order, lines);
      to = this.settings.shopEmail;
      tag = `${order.reference}-tienda`;
    } else {
      mail = SHOPPER_STATUS_EMAILS[kind](order, lines, {
        orderUrl,
        publicUrl: this.settings.publicUrl ?? new URL(orderUrl).origin,
        invoice: invoice ?? null,
      });
      tag = `${order.reference}-cliente-${STATUS_MAIL_TAGS[kind]}`;
    }
    await queueMail(m, { key: mailKey(kind, order, discriminator), to, ...mail, tag, orderId: order.id });
  }
}
