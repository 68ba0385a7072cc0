import type { EntityManager } from 'typeorm';
import { IsNull } from 'typeorm';
import { invalidField, type ValidationErrors } from '../../common/results.js';
import { OrderLineEntity, OrderTransitionEntity, type OrderEntity } from '../orders/index.js';
import type { ReturnStatus } from './return-request.entity.js';
import { retractoDeadline, warrantyDeadline, type ReturnKind } from './return-rules.js';
import { notAllowed, type ReturnNotAllowed } from './return-results.js';
import { RETURN_REQUEST_MESSAGES } from '#shared/return-request.js';
import { PAID_STATUSES } from '#shared/orders.js';
import { MAX_LINE_QUANTITY } from '#shared/shop.js';

/** What a shopper may still ask for on an order. */
export interface ReturnOptions {
  deliveredAt: Date | null;
  retractoUntil: Date | null;
  warrantyUntil: Date | null;
  /** The order's lines (what the request's amount is worked out from). */
  lines: OrderLineEntity[];
  /** Units per order line not yet in a (non-rejected) request. */
  returnable: Map<number, number>;
  /** Units per order line already in (non-rejected) requests. */
  counted: Map<number, number>;
  /** What those requests are due in all. */
  alreadyDue: number;
  canRequestReversal: boolean;
}

/** Requests whose units and money count against the order: every one but rejected ones. */
const COUNTED: ReturnStatus[] = ['SOLICITADA', 'ACEPTADA', 'RECIBIDA', 'REEMBOLSADA'];
/** Entries one request may list (an order has at most 50 lines; repeats of a line are added up). */
const MAX_ITEMS = 100;
const LINE_ID = /^\d{1,9}$/;

/** The order's delivery, the units and money its requests already take, and the legal terms still open. */
export async function returnOptions(m: EntityManager, order: OrderEntity, now: Date): Promise<ReturnOptions> {
  const delivered =
    order.status === 'ENTREGADO'
      ? await m.findOne(OrderTransitionEntity, {
          where: { orderId: order.id, to: 'ENTREGADO', event: IsNull() },
          order: { at: 'DESC' },
        })
      : null;
  const deliveredAt = delivered?.at ?? null;
  const lines = await m.find(OrderLineEntity, { where: { orderId: order.id } });
  const taken: Array<{ order_line_id: number; n: number }> = await m.query(
    `SELECT rl.order_line_id, sum(rl.quantity)::int AS n FROM return_line rl JOIN return_request r ON r.id = rl.return_id
      WHERE r.order_id = $1 AND r.status = ANY($2::varchar[]) GROUP BY rl.order_line_id`,
    [order.id, COUNTED],
  );
  const [requests]: Array<{ amount: number; reversals: number }> = await m.query(
    `SELECT COALESCE(sum(refund_amount), 0)::int AS amount, count(*) FILTER (WHERE kind = 'REVERSION')::int AS reversals
       FROM return_request WHERE order_id = $1 AND status = ANY($2::varchar[])`,
    [order.id, COUNTED],
  );
  const counted = new Map(taken.map((t) => [t.order_line_id, t.n]));
  const returnable = new Map(lines.map((l) => [l.id, Math.max(0, l.quantity - (counted.get(l.id) ?? 0))]));
  const retractoUntil = deliveredAt ? retractoDeadline(deliveredAt) : null;
  const warrantyUntil = deliveredAt ? warrantyDeadline(deliveredAt) : null;
  return {
    deliveredAt,
    retractoUntil: retractoUntil && retractoUntil > now ? retractoUntil : null,
    warrantyUntil: warrantyUntil && warrantyUntil > now ? warrantyUntil : null,
    lines,
    returnable,
    counted,
    alreadyDue: requests!.amount,
    canRequestReversal: PAID_STATUSES.has(order.status) && order.transactionId !== null && requests!.reversals === 0,
  };
}

/** Why this kind of request is not possible now (null: it is). */
export function returnRefusal(kind: ReturnKind, options: ReturnOptions): ReturnNotAllowed | null {
  if (kind === 'REVERSION')
    return options.canRequestReversal
      ? null
      : notAllowed(
          'Esta orden no admite una reversión del pago: solo aplica a pagos electrónicos aprobados, una vez por pedido.',
        );
  if (kind === 'RETRACTO' && !options.retractoUntil)
    return notAllowed(
      options.deliveredAt
        ? 'El plazo de retracto (5 días hábiles desde la entrega) ya terminó. Si el producto tiene un defecto, puedes pedir la garantía.'
        : 'Podrás ejercer el retracto cuando recibas tu pedido.',
    );
  if (kind === 'GARANTIA' && !options.warrantyUntil)
    return notAllowed(
      options.deliveredAt
        ? 'La garantía de este pedido ya venció.'
        : 'Podrás pedir la garantía cuando recibas tu pedido.',
    );
  return null;
}

/**
 * Units per order line as the shopper listed them, repeats of a line added up; a malformed list (an id that is not
 * a number, a quantity that is not a whole number from 1, too many entries) is refused before anything is read.
 */
export function wantedUnits(
  items: ReadonlyArray<{ lineId: string; quantity: number }>,
): Map<number, number> | ValidationErrors {
  if (items.length > MAX_ITEMS) return invalidField('items', 'La solicitud tiene demasiados productos.');
  const units = new Map<number, number>();
  for (const item of items) {
    if (!LINE_ID.test(item.lineId)) return invalidField('items', 'Uno de los productos no es de este pedido.');
    if (!Number.isInteger(item.quantity) || item.quantity < 1 || item.quantity > MAX_LINE_QUANTITY)
      return invalidField('items', 'Indica cuántas unidades de cada producto (al menos 1).');
    const lineId = Number(item.lineId);
    units.set(lineId, (units.get(lineId) ?? 0) + item.quantity);
  }
  if (units.size === 0) return invalidField('items', RETURN_REQUEST_MESSAGES.items);
  return units;
}
