import { formatCop } from '#shared/money.js';
import { RETURN_KIND_LABELS } from '#shared/returns.js';
import { formatDateTime } from '../../lib/staff-format';
import type { StaffOrderFieldsFragment } from './staff-orders.generated';

/** The order's figures: what was charged, then each refund as its own line and what the order cost in the end. */
export function OrderTotals({ order: o }: { order: StaffOrderFieldsFragment }) {
  return (
    <dl className="order-totals">
      <dt>Subtotal</dt>
      <dd>{formatCop(o.subtotal)}</dd>
      {o.discount > 0 ? (
        <>
          <dt>Descuento{o.discountCode ? ` (${o.discountCode})` : ''}</dt>
          <dd>−{formatCop(o.discount)}</dd>
        </>
      ) : null}
      <dt>Envío</dt>
      <dd>{o.shipping === 0 ? 'Gratis' : formatCop(o.shipping)}</dd>
      {o.paymentFee > 0 ? (
        <>
          <dt>Recargo contraentrega</dt>
          <dd>{formatCop(o.paymentFee)}</dd>
        </>
      ) : null}
      <dt>Total</dt>
      <dd>
        <strong>{formatCop(o.total)}</strong>
      </dd>
      <dt>IVA incluido</dt>
      <dd>{formatCop(o.ivaIncluded)}</dd>
      {o.refunds.map((r, i) => (
        <RefundLine key={i} refund={r} />
      ))}
      {o.refunded > 0 ? (
        <>
          <dt>Neto pagado</dt>
          <dd>
            <strong>{formatCop(o.netPaid)}</strong>
          </dd>
        </>
      ) : null}
    </dl>
  );
}

function RefundLine({ refund: r }: { refund: StaffOrderFieldsFragment['refunds'][number] }) {
  return (
    <>
      <dt>
        Reembolso · {RETURN_KIND_LABELS[r.kind]} · {formatDateTime(r.refundedAt)}
        {r.reference ? ` (${r.reference})` : ''}
      </dt>
      <dd>−{formatCop(r.amount)}</dd>
    </>
  );
}
