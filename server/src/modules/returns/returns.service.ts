import type { DataSource } from 'typeorm';
import { commit, inTransaction, rollback } from '../../common/db.js';
import { invalidField, notFoundResult } from '../../common/results.js';
import type { OrderEntity, OrderLifecycle } from '../orders/index.js';
import type { PaymentGateway } from '../payments/index.js';
import { ReturnRequestEntity, type RefundMethod, type ReturnStatus } from './return-request.entity.js';
import { ReturnLineEntity } from './return-line.entity.js';
import { refundDueAt, refundFor, type ReturnKind } from './return-rules.js';
import type { ReturnMails } from './return-mails.js';
import { returnOptions, returnRefusal, wantedUnits, type ReturnOptions } from './return-options.js';
import { notAllowed, tagReturn, type ReturnResult, type TaggedReturn } from './return-results.js';
import { ReturnStaffSteps, type RefundDocuments } from './return-staff-steps.js';
import { returnReasonSchema } from '#shared/return-request.js';
import { unitsText } from '#shared/plural.js';

export interface ReturnInput {
  kind: ReturnKind;
  reason: string;
  /** Units per order line; ignored for a payment reversal (the whole payment). */
  items?: Array<{ lineId: string; quantity: number }> | null;
}

const OPEN: ReturnStatus[] = ['SOLICITADA', 'ACEPTADA', 'RECIBIDA'];
const KIND_LABELS: Record<ReturnKind, string> = {
  RETRACTO: 'Retracto',
  GARANTIA: 'Garantía',
  REVERSION: 'Reversión del pago',
};

/**
 * Retracto, warranty claims and payment reversals (Ley 1480, arts. 47, 7–11, 51): the shopper asks from
 * the order's page (here); staff's steps on a request are `ReturnStaffSteps`; the reads the order's pages and
 * the dashboard show are here too.
 */
export class ReturnsService {
  private readonly staffSteps: ReturnStaffSteps;

  constructor(
    private readonly ds: DataSource,
    private readonly lifecycle: OrderLifecycle,
    gateway: PaymentGateway,
    private readonly mails: ReturnMails,
    refundDocuments: RefundDocuments = async () => {},
  ) {
    this.staffSteps = new ReturnStaffSteps(ds, lifecycle, gateway, mails, refundDocuments);
  }

  options(order: OrderEntity, m = this.ds.manager, now = new Date()): Promise<ReturnOptions> {
    return returnOptions(m, order, now);
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
    const outcome = await inTransaction<TaggedReturn, ReturnResult>(this.ds, async (m) => {
      const order = await this.lifecycle.lock(m, { id: orderId });
      if (!order) return rollback(notFoundResult('No encontramos esta orden.'));
      const options = await this.options(order, m, now);
      const refused = returnRefusal(input.kind, options);
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
          lines: options.lines.map((l) => ({
            id: l.id,
            quantity: l.quantity,
            lineTotal: l.lineTotal,
            discount: l.discount,
          })),
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
      return commit(tagReturn(saved));
    });
    return outcome.commit ? outcome.value : outcome.failure;
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
    return this.staffSteps.decide(id, staff, accept, note);
  }

  receive(id: string, staff: string): Promise<ReturnResult> {
    return this.staffSteps.receive(id, staff);
  }

  refund(id: string, staff: string, method: RefundMethod, reference: string | null): Promise<ReturnResult> {
    return this.staffSteps.refund(id, staff, method, reference);
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
