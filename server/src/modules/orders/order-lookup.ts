import type { DataSource } from 'typeorm';
import { trackingUrl } from '#shared/carriers.js';
import { ORDER_LOOKUP_MISMATCH, orderLookupSchema } from '#shared/order-lookup.js';
import { canonicalEmail } from '#shared/customer-email.js';
import { PAID_STATUSES } from '#shared/orders.js';
import type { OrderLookup } from '../../generated/graphql.js';
import { safeEqual } from '../../common/crypto.js';
import { invalidField, notFoundResult, type NotFound, type ValidationErrors } from '../../common/results.js';
import { OrderEntity } from './order.entity.js';
import { OrderTransitionEntity } from './order-transition.entity.js';
import { orderDelivery } from './order-delivery.js';
import { shopperTimeline } from './order-receipt.service.js';
import { REFERENCE_PATTERN } from './order-tokens.js';

/** What «Consulta tu pedido» answers, plus the order for fields other modules resolve (returns). */
export type OrderLookupView = Omit<OrderLookup, 'returns'> & { __typename: 'OrderLookup'; order: OrderEntity };

/** One message whichever half was wrong, so the answer never tells whether a reference exists. */
export const LOOKUP_MISMATCH = ORDER_LOOKUP_MISMATCH;

/**
 * «Consulta tu pedido»: a shopper without the order's link types its reference and the email it was placed
 * with and sees how far it has got (status, timeline, carrier and tracking link, delivery dates) and
 * nothing personal. Rate-limited per client address (app/graphql-limits.ts).
 */
export class OrderLookupService {
  constructor(private readonly ds: DataSource) {}

  async lookup(reference: string, email: string): Promise<OrderLookupView | NotFound | ValidationErrors> {
    // The page checks the same rules (react-hook-form with this schema).
    const parsed = orderLookupSchema.safeParse({ reference, email });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return invalidField(String(issue.path[0]), issue.message);
    }
    const { reference: ref, email: mail } = parsed.data;
    // A malformed reference is answered like a wrong pair: the format is public, the answer must not differ.
    const order = REFERENCE_PATTERN.test(ref)
      ? await this.ds.getRepository(OrderEntity).findOneBy({ reference: ref })
      : null;
    // Compared in canonical form (the same inbox however it is written), in constant time, and compared even when
    // there is no order, so both halves cost the same.
    const matches = safeEqual(order?.emailCanonical ?? '', canonicalEmail(mail)) && order !== null;
    if (!order || !matches) return notFoundResult(LOOKUP_MISMATCH);
    const steps = await this.ds
      .getRepository(OrderTransitionEntity)
      .find({ where: { orderId: order.id }, order: { at: 'ASC', id: 'ASC' } });
    return {
      __typename: 'OrderLookup',
      order,
      reference: order.reference,
      status: order.status,
      createdAt: order.createdAt,
      confirmed: PAID_STATUSES.has(order.status),
      timeline: shopperTimeline(steps),
      carrier: order.carrier,
      trackingNumber: order.trackingNumber,
      trackingUrl: trackingUrl(order.carrier, order.trackingNumber),
      delivery: await orderDelivery(this.ds.manager, order),
    };
  }
}
