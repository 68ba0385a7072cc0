import type { OrderStatusValue, PaymentMethodValue } from '#shared/orders.js';
import type { OrderEntity } from './order.entity.js';
import type { OrderMailKind } from './order-mails.js';
import type { OrderDocumentKind } from './order-documents.js';

/**
 * The order lifecycle's table (docs/decisions/0008-un-solo-ciclo-de-vida-del-pedido.md): every allowed change of
 * status, who may take it, what it does to stock, discount uses and refunds, which fields it needs and which emails
 * it queues. `OrderLifecycle.transition` (order-lifecycle.ts) is the only code that takes an edge; order-moves.ts
 * tells staff, from this same table, which steps an order allows and what each does.
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

export type Effect =
  /** stock → reserved, all sizes or none (may fail: stock ran out). */
  | 'reserveStock'
  /** stock − n directly, all sizes or none (may fail): approval after the hold was released. */
  | 'takeFromShelf'
  /** reserved → stock. */
  | 'releaseStock'
  /** reserved → sold. */
  | 'sellReserved'
  /** sold → stock: units that never left the shop (cancelled before shipping) or came back (a refused parcel). */
  | 'restockSold'
  /** Take the discount use again (the shopper already had the code: no usage limit). */
  | 'retakeDiscountUse'
  | 'returnDiscountUse'
  /** The discount use goes back when the shop never got the money (a contraentrega order ended before its cash). */
  | 'returnUnpaidDiscountUse'
  /** Money to give back (what was received and not yet refunded): flag for staff. */
  | 'flagRefund';

export type TransitionField = 'carrier' | 'trackingNumber';

export interface Edge {
  by: readonly ActorKind[];
  effects: readonly Effect[];
  /** How staff read the step when it is not just the new state's label. */
  label?: string;
  /** Fields of the request this edge needs. */
  requires?: readonly TransitionField[];
  /** Emails queued when the edge is taken (see order-mails.ts). */
  mails?: readonly OrderMailKind[];
  /** Other emails when this actor takes the edge (the system cancelling an unconfirmed order says why). */
  mailsBy?: Partial<Record<ActorKind, readonly OrderMailKind[]>>;
  /** Actors whose step queues none of them (a shopper who lets go of their own order knows it). */
  quietFor?: readonly ActorKind[];
  /** The question staff answer before taking a step that cannot be undone. */
  confirm?: string;
  /**
   * Electronic documents the edge calls for (recorded before its emails, which may link them): the invoice when the
   * money arrives, the credit note that cancels it when a sale is undone (none while the order has no invoice).
   */
  documents?: readonly OrderDocumentKind[];
}

/** Unpaid orders end when staff cancel them or the shopper lets them go (they changed their cart). */
const CANCEL_UNPAID: Edge = {
  by: ['staff', 'shopper'],
  effects: ['releaseStock', 'returnDiscountUse'],
  mails: ['cancelled'],
  quietFor: ['shopper'],
  confirm: '¿Cancelar esta orden? Esta acción no se puede deshacer.',
};
const LATE_APPROVAL: Edge = {
  by: ['gateway'],
  effects: ['takeFromShelf', 'retakeDiscountUse'],
  mails: ['paid', 'shopNewOrder'],
  documents: ['invoice'],
};
/**
 * Cancelled after payment, or after a cash-on-delivery order was confirmed, and before it left: its units go back
 * on the shelf; money received is flagged to give back (a contraentrega order's cash never was, and its code use
 * goes back).
 */
const CANCEL_CONFIRMED: Edge = {
  by: ['staff'],
  effects: ['restockSold', 'returnUnpaidDiscountUse', 'flagRefund'],
  mails: ['cancelled'],
  confirm: '¿Cancelar esta orden? Esta acción no se puede deshacer.',
  documents: ['cancellationCreditNote'],
};

/** Every allowed edge, and nothing else: `transition` refuses a move not listed here (NOT_ALLOWED). */
export const ORDER_EDGES: Readonly<Record<OrderStatusValue, Partial<Record<OrderStatusValue, Edge>>>> = {
  PENDIENTE_PAGO: {
    /** A new payment attempt (the shopper left the gateway, or switches to another online method): a fresh gateway reference. */
    PENDIENTE_PAGO: { by: ['shopper'], effects: [] },
    PAGADO: { by: ['gateway'], effects: ['sellReserved'], mails: ['paid', 'shopNewOrder'], documents: ['invoice'] },
    PAGO_RECHAZADO: { by: ['gateway'], effects: ['releaseStock', 'returnDiscountUse'], mails: ['declined'] },
    EXPIRADO: { by: ['system'], effects: ['releaseStock', 'returnDiscountUse'] },
    CANCELADO: CANCEL_UNPAID,
  },
  /**
   * Cash on delivery: placed unpaid with its stock held; staff call the shopper to confirm it. One staff do not
   * confirm within the shop's window (cash-on-delivery settings) is cancelled by the system (order-expiry.ts).
   */
  POR_CONFIRMAR: {
    /** Confirmed by phone: its units are sold and it joins the normal preparation flow (paid to the carrier on delivery). */
    EN_PREPARACION: {
      by: ['staff'],
      effects: ['sellReserved'],
      mails: ['preparing'],
      label: 'Confirmado por teléfono → En preparación',
    },
    CANCELADO: {
      by: ['staff', 'system'],
      effects: ['releaseStock', 'returnDiscountUse'],
      mails: ['cancelled'],
      mailsBy: { system: ['codLapsed'] },
      confirm: '¿Cancelar esta orden? Esta acción no se puede deshacer.',
    },
  },
  PAGO_RECHAZADO: {
    PENDIENTE_PAGO: { by: ['shopper'], effects: ['reserveStock', 'retakeDiscountUse'] },
    PAGADO: LATE_APPROVAL,
    CANCELADO: {
      by: ['staff', 'shopper'],
      effects: [],
      mails: ['cancelled'],
      quietFor: ['shopper'],
      confirm: '¿Cancelar esta orden? Esta acción no se puede deshacer.',
    },
  },
  EXPIRADO: {
    PAGADO: LATE_APPROVAL,
    CANCELADO: { by: ['staff'], effects: [], confirm: '¿Cancelar esta orden? Esta acción no se puede deshacer.' },
  },
  PAGADO: {
    EN_PREPARACION: { by: ['staff'], effects: [], mails: ['preparing'] },
    CANCELADO: CANCEL_CONFIRMED,
  },
  EN_PREPARACION: {
    ENVIADO: { by: ['staff'], effects: [], requires: ['carrier', 'trackingNumber'], mails: ['shipped'] },
    CANCELADO: CANCEL_CONFIRMED,
  },
  ENVIADO: {
    ENTREGADO: { by: ['staff'], effects: [], mails: ['delivered'] },
    /**
     * The parcel came back to the shop (refused at the door, nobody to receive it): staff record it when it
     * arrives, its units go back on the shelf, and money received is flagged to give back.
     */
    DEVUELTO: {
      by: ['staff'],
      effects: ['restockSold', 'returnUnpaidDiscountUse', 'flagRefund'],
      mails: ['returnedToShop'],
      documents: ['cancellationCreditNote'],
      label: 'Devuelto a la tienda (el paquete volvió)',
      confirm: '¿El paquete ya está de vuelta en la tienda? Sus unidades vuelven al inventario.',
    },
  },
  ENTREGADO: {},
  DEVUELTO: {},
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
export const PLACEMENT = {
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
export const CASH_COLLECTION = {
  from: ['ENTREGADO'],
  by: ['staff'],
  mails: ['cashCollected'],
  documents: ['invoice'],
} as const satisfies {
  from: readonly OrderStatusValue[];
  by: readonly ActorKind[];
  mails: readonly OrderMailKind[];
  documents: readonly OrderDocumentKind[];
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

/** What the shop holds of the shopper's money: nothing until it was received, less what went back since. */
export function refundableAmount(
  order: Pick<OrderEntity, 'paymentMethod' | 'cashCollectedAt' | 'total' | 'refunded'>,
): number {
  return moneyReceived(order) ? Math.max(0, order.total - order.refunded) : 0;
}
