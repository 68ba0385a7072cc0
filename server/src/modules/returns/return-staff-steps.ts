import type { DataSource, EntityManager } from 'typeorm';
import { commit, inTransaction, rollback } from '../../common/db.js';
import { auditChange } from '../../common/audit.js';
import { invalidField, notFoundResult, type ValidationErrors } from '../../common/results.js';
import type { Actor, OrderEntity, OrderLifecycle } from '../orders/index.js';
import type { PaymentGateway } from '../payments/index.js';
import { ReturnRequestEntity, type RefundMethod, type ReturnStatus } from './return-request.entity.js';
import { ReturnLineEntity } from './return-line.entity.js';
import type { ReturnMails } from './return-mails.js';
import { nextReturnSteps, ReturnLifecycle, whyNotStep, type ReturnMoveDetails } from './return-lifecycle.js';
import { notAllowed, tagReturn, type ReturnResult, type TaggedReturn } from './return-results.js';

/**
 * Records, in the transaction of the refund, the electronic credit note for what was given back: the refunded units
 * of each order line and the amount (the invoicing module issues it).
 */
export type RefundDocuments = (
  m: EntityManager,
  order: OrderEntity,
  refund: { returnId: number; units: Array<{ orderLineId: number; quantity: number }>; amount: number },
) => Promise<void>;

/**
 * Staff's steps on a request: accept or reject it with a note, record the goods coming back (stock returns through
 * the order lifecycle) and the refund (a card payment voided at the gateway, or a bank transfer with its reference).
 * Each step is audited, is on the order's timeline and sends an email.
 */
export class ReturnStaffSteps {
  private readonly steps: ReturnLifecycle;

  constructor(
    private readonly ds: DataSource,
    private readonly lifecycle: OrderLifecycle,
    private readonly gateway: PaymentGateway,
    mails: ReturnMails,
    private readonly refundDocuments: RefundDocuments,
  ) {
    this.steps = new ReturnLifecycle(lifecycle, mails);
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
    const outcome = await inTransaction<TaggedReturn, ReturnResult>(this.ds, async (m) => {
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
      return commit(tagReturn(r));
    });
    return outcome.commit ? outcome.value : outcome.failure;
  }
}

const staffActor = (name: string): Actor => ({ kind: 'staff', name });

/** A return request as the activity log shows it. */
const auditedReturn = (r: ReturnRequestEntity) => ({
  status: r.status,
  decisionNote: r.decisionNote,
  refundMethod: r.refundMethod,
  refundReference: r.refundReference,
  refundAmount: r.refundAmount,
});
