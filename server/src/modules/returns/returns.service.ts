import type { DataSource, EntityManager } from 'typeorm';
import { In, IsNull } from 'typeorm';
import { commit, inTransaction, rollback } from '../../common/db.js';
import { auditChange } from '../../common/audit.js';
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
import { ReturnLifecycle, type ReturnMoveDetails } from './return-lifecycle.js';
import { RETURN_REQUEST_MESSAGES, returnReasonSchema } from '#shared/return-request.js';
import { PAID_STATUSES } from '#shared/orders.js';
import { unitsText } from '#shared/plural.js';
import { MAX_LINE_QUANTITY } from '#shared/shop.js';
import { nextReturnSteps, whyNotStep } from './return-lifecycle.js';

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
  /** Units per order line already in (non-rejected) requests. */
  counted: Map<number, number>;
  /** What those requests are due in all. */
  alreadyDue: number;
  canRequestReversal: boolean;
}

const OPEN: ReturnStatus[] = ['SOLICITADA', 'ACEPTADA', 'RECIBIDA'];
/** Requests whose units and money count against the order: every one but rejected ones. */
const COUNTED: ReturnStatus[] = ['SOLICITADA', 'ACEPTADA', 'RECIBIDA', 'REEMBOLSADA'];
const KIND_LABELS: Record<ReturnKind, string> = {
  RETRACTO: 'Retracto',
  GARANTIA: 'Garantía',
  REVERSION: 'Reversión del pago',
};
/** Entries one request may list (an order has at most 50 lines; repeats of a line are added up). */
const MAX_ITEMS = 100;
const LINE_ID = /^\d{1,9}$/;

const notAllowed = (message: string): ReturnNotAllowed => ({ __typename: 'ReturnNotAllowed', message });
const tag = (r: ReturnRequestEntity): Tagged => Object.assign(r, { __typename: 'ReturnRequest' as const });

/**
 * Retracto, warranty claims and payment reversals (Ley 1480, arts. 47, 7–11, 51): the shopper asks from
 * the order's page, staff accept or reject with a note, record the goods coming back (stock returns
 * through the order lifecycle) and the refund (a card payment voided at the gateway, or a bank transfer
 * with its reference). Each step is on the order's timeline and sends an email.
 */
export class ReturnsService {
  private readonly steps: ReturnLifecycle;

  constructor(
    private readonly ds: DataSource,
    private readonly lifecycle: OrderLifecycle,
    private readonly gateway: PaymentGateway,
    private readonly mails: ReturnMails,
    private readonly refundDocuments: RefundDocuments = async () => {},
  ) {
    this.steps = new ReturnLifecycle(lifecycle, mails);
  }

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
    const [due]: Array<{ amount: number }> = await m.query(
      `SELECT COALESCE(sum(refund_amount), 0)::int AS amount FROM return_request WHERE order_id = $1 AND status = ANY($2::varchar[])`,
      [order.id, COUNTED],
    );
    const counted = new Map(taken.map((t) => [t.order_line_id, t.n]));
    const returnable = new Map(lines.map((l) => [l.id, Math.max(0, l.quantity - (counted.get(l.id) ?? 0))]));
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
      counted,
      alreadyDue: due!.amount,
      canRequestReversal: PAID_STATUSES.has(order.status) && order.transactionId !== null && reversal === 0,
    };
  }

  /**
   * A shopper's request on their own order (already authorised by reference + token). Repeats of a line are added
   * up; the units of every request on a line (all but rejected ones) never pass the units bought, and the amount
   * never passes what those units were paid. The order row is locked first, so requests on one order are decided
   * one after another (the database's return caps trigger checks the same, last).
   */
  async request(orderId: number, input: ReturnInput, now = new Date()): Promise<ReturnResult> {
    // The order page's form checks the same rule (#shared/return-request).
    const checked = returnReasonSchema.safeParse(input.reason);
    if (!checked.success) return invalidField('reason', checked.error.issues[0]!.message);
    const reason = checked.data;
    const asked = input.kind === 'REVERSION' ? null : wantedUnits(input.items ?? []);
    const outcome = await inTransaction<Tagged, ReturnResult>(this.ds, async (m) => {
      const order = await this.lifecycle.lock(m, { id: orderId });
      if (!order) return rollback(notFoundResult('No encontramos esta orden.'));
      const options = await this.options(order, m, now);
      const lines = await m.find(OrderLineEntity, { where: { orderId: order.id } });
      const refused = this.refusal(input.kind, options);
      if (refused) return rollback(refused);
      if (asked && 'errors' in asked) return rollback(asked);
      let units: Map<number, number>;
      if (asked === null) {
        units = new Map([...options.returnable].filter(([, n]) => n > 0));
        if (units.size === 0) return rollback(notAllowed('Todo el pedido ya está en otras solicitudes.'));
      } else {
        units = asked;
        for (const [lineId, quantity] of units) {
          const max = options.returnable.get(lineId);
          if (max === undefined) return rollback(invalidField('items', 'Uno de los productos no es de este pedido.'));
          if (quantity > max)
            return rollback(
              invalidField(
                'items',
                max > 0
                  ? `Puedes devolver hasta ${unitsText(max)} de ese producto.`
                  : 'Ese producto ya está en otra solicitud.',
              ),
            );
        }
      }
      const amount = refundFor(
        {
          shipping: order.shipping,
          paymentFee: order.paymentFee,
          total: order.total,
          lines: lines.map((l) => ({ id: l.id, quantity: l.quantity, lineTotal: l.lineTotal, discount: l.discount })),
        },
        units,
        options.counted,
        options.alreadyDue,
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
      saved.lines = [...units].map(([orderLineId, quantity]) =>
        m.create(ReturnLineEntity, { returnId: saved.id, orderLineId, quantity }),
      );
      await m.insert(ReturnLineEntity, saved.lines);
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

  /** Why this kind of request is not possible now (null: it is). */
  private refusal(kind: ReturnKind, options: ReturnOptions): ReturnNotAllowed | null {
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

  forOrder(orderId: number): Promise<ReturnRequestEntity[]> {
    return this.ds
      .getRepository(ReturnRequestEntity)
      .find({ where: { orderId }, relations: { lines: true }, order: { requestedAt: 'ASC', id: 'ASC' } });
  }

  /** Each refund made on an order, oldest first (what the order's totals list as money given back). */
  async refunds(
    orderId: number,
  ): Promise<
    Array<{ kind: ReturnKind; amount: number; refundedAt: Date; method: RefundMethod; reference: string | null }>
  > {
    const rows = await this.ds.getRepository(ReturnRequestEntity).find({
      where: { orderId, status: 'REEMBOLSADA' },
      order: { refundedAt: 'ASC', id: 'ASC' },
    });
    return rows.flatMap((r) =>
      r.refundedAt && r.refundMethod
        ? [
            {
              kind: r.kind,
              amount: r.refundAmount,
              refundedAt: r.refundedAt,
              method: r.refundMethod,
              reference: r.refundReference,
            },
          ]
        : [],
    );
  }

  /** Requests for staff: open ones first by legal deadline, then the rest newest first. */
  list(statuses?: ReturnStatus[] | null): Promise<ReturnRequestEntity[]> {
    const qb = this.ds.getRepository(ReturnRequestEntity).createQueryBuilder('r').leftJoinAndSelect('r.lines', 'l');
    if (statuses?.length) qb.where('r.status IN (:...statuses)', { statuses: [...new Set(statuses)] });
    return qb
      .orderBy(`CASE WHEN r.status IN ('SOLICITADA','ACEPTADA','RECIBIDA') THEN 0 ELSE 1 END`)
      .addOrderBy('r.refund_due_at', 'ASC')
      .addOrderBy('r.id', 'DESC')
      .limit(500)
      .getMany();
  }

  decide(id: string, staff: string, accept: boolean, note: string | null): Promise<ReturnResult> {
    const text = note?.slice(0, 2000).trim() ?? '';
    if (!accept && text.length < 5)
      return Promise.resolve(invalidField('note', 'Explica al cliente por qué no se acepta (al menos 5 caracteres).'));
    if (text.length > 1000)
      return Promise.resolve(invalidField('note', 'La nota es demasiado larga (máximo 1.000 caracteres).'));
    return this.step(id, staff, accept ? 'ACEPTADA' : 'RECHAZADA', async () => ({
      decidedBy: staff,
      decisionNote: text || null,
    }));
  }

  /** The goods came back: their units return to the shelf. */
  receive(id: string, staff: string): Promise<ReturnResult> {
    return this.step(id, staff, 'RECIBIDA', async () => ({}));
  }

  /** The money went back: a card payment voided at the gateway (full refunds only) or a bank transfer with its reference. */
  async refund(id: string, staff: string, method: RefundMethod, reference: string | null): Promise<ReturnResult> {
    const ref = reference?.slice(0, 200).trim() ?? '';
    if (method === 'BANK_TRANSFER' && ref.length < 3)
      return invalidField('reference', 'Escribe la referencia de la transferencia.');
    if (ref.length > 120) return invalidField('reference', 'La referencia es demasiado larga (máximo 120 caracteres).');
    return this.step(id, staff, 'REEMBOLSADA', async (r, order) => {
      if (method === 'GATEWAY_VOID') {
        if (order.paymentMethod !== 'CARD' || !order.transactionId)
          return invalidField(
            'method',
            'Solo un pago con tarjeta se puede anular en la pasarela; registra una transferencia.',
          );
        if (r.refundAmount !== order.total || order.refunded > 0)
          return invalidField(
            'method',
            'La pasarela solo anula el cobro completo; para un reembolso parcial registra una transferencia.',
          );
        const voided = await this.gateway.voidTransaction(order.transactionId);
        if (!voided.ok) return invalidField('method', voided.message);
      }
      return {
        refundMethod: method,
        refundReference: ref || (method === 'GATEWAY_VOID' ? order.transactionId : null),
      };
    });
  }

  /**
   * Locks the order and the request, lets `prepare` check the step (a refusal changes nothing), then moves the
   * request through the returns lifecycle (its effects, timeline entry and email) in the same transaction.
   */
  private async step(
    id: string,
    staff: string,
    to: ReturnStatus,
    prepare: (r: ReturnRequestEntity, order: OrderEntity) => Promise<ReturnMoveDetails | ValidationErrors>,
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
      // A step the request cannot take says so first; the step's own checks only for a step it can take.
      if (!nextReturnSteps(r).includes(to)) return rollback(notAllowed(whyNotStep(r, to)));
      const details = await prepare(r, order);
      if ('errors' in details) return rollback(details);
      const before = auditedReturn(r);
      const moved = await this.steps.move(m, r, order, to, staffActor(staff), details);
      if (!moved.ok) return rollback(notAllowed(moved.message));
      // Money given back for some units: the credit note that corrects the invoice for them.
      if (to === 'REEMBOLSADA')
        await this.refundDocuments(m, order, {
          returnId: r.id,
          units: (r.lines ?? []).map((l) => ({ orderLineId: l.orderLineId, quantity: l.quantity })),
          amount: r.refundAmount,
        });
      auditChange(m, {
        entityType: 'returnRequest',
        entityId: r.id,
        before,
        after: auditedReturn(r),
        detail: { order: order.reference },
      });
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

/**
 * Units per order line as the shopper listed them, repeats of a line added up; a malformed list (an id that is not
 * a number, a quantity that is not a whole number from 1, too many entries) is refused before anything is read.
 */
function wantedUnits(
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

/** A return request as the activity log shows it. */
const auditedReturn = (r: ReturnRequestEntity) => ({
  status: r.status,
  decisionNote: r.decisionNote,
  refundMethod: r.refundMethod,
  refundReference: r.refundReference,
  refundAmount: r.refundAmount,
});
