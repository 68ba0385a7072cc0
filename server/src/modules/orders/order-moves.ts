import { formatCop } from '#shared/money.js';
import { ORDER_STATUS_LABELS, PAID_STATUSES, type OrderStatusValue } from '#shared/orders.js';
import type { OrderEntity } from './order.entity.js';
import {
  holdsReservation,
  moneyReceived,
  ORDER_EDGES,
  refundableAmount,
  type ActorKind,
  type Edge,
  type Effect,
  type TransitionField,
} from './order-edges.js';

/** A step an actor may take on an order now, as the dashboard shows it (read from `ORDER_EDGES`, never re-derived). */
export interface OrderMove {
  to: OrderStatusValue;
  label: string;
  requires: TransitionField[];
  /** What taking the step does, in Spanish, for staff to read before they take it. */
  consequences: string[];
  /** The question to answer before a step that cannot be undone; null otherwise. */
  confirm: string | null;
}

type OrderFacts = Pick<
  OrderEntity,
  'status' | 'paymentMethod' | 'cashCollectedAt' | 'total' | 'refunded' | 'discountCode'
>;

/** What one effect does to this order, in staff's words (null: nothing worth saying for this order). */
function effectText(effect: Effect, order: OrderFacts): string | null {
  switch (effect) {
    case 'releaseStock':
      return 'Los productos apartados vuelven al inventario.';
    case 'restockSold':
      return 'Las unidades de la orden vuelven al inventario.';
    case 'sellReserved':
      return 'Las unidades apartadas quedan vendidas.';
    case 'returnDiscountUse':
      return order.discountCode ? `El uso del código ${order.discountCode} queda libre.` : null;
    case 'returnUnpaidDiscountUse':
      return order.discountCode && !moneyReceived(order)
        ? `El uso del código ${order.discountCode} queda libre.`
        : null;
    case 'flagRefund': {
      const due = refundableAmount(order);
      if (due > 0) return `Quedará marcada con reembolso pendiente de ${formatCop(due)}.`;
      return order.paymentMethod === 'CASH_ON_DELIVERY' && !moneyReceived(order)
        ? 'Contraentrega aún sin cobrar: no hay nada que reembolsar.'
        : null;
    }
    case 'reserveStock':
    case 'takeFromShelf':
    case 'retakeDiscountUse':
      return null;
  }
}

const REQUIREMENT_TEXT: Record<TransitionField, string> = {
  carrier: 'la transportadora',
  trackingNumber: 'el número de guía',
};

function describe(order: OrderFacts, to: OrderStatusValue, edge: Edge, actor: ActorKind): OrderMove {
  const consequences = edge.effects.flatMap((e) => effectText(e, order) ?? []);
  const requires = [...(edge.requires ?? [])];
  if (requires.length) consequences.unshift(`Pide ${requires.map((r) => REQUIREMENT_TEXT[r]).join(' y ')}.`);
  const mails = edge.quietFor?.includes(actor) ? [] : (edge.mailsBy?.[actor] ?? edge.mails ?? []);
  if (mails.some((m) => m !== 'shopNewOrder')) consequences.push('El cliente recibe un correo.');
  return {
    to,
    label: edge.label ?? ORDER_STATUS_LABELS[to],
    requires,
    consequences,
    confirm: edge.confirm ?? null,
  };
}

/** The steps `actor` may take on `order` now, in the table's order, each with what it needs and what it does. */
export function orderMoves(order: OrderFacts, actor: ActorKind): OrderMove[] {
  return (Object.entries(ORDER_EDGES[order.status]) as Array<[OrderStatusValue, Edge]>)
    .filter(([, edge]) => edge.by.includes(actor))
    .map(([to, edge]) => describe(order, to, edge, actor));
}

/** The lifecycle's edge the shopper may take from `status` to `to`, or null when the table has none for them. */
export function shopperEdge(status: OrderStatusValue, to: OrderStatusValue): Edge | null {
  const edge = ORDER_EDGES[status][to];
  return edge?.by.includes('shopper') ? edge : null;
}

/**
 * What the shopper's side may do with an order in `status`, read from `ORDER_EDGES` (actor 'shopper') so the
 * storefront never keeps its own list of states: start a payment (a shopper edge back to PENDIENTE_PAGO; when it
 * reserves stock, the units must still be there), let the order go (a shopper edge to CANCELADO), and whether a
 * payment's answer is awaited (the gateway's approval would sell the units held for it).
 */
export function shopperLifecycle(status: OrderStatusValue): {
  payEdge: Edge | null;
  mayRelease: boolean;
  awaitingGateway: boolean;
} {
  return {
    payEdge: shopperEdge(status, 'PENDIENTE_PAGO'),
    mayRelease: shopperEdge(status, 'CANCELADO') !== null,
    awaitingGateway: Object.values(ORDER_EDGES[status]).some(
      (edge) => edge.by.includes('gateway') && edge.effects.includes('sellReserved'),
    ),
  };
}

/**
 * Whether the order is over for the shopper without going ahead: it is not confirmed (paid, or contraentrega
 * confirmed), holds no units, and cannot be paid any more (expired, cancelled, declined past its hold, returned to
 * the shop). A browser that remembers it lets it go.
 */
export function shopperOrderEnded(status: OrderStatusValue, canPay: boolean): boolean {
  return !PAID_STATUSES.has(status) && !holdsReservation(status) && !canPay;
}
