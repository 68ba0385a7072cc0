import type { EntityManager } from 'typeorm';
import type { OrderEventValue } from '#shared/orders.js';
import { RETURN_STATUS_LABELS, type RefundMethodValue, type ReturnKindValue } from '#shared/returns.js';
import { unitsText } from '#shared/plural.js';
import { OrderLineEntity, type Actor, type OrderEntity, type OrderLifecycle } from '../orders/index.js';
import type { ReturnRequestEntity, ReturnStatus } from './return-request.entity.js';
import type { ReturnMails, ReturnStep } from './return-mails.js';

/** What a move does besides changing the request's status. */
type ReturnEffect =
  /** The request's units go back on the shelf (they left with the parcel and came back). */
  | 'restock'
  /** The request's amount is recorded as given back on the order (never past what was paid). */
  | 'refund';

interface ReturnEdge {
  /** Kinds of request that may take it (a reversal has no goods to receive; a retracto is refunded once received). */
  kinds: readonly ReturnKindValue[];
  effects: readonly ReturnEffect[];
  /** The order timeline's event and the shopper's email for the step. */
  event: OrderEventValue;
  mail: ReturnStep;
}

const ALL_KINDS: readonly ReturnKindValue[] = ['RETRACTO', 'GARANTIA', 'REVERSION'];

/**
 * Every move of a return request, and nothing else (like the orders' ORDER_EDGES): staff accept or reject a
 * request, record the goods as received, then the refund. `ReturnLifecycle.move` is the only code that changes
 * `return_request.status`.
 */
export const RETURN_EDGES: Readonly<Record<ReturnStatus, Partial<Record<ReturnStatus, ReturnEdge>>>> = {
  SOLICITADA: {
    ACEPTADA: { kinds: ALL_KINDS, effects: [], event: 'RETURN_ACCEPTED', mail: 'accepted' },
    RECHAZADA: { kinds: ALL_KINDS, effects: [], event: 'RETURN_REJECTED', mail: 'rejected' },
  },
  ACEPTADA: {
    RECIBIDA: { kinds: ['RETRACTO', 'GARANTIA'], effects: ['restock'], event: 'RETURN_RECEIVED', mail: 'received' },
    REEMBOLSADA: { kinds: ['GARANTIA', 'REVERSION'], effects: ['refund'], event: 'REFUNDED', mail: 'refunded' },
  },
  RECIBIDA: {
    REEMBOLSADA: { kinds: ALL_KINDS, effects: ['refund'], event: 'REFUNDED', mail: 'refunded' },
  },
  RECHAZADA: {},
  REEMBOLSADA: {},
};

/** The states a request may move to now. */
export function nextReturnSteps(r: Pick<ReturnRequestEntity, 'status' | 'kind'>): ReturnStatus[] {
  return (Object.entries(RETURN_EDGES[r.status]) as Array<[ReturnStatus, ReturnEdge]>)
    .filter(([, edge]) => edge.kinds.includes(r.kind))
    .map(([to]) => to);
}

/** Why a request cannot take a step now, in staff's words. */
export function whyNotStep(r: Pick<ReturnRequestEntity, 'status' | 'kind'>, to: ReturnStatus): string {
  if (to === 'RECIBIDA' && r.kind === 'REVERSION')
    return 'Una reversión del pago no tiene productos por recibir: registra el reembolso.';
  if (to === 'REEMBOLSADA' && r.kind === 'RETRACTO' && r.status === 'ACEPTADA')
    return 'Registra primero que recibiste los productos.';
  return `Esta solicitud está «${RETURN_STATUS_LABELS[r.status].toLowerCase()}»: ya no admite ese paso.`;
}

/** What the step records on the request (who decided, the refund's method and reference…). */
export interface ReturnMoveDetails {
  decidedBy?: string;
  decisionNote?: string | null;
  refundMethod?: RefundMethodValue;
  refundReference?: string | null;
}

export type ReturnMoveResult = { ok: true } | { ok: false; message: string };

const KIND_LABELS: Record<ReturnKindValue, string> = {
  RETRACTO: 'Retracto',
  GARANTIA: 'Garantía',
  REVERSION: 'Reversión del pago',
};

/** Moves a locked request along one edge, with its effects, its timeline event and its email, in the caller's transaction. */
export class ReturnLifecycle {
  constructor(
    private readonly orders: OrderLifecycle,
    private readonly mails: ReturnMails,
  ) {}

  async move(
    m: EntityManager,
    r: ReturnRequestEntity,
    order: OrderEntity,
    to: ReturnStatus,
    actor: Actor,
    details: ReturnMoveDetails = {},
  ): Promise<ReturnMoveResult> {
    const edge = RETURN_EDGES[r.status][to];
    if (!edge || !edge.kinds.includes(r.kind)) return { ok: false, message: whyNotStep(r, to) };
    const now = new Date();
    let note: string;
    if (to === 'ACEPTADA' || to === 'RECHAZADA') {
      Object.assign(r, {
        decidedAt: now,
        decidedBy: details.decidedBy ?? null,
        decisionNote: details.decisionNote ?? null,
      });
      note = `${KIND_LABELS[r.kind]} ${to === 'ACEPTADA' ? 'aceptado' : 'rechazado'}${r.decisionNote ? `: ${r.decisionNote}` : ''}`;
    } else if (to === 'RECIBIDA') {
      r.receivedAt = now;
      note = `Productos devueltos recibidos (${unitsText((r.lines ?? []).reduce((n, l) => n + l.quantity, 0))})`;
    } else {
      Object.assign(r, {
        refundedAt: now,
        refundMethod: details.refundMethod ?? null,
        refundReference: details.refundReference ?? null,
      });
      note = `Reembolso registrado (${details.refundMethod === 'GATEWAY_VOID' ? 'anulación en la pasarela' : `transferencia ${details.refundReference ?? ''}`.trim()})`;
    }
    for (const effect of edge.effects) {
      if (effect === 'restock') {
        const lines = await m.find(OrderLineEntity, { where: { orderId: order.id } });
        const sizeOf = new Map(lines.map((l) => [l.id, l.sizeId]));
        const units = (r.lines ?? []).flatMap((l) => {
          const sizeId = sizeOf.get(l.orderLineId);
          return sizeId === undefined ? [] : [{ sizeId, quantity: l.quantity }];
        });
        await this.orders.restock(m, order, units, actor, note);
      } else if (!(await this.orders.refund(m, order, r.refundAmount, actor, note))) {
        return {
          ok: false,
          message:
            order.paymentMethod === 'CASH_ON_DELIVERY' && order.cashCollectedAt === null
              ? 'Registra primero el pago contraentrega de la orden: aún no hay dinero que devolver.'
              : 'Este reembolso pasaría lo que se pagó por la orden: revisa los reembolsos ya registrados.',
        };
      }
    }
    r.status = to;
    // restock and refund record their own timeline entry; the decisions are recorded here.
    if (edge.effects.length === 0) await this.orders.record(m, order, edge.event, actor, note);
    await m.save(r);
    await this.mails.queue(m, edge.mail, r, order);
    return { ok: true };
  }
}
