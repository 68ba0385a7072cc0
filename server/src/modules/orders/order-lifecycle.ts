import type { EntityManager } from 'typeorm';
import { ORDER_STATUS_LABELS, type OrderStatusValue, type PaymentMethodValue } from '#shared/orders.js';
import { enqueueJob } from '../../common/jobs.js';
import { ORDER_FLAGS, OrderEntity } from './order.entity.js';
import { OrderLineEntity } from './order-line.entity.js';
import { OrderTransitionEntity } from './order-transition.entity.js';
import {
  groupBySize,
  releaseStock,
  reserveStock,
  restockReturned,
  returnDiscountUse,
  sellReserved,
  takeDiscountUse,
  takeFromShelf,
} from './order-stock.js';
import type { OrderMailKind, OrderMails } from './order-mails.js';

/**
 * The one place where an order changes status (docs/decisions/0008-un-solo-ciclo-de-vida-del-pedido.md). Each allowed edge says who may take it,
 * what it does to stock and discount uses, which fields it needs, and which emails it queues; every
 * change is recorded on the timeline with its actor and note. Payment events, staff actions, expiry
 * and payment retries all come through `transition`; nothing else writes `shop_order.status`.
 */

export type ActorKind = 'shopper' | 'gateway' | 'system' | 'staff';

/** Who asks for a change; staff are named by their email. */
export type Actor = { kind: 'shopper' } | { kind: 'gateway' } | { kind: 'system' } | { kind: 'staff'; name: string };

export const SHOPPER: Actor = { kind: 'shopper' };
export const GATEWAY: Actor = { kind: 'gateway' };
export const SYSTEM: Actor = { kind: 'system' };

/** How the actor is written on the timeline. */
export function actorLabel(actor: Actor): string {
  switch (actor.kind) {
    case 'shopper':
      return 'cliente';
    case 'gateway':
      return 'pasarela';
    case 'system':
      return 'sistema';
    case 'staff':
      return actor.name;
  }
}

type Effect =
  /** stock → reserved, all sizes or none (may fail: stock ran out). */
  | 'reserveStock'
  /** stock − n directly, all sizes or none (may fail): approval after the hold was released. */
  | 'takeFromShelf'
  /** reserved → stock. */
  | 'releaseStock'
  /** reserved → sold. */
  | 'sellReserved'
  /** Take the discount use again (the shopper already had the code: no usage limit). */
  | 'retakeDiscountUse'
  | 'returnDiscountUse'
  /** Money to give back: flag for staff. */
  | 'flagRefund';

interface Edge {
  by: readonly ActorKind[];
  effects: readonly Effect[];
  /** Fields of the request this edge needs. */
  requires?: ReadonlyArray<'carrier' | 'trackingNumber'>;
  /** Emails queued when the edge is taken (see order-mails.ts). */
  mails?: readonly OrderMailKind[];
  /** Actors whose step queues none of them (a shopper who lets go of their own order knows it). */
  quietFor?: readonly ActorKind[];
}

/** Unpaid orders end when staff cancel them or the shopper lets them go (they changed their cart). */
const CANCEL_UNPAID: Edge = {
  by: ['staff', 'shopper'],
  effects: ['releaseStock', 'returnDiscountUse'],
  mails: ['cancelled'],
  quietFor: ['shopper'],
};
const LATE_APPROVAL: Edge = {
  by: ['gateway'],
  effects: ['takeFromShelf', 'retakeDiscountUse'],
  mails: ['paid', 'shopNewOrder'],
};
/** Cancelled after payment (or after a cash-on-delivery order was confirmed: no refund until its cash was collected). */
const CANCEL_PAID: Edge = { by: ['staff'], effects: ['flagRefund'], mails: ['cancelled'] };

/** Every allowed edge, and nothing else: `transition` refuses a move not listed here (NOT_ALLOWED). */
export const ORDER_EDGES: Readonly<Record<OrderStatusValue, Partial<Record<OrderStatusValue, Edge>>>> = {
  PENDIENTE_PAGO: {
    /** A new payment attempt (the shopper left the gateway, or switches to another online method): a fresh gateway reference. */
    PENDIENTE_PAGO: { by: ['shopper'], effects: [] },
    PAGADO: { by: ['gateway'], effects: ['sellReserved'], mails: ['paid', 'shopNewOrder'] },
    PAGO_RECHAZADO: { by: ['gateway'], effects: ['releaseStock', 'returnDiscountUse'], mails: ['declined'] },
    EXPIRADO: { by: ['system'], effects: ['releaseStock', 'returnDiscountUse'] },
    CANCELADO: CANCEL_UNPAID,
  },
  /** Cash on delivery: placed unpaid with its stock held; staff call the shopper to confirm (it never expires). */
  POR_CONFIRMAR: {
    /** Confirmed by phone: its units are sold and it joins the normal preparation flow (paid to the carrier on delivery). */
    EN_PREPARACION: { by: ['staff'], effects: ['sellReserved'], mails: ['preparing'] },
    CANCELADO: { by: ['staff'], effects: ['releaseStock', 'returnDiscountUse'], mails: ['cancelled'] },
  },
  PAGO_RECHAZADO: {
    PENDIENTE_PAGO: { by: ['shopper'], effects: ['reserveStock', 'retakeDiscountUse'] },
    PAGADO: LATE_APPROVAL,
    CANCELADO: { by: ['staff', 'shopper'], effects: [], mails: ['cancelled'], quietFor: ['shopper'] },
  },
  EXPIRADO: {
    PAGADO: LATE_APPROVAL,
    CANCELADO: { by: ['staff'], effects: [] },
  },
  PAGADO: {
    EN_PREPARACION: { by: ['staff'], effects: [], mails: ['preparing'] },
    CANCELADO: CANCEL_PAID,
  },
  EN_PREPARACION: {
    ENVIADO: { by: ['staff'], effects: [], requires: ['carrier', 'trackingNumber'], mails: ['shipped'] },
    CANCELADO: CANCEL_PAID,
  },
  ENVIADO: {
    ENTREGADO: { by: ['staff'], effects: [], mails: ['delivered'] },
  },
  ENTREGADO: {},
  CANCELADO: {},
};

/** Whether the lifecycle has the edge at all (any actor). */
export function canTransition(from: OrderStatusValue, to: OrderStatusValue): boolean {
  return ORDER_EDGES[from][to] !== undefined;
}

/** States `actor` may move an order to from `from`. */
export function allowedTransitions(from: OrderStatusValue, actor: ActorKind): OrderStatusValue[] {
  return (Object.entries(ORDER_EDGES[from]) as Array<[OrderStatusValue, Edge]>)
    .filter(([, edge]) => edge.by.includes(actor))
    .map(([to]) => to);
}

/** States in which the order's units are still held in `product_size.reserved`. */
export function holdsReservation(status: OrderStatusValue): boolean {
  return status === 'PENDIENTE_PAGO' || status === 'POR_CONFIRMAR';
}

/**
 * How a new order starts, by how it is paid: online orders wait for the gateway (with a reminder and
 * an expiry); cash-on-delivery orders wait for the shop's phone call, and shopper and shop are told now.
 */
const PLACEMENT = {
  online: { status: 'PENDIENTE_PAGO', note: 'Orden creada', mails: [], remind: true },
  cashOnDelivery: {
    status: 'POR_CONFIRMAR',
    note: 'Orden creada (pago contraentrega)',
    mails: ['codPlaced', 'shopNewOrder'],
    remind: false,
  },
} as const satisfies Record<
  string,
  { status: OrderStatusValue; note: string; mails: readonly OrderMailKind[]; remind: boolean }
>;

/** The state a new order starts in. */
export function initialStatus(paymentMethod: PaymentMethodValue): OrderStatusValue {
  return PLACEMENT[paymentMethod === 'CASH_ON_DELIVERY' ? 'cashOnDelivery' : 'online'].status;
}

/**
 * Cash on delivery is paid to the carrier on delivery: once the order is delivered staff record the
 * money as collected, once. Not a change of state: recorded on the order and its timeline, with an email.
 */
export const CASH_COLLECTION = { from: ['ENTREGADO'], by: ['staff'], mails: ['cashCollected'] } as const satisfies {
  from: readonly OrderStatusValue[];
  by: readonly ActorKind[];
  mails: readonly OrderMailKind[];
};

/** Whether staff may record the cash of this order as collected now. */
export function canCollectCash(order: Pick<OrderEntity, 'paymentMethod' | 'status' | 'cashCollectedAt'>): boolean {
  return (
    order.paymentMethod === 'CASH_ON_DELIVERY' &&
    order.cashCollectedAt === null &&
    (CASH_COLLECTION.from as readonly OrderStatusValue[]).includes(order.status)
  );
}

/** Whether the shop has this order's money (a cash-on-delivery order only once its cash was collected). */
export function moneyReceived(order: Pick<OrderEntity, 'paymentMethod' | 'cashCollectedAt'>): boolean {
  return order.paymentMethod !== 'CASH_ON_DELIVERY' || order.cashCollectedAt !== null;
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
  | { reason: 'MISSING_FIELD'; field: 'carrier' | 'trackingNumber'; message: string }
  | { reason: 'STOCK_SHORT'; sizeId: number; message: string };

export type TransitionResult = { ok: true; order: OrderEntity } | { ok: false; failure: TransitionFailure };

const MISSING_MESSAGES = { carrier: 'Indica la transportadora.', trackingNumber: 'Indica el número de guía.' } as const;

/** Background job that reminds a shopper of an order still unpaid (see order-reminders.ts). */
export const PAYMENT_REMINDER_TASK = 'order-payment-reminder';

export interface LifecycleSettings {
  /** Minutes after placement at which an order still unpaid gets one reminder email. */
  paymentReminderMinutes: number;
}

export class OrderLifecycle {
  constructor(
    private readonly mails: OrderMails,
    private readonly settings: LifecycleSettings = { paymentReminderMinutes: 10 },
  ) {}

  /** Loads and row-locks an order inside the caller's transaction. */
  lock(m: EntityManager, where: { id: number } | { reference: string }): Promise<OrderEntity | null> {
    return m.getRepository(OrderEntity).createQueryBuilder('o').setLock('pessimistic_write').where(where).getOne();
  }

  /**
   * The first step of a new order (already inserted with its lines, status PENDIENTE_PAGO): holds its
   * units and its discount use, and opens the timeline. On failure nothing is held; the caller rolls back.
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
    const short = await reserveStock(m, groupBySize(lines));
    if (short !== null) return { ok: false, failure: { reason: 'STOCK_SHORT', sizeId: short } };
    if (!(await takeDiscountUse(m, order.discountCode, { withinLimit: true })))
      return { ok: false, failure: { reason: 'DISCOUNT_USED_UP' } };
    await m.insert(OrderTransitionEntity, {
      orderId: order.id,
      from: null,
      to: start.status,
      actor: actorLabel(SHOPPER),
      note: start.note,
    });
    for (const mail of start.mails) await this.mails.queue(m, mail, order);
    if (start.remind) {
      // One reminder if it is still unpaid later; the job checks the order's state when it runs.
      const runAt = new Date(Date.now() + this.settings.paymentReminderMinutes * 60_000);
      await enqueueJob(
        m,
        PAYMENT_REMINDER_TASK,
        { orderId: order.id },
        { jobKey: `payment-reminder:${order.id}`, runAt, maxAttempts: 5 },
      );
    }
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
    Object.assign(order, changes);
    await this.record(
      m,
      order,
      'CASH_COLLECTED',
      actor,
      note?.trim() ? `Pago contraentrega recibido: ${note.trim()}` : 'Pago contraentrega recibido',
    );
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
    Object.assign(order, changes);
    await m.insert(OrderTransitionEntity, {
      orderId: order.id,
      from,
      to: request.to,
      actor: actorLabel(request.actor),
      note: request.note ?? null,
    });
    if (!edge.quietFor?.includes(request.actor.kind)) {
      for (const mail of edge.mails ?? []) await this.mails.queue(m, mail, order);
    }
    return { ok: true, order };
  }

  /** Marks an order for staff attention without changing its status (amount mismatch, refund due…). */
  async flag(
    m: EntityManager,
    order: OrderEntity,
    flag: string,
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
  async record(m: EntityManager, order: OrderEntity, event: string, actor: Actor, note: string): Promise<void> {
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

  /** Sends the reminder of an order still unpaid (the `order-payment-reminder` job), once. */
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
      case 'retakeDiscountUse':
        await takeDiscountUse(m, order.discountCode, { withinLimit: false });
        return null;
      case 'returnDiscountUse':
        await returnDiscountUse(m, order.discountCode);
        return null;
      case 'flagRefund':
        // A cash-on-delivery order whose cash was never collected has nothing to give back.
        if (!moneyReceived(order)) return null;
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
