import { Link } from 'react-router';
import { formatCop } from '#shared/money.js';
import { REFUND_METHOD_LABELS, RETURN_KIND_LABELS, RETURN_STATUS_LABELS } from '#shared/returns.js';
import { formatDateTime } from '../../lib/staff-format';
import type { StaffReturnFieldsFragment } from './staff-returns.generated';
import { ReturnActions } from './return-actions';
import { dueIn } from '../../lib/due-date';
import { formatDay } from '../../lib/staff-format';

/** One request: what was asked, for which units, the legal deadline for the money, what was done, and the next step. */
export function ReturnCard({
  request: r,
  showOrder = true,
  onChanged,
}: {
  request: StaffReturnFieldsFragment;
  showOrder?: boolean;
  onChanged?: () => void;
}) {
  const open = r.status !== 'REEMBOLSADA' && r.status !== 'RECHAZADA';
  const titleId = `return-${r.id}-title`;
  return (
    <article className={`staff-card return-card${r.overdue ? ' return-card--overdue' : ''}`} aria-labelledby={titleId}>
      <header className="return-card__head">
        <h3 id={titleId}>
          {RETURN_KIND_LABELS[r.kind]}
          {showOrder ? (
            <>
              {' · '}
              <Link to={`/detail-order/${r.orderId}`}>Orden {r.orderReference}</Link>
            </>
          ) : null}
        </h3>
        <span className={`return-status return-status--${r.status.toLowerCase()}`}>
          {RETURN_STATUS_LABELS[r.status]}
        </span>
      </header>
      <p className="muted">Solicitada el {formatDateTime(r.requestedAt)}</p>
      {open ? (
        <p className={r.overdue ? 'return-card__due return-card__due--overdue' : 'return-card__due'}>
          {r.overdue ? <strong>Plazo vencido: </strong> : 'Reembolso a más tardar el '}
          {r.overdue ? `el reembolso debía hacerse el ${formatDay(r.refundDueAt)}` : formatDay(r.refundDueAt)} (
          {dueIn(r.refundDueAt)})
        </p>
      ) : null}
      <p>
        <strong>Motivo:</strong> {r.reason}
      </p>
      {r.lines.length ? (
        <ul className="return-card__lines" aria-label="Productos">
          {r.lines.map((l) => (
            <li key={l.orderLineId}>
              {l.quantity} × {l.name} (talla {l.sizeLabel})
            </li>
          ))}
        </ul>
      ) : null}
      <p>
        <strong>A devolver:</strong> {formatCop(r.refundAmount)}
      </p>
      {r.decidedAt ? (
        <p className="muted">
          {r.status === 'RECHAZADA' ? 'Rechazada' : 'Aceptada'} el {formatDateTime(r.decidedAt)}
          {r.decisionNote ? ` · Nota: ${r.decisionNote}` : ''}
        </p>
      ) : null}
      {r.receivedAt ? <p className="muted">Productos recibidos el {formatDateTime(r.receivedAt)}</p> : null}
      {r.refundedAt && r.refundMethod ? (
        <p className="muted">
          Reembolsada el {formatDateTime(r.refundedAt)} · {REFUND_METHOD_LABELS[r.refundMethod]}
          {r.refundReference ? ` (${r.refundReference})` : ''}
        </p>
      ) : null}
      <ReturnActions request={r} onChanged={onChanged} />
    </article>
  );
}
