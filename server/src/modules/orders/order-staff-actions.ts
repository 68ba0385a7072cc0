import type { DataSource } from 'typeorm';
import type { OrderStatusValue } from '#shared/orders.js';
import type { FieldError } from '#shared/checkout.js';
import { commit, inTransaction, rollback } from '../../common/db.js';
import type { OrderEntity } from './order.entity.js';
import type { OrderLifecycle } from './order-lifecycle.js';

export interface StaffTransitionInput {
  orderId: string;
  to: OrderStatusValue;
  note?: string | null;
  carrier?: string | null;
  trackingNumber?: string | null;
}

/** A staff change: the order as it now is, or why nothing changed (GraphQL union members). */
export type StaffTransitionResult =
  | (OrderEntity & { __typename: 'StaffOrder' })
  | { __typename: 'TransitionNotAllowed'; message: string; from: OrderStatusValue; to: OrderStatusValue }
  | { __typename: 'ValidationErrors'; message: string; errors: FieldError[] }
  | { __typename: 'NotFound'; message: string };

const LIMITS = { note: 1000, carrier: 80, trackingNumber: 80 } as const;

const invalid = (field: string, message: string): StaffTransitionResult => ({
  __typename: 'ValidationErrors',
  message,
  errors: [{ field, message }],
});

export interface BulkTransitionInput {
  orderIds: string[];
  to: OrderStatusValue;
  note?: string | null;
  /** Moving to ENVIADO: each order's carrier and guide number. */
  shipments?: Array<{ orderId: string; carrier: string; trackingNumber: string }> | null;
}

export type BulkTransitionResult =
  | {
      __typename: 'BulkTransitionReport';
      items: Array<{ orderId: string; result: StaffTransitionResult }>;
      moved: number;
      refused: number;
    }
  | { __typename: 'ValidationErrors'; message: string; errors: FieldError[] };

export type CashCollectedResult =
  | (OrderEntity & { __typename: 'StaffOrder' })
  | { __typename: 'CashCollectionNotAllowed'; message: string }
  | { __typename: 'NotFound'; message: string };

/** Most orders one bulk change may move (a busy morning's packing, not the whole history). */
export const MAX_BULK_ORDERS = 100;

const refuse = (field: string, message: string): BulkTransitionResult => ({
  __typename: 'ValidationErrors',
  message,
  errors: [{ field, message }],
});

/**
 * What is wrong with a bulk change as a whole (nothing moves then): no orders, too many, an order listed twice,
 * shipments for another state, or a shipment twice or for an order not in the list.
 */
function bulkInputProblem(input: BulkTransitionInput): BulkTransitionResult | null {
  if (input.orderIds.length === 0) return refuse('orderIds', 'Elige al menos una orden.');
  if (input.orderIds.length > MAX_BULK_ORDERS)
    return refuse('orderIds', `Puedes cambiar hasta ${MAX_BULK_ORDERS} órdenes a la vez.`);
  const ids = input.orderIds.map((id) => id.trim());
  if (new Set(ids).size !== ids.length) return refuse('orderIds', 'Una orden aparece más de una vez en la lista.');
  const shipments = input.shipments ?? [];
  if (shipments.length === 0) return null;
  if (input.to !== 'ENVIADO') return refuse('shipments', 'La transportadora y la guía solo se indican al enviar.');
  const shipped = shipments.map((s) => s.orderId.trim());
  if (new Set(shipped).size !== shipped.length)
    return refuse('shipments', 'Una orden tiene más de una guía en la lista.');
  if (shipped.some((id) => !ids.includes(id)))
    return refuse('shipments', 'Hay una guía para una orden que no elegiste.');
  return null;
}

/** Staff moving orders through the lifecycle from the dashboard (each change recorded with the staff member as actor). */
export class OrderStaffActions {
  constructor(
    private readonly ds: DataSource,
    private readonly lifecycle: OrderLifecycle,
  ) {}

  async transition(staffName: string, input: StaffTransitionInput): Promise<StaffTransitionResult> {
    const id = Number(input.orderId);
    if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647)
      return { __typename: 'NotFound', message: 'La orden no existe.' };
    const text: Partial<Record<keyof typeof LIMITS, string | null>> = {};
    for (const field of Object.keys(LIMITS) as Array<keyof typeof LIMITS>) {
      const value = input[field]?.trim() ?? '';
      if (value.length > LIMITS[field]) return invalid(field, `Máximo ${LIMITS[field]} caracteres.`);
      text[field] = value === '' ? null : value;
    }
    const outcome = await inTransaction(this.ds, async (m) => {
      const order = await this.lifecycle.lock(m, { id });
      if (!order) return rollback<StaffTransitionResult>({ __typename: 'NotFound', message: 'La orden no existe.' });
      const from = order.status;
      const set =
        input.to === 'ENVIADO'
          ? { carrier: text.carrier ?? null, trackingNumber: text.trackingNumber ?? null }
          : undefined;
      const moved = await this.lifecycle.transition(m, order, {
        to: input.to,
        actor: { kind: 'staff', name: staffName },
        note: text.note,
        set,
      });
      if (moved.ok) return commit(moved.order);
      const failure = moved.failure;
      if (failure.reason === 'MISSING_FIELD') return rollback(invalid(failure.field, failure.message));
      return rollback<StaffTransitionResult>({
        __typename: 'TransitionNotAllowed',
        message: failure.message,
        from,
        to: input.to,
      });
    });
    return outcome.commit ? { ...outcome.value, __typename: 'StaffOrder' } : outcome.failure;
  }

  /** Records a cash-on-delivery order's money as collected (through the lifecycle, on the locked order). */
  async markCashCollected(staffName: string, orderId: string, note?: string | null): Promise<CashCollectedResult> {
    const id = Number(orderId);
    if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647)
      return { __typename: 'NotFound', message: 'La orden no existe.' };
    const text = note?.trim().slice(0, LIMITS.note) || null;
    const outcome = await inTransaction(this.ds, async (m) => {
      const order = await this.lifecycle.lock(m, { id });
      if (!order) return rollback<CashCollectedResult>({ __typename: 'NotFound', message: 'La orden no existe.' });
      const done = await this.lifecycle.collectCash(m, order, { kind: 'staff', name: staffName }, text);
      return done.ok
        ? commit(done.order)
        : rollback<CashCollectedResult>({ __typename: 'CashCollectionNotAllowed', message: done.failure.message });
    });
    return outcome.commit ? { ...outcome.value, __typename: 'StaffOrder' } : outcome.failure;
  }

  /**
   * Moves several orders to one state, one at a time through the lifecycle, each in its own
   * transaction: one refused order (another state, missing fields) never stops or undoes the others.
   */
  async bulkTransition(staffName: string, input: BulkTransitionInput): Promise<BulkTransitionResult> {
    const refused = bulkInputProblem(input);
    if (refused) return refused;
    const ids = input.orderIds.map((id) => id.trim());
    const shipments = new Map((input.shipments ?? []).map((s) => [s.orderId.trim(), s]));
    const items: Array<{ orderId: string; result: StaffTransitionResult }> = [];
    for (const orderId of ids) {
      const shipment = shipments.get(orderId);
      items.push({
        orderId,
        result: await this.transition(staffName, {
          orderId,
          to: input.to,
          note: input.note,
          carrier: shipment?.carrier,
          trackingNumber: shipment?.trackingNumber,
        }),
      });
    }
    const moved = items.filter((i) => i.result.__typename === 'StaffOrder').length;
    return { __typename: 'BulkTransitionReport', items, moved, refused: items.length - moved };
  }
}
