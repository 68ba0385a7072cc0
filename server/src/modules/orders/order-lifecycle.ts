import type { EntityManager } from 'typeorm';
import {
  ORDER_STATUS_LABELS,
  type OrderEventValue,
  type OrderFlagValue,
  type OrderStatusValue,
} from '#shared/orders.js';
import { auditChange } from '../../common/audit.js';
import { ORDER_FLAGS, OrderEntity } from './order.entity.js';
import { OrderLineEntity } from './order-line.entity.js';
import { OrderTransitionEntity } from './order-transition.entity.js';
import {
  groupBySize,
  releaseStock,
  reserveStock,
  restockReturned,
  sellReserved,
  takeFromShelf,
} from '../catalog/index.js';
import { returnDiscountUse, takeDiscountUse } from '../discounts/index.js';
import { changedRows } from '../../common/db.js';
import type { OrderMails } from './order-mails.js';
import {
  actorLabel,
  CASH_COLLECTION,
  canCollectCash,
  moneyReceived,
  ORDER_EDGES,
  PLACEMENT,
  refundableAmount,
  SHOPPER,
  type Actor,
  type ActorKind,
  type Effect,
  type TransitionField,
} from './order-edges.js';
import { NO_DOCUMENTS, type OrderDocuments } from './order-documents.js';

export * from './order-edges.js';

/** A staff mutation's activity-log entry for an order change: the changed fields before and after, and the note. */
function auditOrder(m: EntityManager, order: OrderEntity, changes: Partial<OrderEntity>, note?: string | null): void {
  const keys = Object.keys(changes) as Array<keyof OrderEntity>;
  auditChange(m, {
    entityType: 'order',
    entityId: order.id,
    before: Object.fromEntries(keys.map((k) => [k, order[k]])),
    after: Object.fromEntries(keys.map((k) => [k, changes[k]])),
    detail: note?.trim() ? { note: note.trim() } : undefined,
  });
}

export interface TransitionRequest {
  to: OrderStatusValue;
  actor: Actor;
  note?: string | null;
  /** What the edge records on the order with the new status. */
  set?: Partial<
    Pick<OrderEntity, 'transactionId' | 'carrier' | 'trackingNumber' | 'paymentAttempt' | 'expiresAt' | 'paymentMethod'>
  >;
}

export type TransitionFailure =
  | { reason: 'NOT_ALLOWED'; message: string }
  | { reason: 'MISSING_FIELD'; field: TransitionField; message: string }
  | { reason: 'STOCK_SHORT'; sizeId: number; message: string };

export type TransitionResult = { ok: true; order: OrderEntity } | { ok: false; failure: TransitionFailure };

const MISSING_MESSAGES = { carrier: 'Indica la transportadora.', trackingNumber: 'Indica el número de guía.' } as const;

/**
 * The job that reminded a shopper of one order still unpaid, enqueued with each order until the reminders became a
 * sweep (order-reminders.ts): kept so such jobs queued before an upgrade still run.
 */
export const PAYMENT_REMINDER_TASK = 'order-payment-reminder';

export interface LifecycleSettings {
  /** Minutes after placement at which an order still unpaid gets one reminder email. */
  paymentReminderMinutes: number;
}

/**
 * The one place where an order changes status (docs/decisions/0008-un-solo-ciclo-de-vida-del-pedido.md). Each
 * allowed edge (`ORDER_EDGES`, order-edges.ts) says who may take it, what it does to stock, discount uses and
 * refunds, which fields it needs, and which emails it queues; every change is recorded on the timeline with its
 * actor and note. Payment events, staff actions, expiry and payment retries all come through `transition`; nothing
 * else writes `shop_order.status`.
 */
export class OrderLifecycle {
  constructor(
    private readonly mails: OrderMails,
    private readonly settings: LifecycleSettings = { paymentReminderMinutes: 10 },
    private readonly documents: OrderDocuments = NO_DOCUMENTS,
  ) {}

  /** Loads and row-locks an order inside the caller's transaction. */
  lock(m: EntityManager, where: { id: number } | { reference: string }): Promise<OrderEntity | null> {
    return m.getRepository(OrderEntity).createQueryBuilder('o').setLock('pessimistic_write').where(where).getOne();
  }

  /**
   * How a new order opens its timeline: its first status and the entry that records it. The placement writes the entry
   * in the same statement as the order (order-placement.service.ts) and then calls `place`.
   */
  opening(
    paymentMethod: OrderEntity['paymentMethod'],
    now = new Date(),
  ): { status: OrderStatusValue; actor: string; note: string; paymentReminderAt: Date | null } {
    const start = PLACEMENT[paymentMethod === 'CASH_ON_DELIVERY' ? 'cashOnDelivery' : 'online'];
    // One reminder if it is still unpaid by then: the reminders' sweep checks the order's state when it is due.
    const paymentReminderAt = start.remind
      ? new Date(now.getTime() + this.settings.paymentReminderMinutes * 60_000)
      : null;
    return { status: start.status, actor: actorLabel(SHOPPER), note: start.note, paymentReminderAt };
  }

  /**
   * The first step of a new order (already inserted with its lines, its `opening` entry and when its payment reminder
   * is due): queues its emails, then holds its units and its discount use. On failure the caller rolls everything back.
   * The stock hold comes after every other write so the size's row lock, which buyers of the same size queue behind,
   * is held only until the commit; the discount use follows it because every edge takes stock before discount uses
   * (one lock order, no deadlocks).
   */
  async place(
    m: EntityManager,
    order: OrderEntity,
    lines: Array<{ sizeId: number; quantity: number }>,
  ): Promise<
    { ok: true } | { ok: false; failure: { reason: 'STOCK_SHORT'; sizeId: number } | { reason: 'DISCOUNT_USED_UP' } }
  > {
    const start = PLACEMENT[order.paymentMethod === 'CASH_ON_DELIVERY' ? 'cashOnDelivery' : 'online'];
    if (order.status !== start.status)
      throw new Error(`place: a ${order.paymentMethod} order starts in ${start.status}, not ${order.status}`);
    for (const mail of start.mails) await this.mails.queue(m, mail, order);
    const short = await reserveStock(m, groupBySize(lines));
    if (short !== null) return { ok: false, failure: { reason: 'STOCK_SHORT', sizeId: short } };
    if (!(await takeDiscountUse(m, order.discountCode, { withinLimit: true })))
      return { ok: false, failure: { reason: 'DISCOUNT_USED_UP' } };
    return { ok: true };
  }

  /**
   * Records a cash-on-delivery order's money as collected by the carrier (CASH_COLLECTION): who and
   * when on the order, a timeline entry and the shopper's receipt email. Refused (nothing written) otherwise.
   */
  async collectCash(
    m: EntityManager,
    order: OrderEntity,
    actor: Actor,
    note?: string | null,
  ): Promise<TransitionResult> {
    if (!(CASH_COLLECTION.by as readonly ActorKind[]).includes(actor.kind) || !canCollectCash(order)) {
      const message =
        order.paymentMethod !== 'CASH_ON_DELIVERY'
          ? 'Esta orden no es contraentrega.'
          : order.cashCollectedAt
            ? 'El pago de esta orden ya quedó registrado.'
            : 'El pago contraentrega se registra cuando la orden ya fue entregada.';
      return { ok: false, failure: { reason: 'NOT_ALLOWED', message } };
    }
    const changes = { cashCollectedAt: new Date(), cashCollectedBy: actorLabel(actor) };
    await m.update(OrderEntity, { id: order.id }, changes);
    auditOrder(m, order, changes, note);
    Object.assign(order, changes);
    await this.record(
      m,
      order,
      'CASH_COLLECTED',
      actor,
      note?.trim() ? `Pago contraentrega recibido: ${note.trim()}` : 'Pago contraentrega recibido',
    );
    for (const document of CASH_COLLECTION.documents) await this.documents.record(m, document, order);
    for (const mail of CASH_COLLECTION.mails) await this.mails.queue(m, mail, order);
    return { ok: true, order };
  }

  /**
   * Moves a locked order along one edge: checks the edge and the actor, applies its effects, records
   * the change and queues its emails, all in the caller's transaction. A failure writes nothing.
   */
  async transition(m: EntityManager, order: OrderEntity, request: TransitionRequest): Promise<TransitionResult> {
    const from = order.status;
    const edge = ORDER_EDGES[from][request.to];
    if (!edge || !edge.by.includes(request.actor.kind)) {
      return {
        ok: false,
        failure: {
          reason: 'NOT_ALLOWED',
          message: `No se puede pasar de «${ORDER_STATUS_LABELS[from]}» a «${ORDER_STATUS_LABELS[request.to]}».`,
        },
      };
    }
    for (const field of edge.requires ?? []) {
      if (!request.set?.[field])
        return { ok: false, failure: { reason: 'MISSING_FIELD', field, message: MISSING_MESSAGES[field] } };
    }
    const changes: Partial<OrderEntity> = { ...request.set, status: request.to };
    for (const effect of edge.effects) {
      const short = await this.apply(m, order, effect, changes);
      if (short !== null)
        return {
          ok: false,
          failure: { reason: 'STOCK_SHORT', sizeId: short, message: 'Algunos productos de esta orden se agotaron.' },
        };
    }
    await m.update(OrderEntity, { id: order.id }, changes);
    auditOrder(m, order, changes, request.note);
    Object.assign(order, changes);
    await m.insert(OrderTransitionEntity, {
      orderId: order.id,
      from,
      to: request.to,
      actor: actorLabel(request.actor),
      note: request.note ?? null,
    });
    for (const document of edge.documents ?? []) await this.documents.record(m, document, order);
    if (!edge.quietFor?.includes(request.actor.kind)) {
      for (const mail of edge.mailsBy?.[request.actor.kind] ?? edge.mails ?? []) await this.mails.queue(m, mail, order);
    }
    return { ok: true, order };
  }

  /** Marks an order for staff attention without changing its status (amount mismatch, refund due…). */
  async flag(
    m: EntityManager,
    order: OrderEntity,
    flag: OrderFlagValue,
    extra: Partial<Pick<OrderEntity, 'refundPending' | 'transactionId'>> = {},
  ): Promise<void> {
    const flags = order.flags.includes(flag) ? order.flags : [...order.flags, flag];
    await m.update(OrderEntity, { id: order.id }, { flags, ...extra });
    Object.assign(order, { flags, ...extra });
  }

  /**
   * Records on the timeline something that happens to an order without changing its status (a return
   * requested, goods received, a refund made). `event` is a stable code for programs.
   */
  async record(
    m: EntityManager,
    order: OrderEntity,
    event: OrderEventValue,
    actor: Actor,
    note: string,
  ): Promise<void> {
    await m.insert(OrderTransitionEntity, {
      orderId: order.id,
      from: order.status,
      to: order.status,
      actor: actorLabel(actor),
      note,
      event,
    });
  }

  /** Returned units back on the shelf (a return received), recorded on the timeline. */
  async restock(
    m: EntityManager,
    order: OrderEntity,
    units: Array<{ sizeId: number; quantity: number }>,
    actor: Actor,
    note: string,
  ): Promise<void> {
    await restockReturned(m, groupBySize(units));
    await this.record(m, order, 'RETURN_RECEIVED', actor, note);
  }

  /**
   * Records money given back (a refund staff made), on the order and its timeline. Refused (nothing written) when it
   * would take the order's refunds past what it was paid: the order row's CHECK says the same.
   */
  async refund(m: EntityManager, order: OrderEntity, amount: number, actor: Actor, note: string): Promise<boolean> {
    if (!Number.isInteger(amount) || amount < 0 || amount > refundableAmount(order)) return false;
    const changed = await changedRows(
      m,
      `UPDATE shop_order SET refunded = refunded + $2 WHERE id = $1 AND refunded + $2 <= total`,
      [order.id, amount],
    );
    if (changed !== 1) return false;
    order.refunded += amount;
    await this.record(m, order, 'REFUNDED', actor, note);
    return true;
  }

  /**
   * Money the shop must give back (paid twice, paid after cancellation, approval after the stock was gone):
   * flagged for staff, and the shopper is told (one email per refunded transaction).
   */
  async flagRefund(
    m: EntityManager,
    order: OrderEntity,
    refundedTransactionId: string,
    extra: Partial<Pick<OrderEntity, 'transactionId'>> = {},
  ): Promise<void> {
    await this.flag(m, order, ORDER_FLAGS.refundPending, { refundPending: true, ...extra });
    await this.mails.queue(m, 'refund', order, refundedTransactionId);
  }

  /** Sends the reminder of an order still unpaid (OrderReminders), once. */
  async remindUnpaid(m: EntityManager, order: OrderEntity, now = new Date()): Promise<boolean> {
    if (order.status !== 'PENDIENTE_PAGO' || order.expiresAt.getTime() <= now.getTime()) return false;
    await this.mails.queue(m, 'paymentReminder', order);
    return true;
  }

  private async apply(
    m: EntityManager,
    order: OrderEntity,
    effect: Effect,
    changes: Partial<OrderEntity>,
  ): Promise<number | null> {
    switch (effect) {
      case 'reserveStock':
        return reserveStock(m, await this.units(m, order.id));
      case 'takeFromShelf':
        return takeFromShelf(m, await this.units(m, order.id));
      case 'releaseStock':
        await releaseStock(m, await this.units(m, order.id));
        return null;
      case 'sellReserved':
        await sellReserved(m, await this.units(m, order.id));
        return null;
      case 'restockSold':
        await restockReturned(m, await this.units(m, order.id));
        return null;
      case 'retakeDiscountUse':
        await takeDiscountUse(m, order.discountCode, { withinLimit: false });
        return null;
      case 'returnDiscountUse':
        await returnDiscountUse(m, order.discountCode);
        return null;
      case 'returnUnpaidDiscountUse':
        if (!moneyReceived(order)) await returnDiscountUse(m, order.discountCode);
        return null;
      case 'flagRefund':
        // A cash-on-delivery order whose cash was never collected, or one already refunded, has nothing to give back.
        if (refundableAmount(order) === 0) return null;
        changes.refundPending = true;
        changes.flags = order.flags.includes(ORDER_FLAGS.refundPending)
          ? order.flags
          : [...order.flags, ORDER_FLAGS.refundPending];
        return null;
    }
  }

  private async units(m: EntityManager, orderId: number) {
    return groupBySize(await m.find(OrderLineEntity, { where: { orderId }, select: { sizeId: true, quantity: true } }));
  }
}
