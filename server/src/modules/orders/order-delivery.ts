import type { EntityManager } from 'typeorm';
import { deliveryDaysLabel } from '#shared/shipping.js';
import { addBusinessDays, bogotaDate } from '../../common/business-days.js';
import type { OrderEntity } from './order.entity.js';
import { OrderTransitionEntity } from './order-transition.entity.js';
import { PAID_STATUSES } from '#shared/orders.js';

export interface DeliveryView {
  minDays: number;
  maxDays: number;
  label: string;
  /** Bogotá days (YYYY-MM-DD) once the order is paid: business days after the payment, holidays counted. */
  earliest: string | null;
  latest: string | null;
}

/** The delivery promise of an order (Ley 1480, art. 50): days at checkout, dates from the day it was paid. */
export async function orderDelivery(m: EntityManager, order: OrderEntity): Promise<DeliveryView | null> {
  if (order.deliveryMinDays === null || order.deliveryMaxDays === null) return null;
  const view: DeliveryView = {
    minDays: order.deliveryMinDays,
    maxDays: order.deliveryMaxDays,
    label: deliveryDaysLabel(order.deliveryMinDays, order.deliveryMaxDays),
    earliest: null,
    latest: null,
  };
  if (!PAID_STATUSES.has(order.status)) return view;
  // Counted from the payment, or for cash on delivery from the shop's confirmation (it goes straight to preparation).
  const startedTo = order.paymentMethod === 'CASH_ON_DELIVERY' ? 'EN_PREPARACION' : 'PAGADO';
  const paid = await m.findOne(OrderTransitionEntity, {
    where: { orderId: order.id, to: startedTo },
    order: { at: 'DESC' },
  });
  if (!paid) return view;
  const day = bogotaDate(paid.at);
  return {
    ...view,
    earliest: addBusinessDays(day, order.deliveryMinDays),
    latest: addBusinessDays(day, order.deliveryMaxDays),
  };
}
