import type { EntityManager } from 'typeorm';
import { GraphQLError } from 'graphql';
import { canTransition, type OrderStatusValue } from './order-status.js';
import { OrderEntity } from './order.entity.js';
import { OrderTransitionEntity } from './order-transition.entity.js';

export const ACTORS = { shopper: 'cliente', gateway: 'pasarela', system: 'sistema' } as const;

/** Moves an order (locked by the caller) to `to` and records the step. */
export async function transitionOrder(
  manager: EntityManager,
  order: OrderEntity,
  to: OrderStatusValue,
  actor: string,
  note: string | null,
  changes: Partial<OrderEntity> = {},
): Promise<void> {
  if (!canTransition(order.status, to)) {
    throw new GraphQLError(`No se puede pasar una orden de ${order.status} a ${to}.`, { extensions: { code: 'CONFLICT' } });
  }
  const from = order.status;
  await manager.update(OrderEntity, { id: order.id }, { status: to, ...changes });
  Object.assign(order, { status: to, ...changes });
  await manager.insert(OrderTransitionEntity, { orderId: order.id, from, to, actor, note });
}

/** Loads and row-locks an order inside the caller's transaction. */
export function lockOrder(manager: EntityManager, where: { id: number } | { reference: string }): Promise<OrderEntity | null> {
  return manager.getRepository(OrderEntity).createQueryBuilder('o').setLock('pessimistic_write').where(where).getOne();
}
