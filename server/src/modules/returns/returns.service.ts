import type { DataSource, EntityManager } from 'typeorm';
import { In, IsNull } from 'typeorm';
import { commit, inTransaction, rollback } from '../../common/db.js';
import { invalidField, notFoundResult, type NotFound, type ValidationErrors } from '../../common/results.js';
import {
  OrderEntity,
  OrderLineEntity,
  OrderTransitionEntity,
  type Actor,
  type OrderLifecycle,
} from '../orders/index.js';
import type { PaymentGateway } from '../payments/index.js';
import { ReturnRequestEntity, type RefundMethod, type ReturnStatus } from './return-request.entity.js';
import { ReturnLineEntity } from './return-line.entity.js';
import { refundDueAt, refundFor, retractoDeadline, warrantyDeadline, type ReturnKind } from './return-rules.js';
import type { ReturnMails } from './return-mails.js';
import { RETURN_REQUEST_MESSAGES, returnReasonSchema } from '#shared/return-request.js';
import { PAID_STATUSES } from '#shared/orders.js';

export interface ReturnInput {
  kind: ReturnKind;
  reason: string;
  /** Units per order line; ignored for a payment reversal (the whole payment). */
  items?: Array<{ lineId: string; quantity: number }> | null;
}

/**
 * Records, in the transaction of the refund, the electronic credit note for what was given back: the refunded units
 * of each order line and the amount (the invoicing module issues it).
 */
export type RefundDocuments = (
  m: EntityManager,
  order: OrderEntity,
  refund: { returnId: number; units: Array<{ orderLineId: number; quantity: number }>; amount: number },
) => Promise<void>;

export type ReturnNotAllowed = { __typename: 'ReturnNotAllowed'; message: string };
type Tagged = ReturnRequestEntity & { __typename: 'ReturnRequest' };
export type ReturnResult = Tagged | ValidationErrors | ReturnNotAllowed | NotFound;

/** What a shopper may still ask for on an order. */
export interface ReturnOptions {
  deliveredAt: Date | null;
  retractoUntil: Date | null;
  warrantyUntil: Date | null;
  /** Units per order line not yet in a (non-rejected) request. */
  returnable: Map<number, number>;
  canRequestReversal: boolean;
}

const OPEN: ReturnStatus[] = ['SOLICITADA', 'ACEPTADA', 'RECIBIDA'];
const COUNTED: ReturnStatus[] = ['SOLICITADA', 'ACEPTADA', 'RECIBIDA', 'REEMBOLSADA'];
const KIND_LABELS: Record<ReturnKind, string> = {
  RETRACTO: 'Retracto',
  GARANTIA: 'Garantía',
  REVERSION: 'Reversión del pago',
};

const notAllowed = (message: string): ReturnNotAllowed => ({ __typename: 'ReturnNotAllowed', message });
const tag = (r: ReturnRequestEntity): Tagged => Object.assign(r, { __typename: 'ReturnRequest' as const });

/**
 * Retracto, warranty claims and payment reversals (Ley 1480, arts. 47, 7–11, 51): the shopper asks from
 * the order's page, staff accept or reject with a note, record the goods coming back (stock returns
 * through the order lifecycle) and the refund (a card payment voided at the gateway, or a bank transfer
 * with its reference). Each step is on the order's timeline and sends an email.
 */
export class ReturnsService {
  constructor(
    private readonly ds: DataSource,
    private readonly lifecycle: OrderLifecycle,
    private readonly gateway: PaymentGateway,
    private readonly mails: ReturnMails,
    private readonly refundDocuments: RefundDocuments = async () => {},
  ) {}

  async options(order: OrderEntity, m: EntityManager = this.ds.manager, now = new Date()): Promise<ReturnOptions> {
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
    const used = new Map(taken.map((t) => [t.order_line_id, t.n]));
    const returnable = new Map(lines.map((l) => [l.id, l.quantity - (used.get(l.id) ?? 0)]));
    const reversal = await m.count(ReturnRequestEntity, {
      where: { orderId: order.id, kind: 'REVERSION', status: In(COUNTED) },
    });
    const retractoUntil = deliveredAt ? retractoDeadline(deliveredAt) : null;
    const warrantyUntil = deliveredAt ? warrantyDeadline(deliveredAt) : null;
    return {
      deliveredAt,
      retractoUntil: retractoUntil && retractoUntil > now ? retractoUntil : null,
      warrantyUntil: warrantyUntil && warrantyUntil > now ? warrantyUntil : null,
      returnable,
      canRequestReversal: PAID_STATUSES.has(order.status) && order.transactionId !== null && reversal === 0,
    };
  }

  /** A shopper's request on their own order (already authorised by reference + token). */
  async request(orderId: number, input: ReturnInput, now = new Date()): Promise<ReturnResult> {
    // The order page's form checks the same rule (#shared/return-request).
    const checked = returnReasonSchema.safeParse(input.reason);
    if (!checked.success) return invalidField('reason', checked.error.issues[0]!.message);
    const reason = checked.data;
    const outcome = await inTransaction<Tagged, ReturnResult>(this.ds, async (m) => {
      const order = await this.lifecycle.lock(m, { id: orderId });
      if (!order) return rollback(notFoundResult('No encontramos esta orden.'));
      const options = await this.options(order, m, now);
      const lines = await m.find(OrderLineEntity, { where: { orderId: order.id } });
      let units: Map<number, number>;
      if (input.kind === 'REVERSION') {
        if (!options.canRequestReversal)
          return rollback(
            notAllowed(
              'Esta orden no admite una reversión del pago: solo aplica a pagos electrónicos aprobados, una vez por pedido.',
            ),
          );
        units = options.returnable;
      } else {
        if (input.kind === 'RETRACTO' && !options.retractoUntil) {
          return rollback(
            notAllowed(
              options.deliveredAt
                ? 'El plazo de retracto (5 días hábiles desde la entrega) ya terminó. Si el producto tiene un defecto, puedes pedir la garantía.'
                : 'Podrás ejercer el retracto cuando recibas tu pedido.',
            ),
          );
        }
        if (input.kind === 'GARANTIA' && !options.warrantyUntil) {
          return rollback(
            notAllowed(
              options.deliveredAt
                ? 'La garantía de este pedido ya venció.'
                : 'Podrás pedir la garantía cuando recibas tu pedido.',
            ),
          );
        }
        units = new Map();
        for (const item of input.items ?? []) {
          const lineId = Number(item.lineId);
          const max = options.returnable.get(lineId);
          if (max === undefined) return rollback(invalidField('items', 'Uno de los productos no es de este pedido.'));
          if (!Number.isInteger(item.quantity) || item.quantity < 1 || item.quantity > max) {
            return rollback(
              invalidField(
                'items',
                max > 0
                  ? `Puedes devolver hasta ${max} ${max === 1 ? 'unidad' : 'unidades'} de ese producto.`
                  : 'Ese producto ya está en otra solicitud.',
              ),
            );
          }
          units.set(lineId, (units.get(lineId) ?? 0) + item.quantity);
        }
      }
      if ([...units.values()].every((q) => q <= 0))
        return rollback(invalidField('items', RETURN_REQUEST_MESSAGES.items));
      const already: Array<{ refunded: number; units: number }> = await m.query(
        `SELECT COALESCE(sum(r.refund_amount), 0)::int AS refunded,
                COALESCE((SELECT sum(rl.quantity) FROM return_line rl JOIN return_request x ON x.id = rl.return_id WHERE x.order_id = $1 AND x.status = ANY($2::varchar[])), 0)::int AS units
           FROM return_request r WHERE r.order_id = $1 AND r.status = ANY($2::varchar[])`,
        [order.id, COUNTED],
      );
      const amount = refundFor(
        { ...order, lines: lines.map((l) => ({ id: l.id, unitPrice: l.unitPrice, quantity: l.quantity })) },
        units,
        already[0]!,
      );
      const saved = await m.save(
        m.create(ReturnRequestEntity, {
          orderId: order.id,
          kind: input.kind,
          status: 'SOLICITADA',
          reason,
          requestedAt: now,
          refundAmount: amount,
          refundDueAt: refundDueAt(input.kind, now),
        }),
      );
      await m.insert(
        ReturnLineEntity,
        [...units]
          .filter(([, q]) => q > 0)
          .map(([orderLineId, quantity]) => ({ returnId: saved.id, orderLineId, quantity })),
      );
      await this.lifecycle.record(
        m,
        order,
        'RETURN_REQUESTED',
        { kind: 'shopper' },
        `${KIND_LABELS[input.kind]} solicitado: ${reason}`,
      );
      await this.mails.queue(m, 'requested', saved, order);
      return commit(tag(saved));
    });
    return outcome.commit ? outcome.value : outcome.failure;
  }

  forOrder(orderId: number): Promise<ReturnRequestEntity[]> {
    return this.ds
      .getRepository(ReturnRequestEntity)
      .find({ where: { orderId }, relations: { lines: true }, order: { requestedAt: 'ASC', id: 'ASC' } });
  }

  /** Requests for staff: open ones first by legal deadline, then the rest newest first. */
  list(statuses?: ReturnStatus[] | null): Promise<ReturnRequestEntity[]> {
    const qb = this.ds.getRepository(ReturnRequestEntity).createQueryBuilder('r').leftJoinAndSelect('r.lines', 'l');
    if (statuses?.length) qb.where('r.status IN (:...statuses)', { statuses });
    return qb
      .orderBy(`CASE WHEN r.status IN ('SOLICITADA','ACEPTADA','RECIBIDA') THEN 0 ELSE 1 END`)
      .addOrderBy('r.refund_due_at', 'ASC')
      .addOrderBy('r.id', 'DESC')
      .limit(500)
      .getMany();
  }

  decide(id: string, staff: string, accept: boolean, note: string | null): Promise<ReturnResult> {
    const text = note?.trim() ?? '';
    if (!accept && text.length < 5)
      return Promise.resolve(invalidField('note', 'Explica al cliente por qué no se acepta (al menos 5 caracteres).'));
    if (text.length > 1000)
      return Promise.resolve(invalidField('note', 'La nota es demasiado larga (máximo 1.000 caracteres).'));
    return this.step(id, ['SOLICITADA'], async (m, r, order) => {
      Object.assign(r, {
        status: accept ? 'ACEPTADA' : 'RECHAZADA',
        decidedAt: new Date(),
        decidedBy: staff,
        decisionNote: text || null,
      });
      await this.lifecycle.record(
        m,
        order,
        accept ? 'RETURN_ACCEPTED' : 'RETURN_REJECTED',
        staffActor(staff),
        `${KIND_LABELS[r.kind]} ${accept ? 'aceptado' : 'rechazado'}${text ? `: ${text}` : ''}`,
      );
      return accept ? 'accepted' : 'rejected';
    });
  }

  /** The goods came back: their units return to the shelf. */
  receive(id: string, staff: string): Promise<ReturnResult> {
    return this.step(id, ['ACEPTADA'], async (m, r, order) => {
      if (r.kind === 'REVERSION')
        return invalidField('id', 'Una reversión del pago no tiene productos por recibir: registra el reembolso.');
      const lines = await m.find(OrderLineEntity, { where: { orderId: order.id } });
      const bySize = new Map(lines.map((l) => [l.id, l.sizeId]));
      const units = (r.lines ?? [])
        .map((l) => ({ sizeId: bySize.get(l.orderLineId)!, quantity: l.quantity }))
        .filter((u) => u.sizeId !== undefined);
      Object.assign(r, { status: 'RECIBIDA', receivedAt: new Date() });
      await this.lifecycle.restock(
        m,
        order,
        units,
        staffActor(staff),
        `Productos devueltos recibidos (${units.reduce((n, u) => n + u.quantity, 0)} unidades)`,
      );
      return 'received';
    });
  }

  /** The money went back: a card payment voided at the gateway (full refunds only) or a bank transfer with its reference. */
  async refund(id: string, staff: string, method: RefundMethod, reference: string | null): Promise<ReturnResult> {
    const ref = reference?.trim() ?? '';
    if (method === 'BANK_TRANSFER' && ref.length < 3)
      return invalidField('reference', 'Escribe la referencia de la transferencia.');
    if (ref.length > 120) return invalidField('reference', 'La referencia es demasiado larga (máximo 120 caracteres).');
    return this.step(id, ['ACEPTADA', 'RECIBIDA'], async (m, r, order) => {
      if (r.kind === 'RETRACTO' && r.status !== 'RECIBIDA')
        return invalidField('id', 'Registra primero que recibiste los productos.');
      if (method === 'GATEWAY_VOID') {
        if (order.paymentMethod !== 'CARD' || !order.transactionId)
          return invalidField(
            'method',
            'Solo un pago con tarjeta se puede anular en la pasarela; registra una transferencia.',
          );
        if (r.refundAmount !== order.total)
          return invalidField(
            'method',
            'La pasarela solo anula el cobro completo; para un reembolso parcial registra una transferencia.',
          );
        const voided = await this.gateway.voidTransaction(order.transactionId);
        if (!voided.ok) return invalidField('method', voided.message);
      }
      Object.assign(r, {
        status: 'REEMBOLSADA',
        refundedAt: new Date(),
        refundMethod: method,
        refundReference: ref || (method === 'GATEWAY_VOID' ? order.transactionId : null),
      });
      await this.lifecycle.record(
        m,
        order,
        'REFUNDED',
        staffActor(staff),
        `Reembolso registrado (${method === 'GATEWAY_VOID' ? 'anulación en la pasarela' : `transferencia ${ref}`})`,
      );
      await this.refundDocuments(m, order, {
        returnId: r.id,
        units: (r.lines ?? []).map((l) => ({ orderLineId: l.orderLineId, quantity: l.quantity })),
        amount: r.refundAmount,
      });
      return 'refunded';
    });
  }

  /** Locks the request and its order, checks the status, applies one step, saves it and queues its email. */
  private async step(
    id: string,
    from: ReturnStatus[],
    apply: (
      m: EntityManager,
      r: ReturnRequestEntity,
      order: OrderEntity,
    ) => Promise<'accepted' | 'rejected' | 'received' | 'refunded' | ValidationErrors>,
  ): Promise<ReturnResult> {
    const n = Number(id);
    if (!Number.isInteger(n) || n < 1 || n > 2_147_483_647) return notFoundResult('La solicitud no existe.');
    const outcome = await inTransaction<Tagged, ReturnResult>(this.ds, async (m) => {
      const found = await m.findOne(ReturnRequestEntity, { where: { id: n } });
      if (!found) return rollback(notFoundResult('La solicitud no existe.'));
      const order = await this.lifecycle.lock(m, { id: found.orderId });
      const r = await m
        .getRepository(ReturnRequestEntity)
        .createQueryBuilder('r')
        .setLock('pessimistic_write')
        .where('r.id = :n', { n })
        .getOne();
      if (!order || !r) return rollback(notFoundResult('La solicitud no existe.'));
      r.lines = await m.find(ReturnLineEntity, { where: { returnId: r.id } });
      if (!from.includes(r.status))
        return rollback(notAllowed(`Esta solicitud está «${r.status.toLowerCase()}»: ya no admite ese paso.`));
      const step = await apply(m, r, order);
      if (typeof step !== 'string') return rollback(step);
      await m.save(r);
      await this.mails.queue(m, step, r, order);
      return commit(tag(r));
    });
    return outcome.commit ? outcome.value : outcome.failure;
  }

  /** Open requests for the dashboard: how many and the nearest legal deadline. */
  async due(): Promise<{ open: number; overdue: number; nextDueAt: Date | null }> {
    const [row]: Array<{ open: number; overdue: number; next: Date | null }> = await this.ds.query(
      `SELECT count(*)::int AS open, count(*) FILTER (WHERE refund_due_at < now())::int AS overdue, min(refund_due_at) AS next
         FROM return_request WHERE status = ANY($1::varchar[])`,
      [OPEN],
    );
    return { open: row!.open, overdue: row!.overdue, nextDueAt: row!.next };
  }
}

const staffActor = (name: string): Actor => ({ kind: 'staff', name });
