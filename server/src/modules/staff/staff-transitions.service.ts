import type { DataSource } from 'typeorm';
import { GraphQLError } from 'graphql';
import { badInput, notFound } from '../../app/errors.js';
import { OrderEntity, ORDER_FLAGS } from '../orders/order.entity.js';
import { OrderLineEntity } from '../orders/order-line.entity.js';
import { groupBySize, releaseDiscountUses, releaseStock } from '../orders/order-stock.js';
import { OrderTransitionEntity } from '../orders/order-transition.entity.js';
import { canStaffTransition, canTransition, holdsReservation, ORDER_STATUS_LABELS, STAFF_TRANSITIONS, type OrderStatusValue } from '../orders/order-status.js';

export interface TransitionInput {
  orderId: string;
  to: OrderStatusValue;
  note?: string | null;
  carrier?: string | null;
  trackingNumber?: string | null;
}

const PAID_STATES: readonly OrderStatusValue[] = ['PAGADO', 'EN_PREPARACION'];

function clean(value: string | null | undefined, max: number, field: string): string | null {
  const v = value?.trim() ?? '';
  if (v.length > max) throw badInput(`Máximo ${max} caracteres.`, field);
  return v === '' ? null : v;
}

/** States staff may move an order to now (the shared state machine, staff subset). */
export function allowedStaffTransitions(status: OrderStatusValue): OrderStatusValue[] {
  return STAFF_TRANSITIONS[status].filter((to) => canTransition(status, to));
}

/**
 * Staff moves an order through its states (design §2): only allowed moves; ENVIADO needs carrier and
 * tracking number; cancelling an unpaid order releases its held stock, a paid one is marked for
 * refund. Each move is recorded with the staff member as actor, in one transaction.
 */
export class StaffTransitionsService {
  constructor(private readonly ds: DataSource) {}

  async transition(actor: string, input: TransitionInput): Promise<OrderEntity> {
    const id = Number(input.orderId);
    if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw notFound('La orden no existe.');
    const note = clean(input.note, 1000, 'note');
    const carrier = clean(input.carrier, 80, 'carrier');
    const trackingNumber = clean(input.trackingNumber, 80, 'trackingNumber');
    if (input.to === 'ENVIADO') {
      if (!carrier) throw badInput('Indica la transportadora.', 'carrier');
      if (!trackingNumber) throw badInput('Indica el número de guía.', 'trackingNumber');
    }
    return this.ds.transaction(async (em) => {
      const order = await em.getRepository(OrderEntity).createQueryBuilder('o').setLock('pessimistic_write').where('o.id = :id', { id }).getOne();
      if (!order) throw notFound('La orden no existe.');
      const from = order.status;
      if (!canStaffTransition(from, input.to) || !canTransition(from, input.to)) {
        throw new GraphQLError(`No se puede pasar de «${ORDER_STATUS_LABELS[from]}» a «${ORDER_STATUS_LABELS[input.to]}».`, {
          extensions: { code: 'CONFLICT', from, to: input.to },
        });
      }
      const changes: Partial<OrderEntity> = { status: input.to };
      if (input.to === 'ENVIADO') Object.assign(changes, { carrier, trackingNumber });
      if (input.to === 'CANCELADO') {
        if (holdsReservation(from)) {
          const lines = await em.getRepository(OrderLineEntity).find({ where: { orderId: order.id }, select: { sizeId: true, quantity: true } });
          await releaseStock(em, groupBySize(lines));
          await releaseDiscountUses(em, [order.id]);
        }
        if (PAID_STATES.includes(from)) {
          changes.refundPending = true;
          changes.flags = order.flags.includes(ORDER_FLAGS.refundPending) ? order.flags : [...order.flags, ORDER_FLAGS.refundPending];
        }
      }
      await em.getRepository(OrderEntity).update({ id: order.id }, changes);
      await em.getRepository(OrderTransitionEntity).insert({ orderId: order.id, from, to: input.to, actor, note });
      return (await em.getRepository(OrderEntity).findOneBy({ id: order.id }))!;
    });
  }
}
