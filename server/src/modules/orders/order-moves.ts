import { formatCop } from '#shared/money.js';
import { ORDER_STATUS_LABELS, type OrderStatusValue } from '#shared/orders.js';
import type { OrderEntity } from './order.entity.js';
import {
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
