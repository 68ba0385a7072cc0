import { formatCop } from '#shared/money.js';
import { ORDER_EVENT_LABELS, ORDER_STATUS_LABELS, TRANSACTION_STATUS_LABELS } from '#shared/orders.js';
import { formatDateTime } from '../../lib/staff-format';
import type { StaffOrderFieldsFragment } from './staff-orders.generated';

/** Payment (method, gateway transaction and its events) and the timeline of state changes. */
export function OrderHistory({ order: o, paymentLabel }: { order: StaffOrderFieldsFragment; paymentLabel: string }) {
  return (
    <div className="order-detail__grid no-print">
      <div className="staff-card">
        <h2>Pago</h2>
        <p>Método: {paymentLabel}</p>
        <p>Transacción: {o.transactionId ?? 'Sin transacción todavía'}</p>
        {o.payments.length ? (
          <ul className="payment-events">
            {o.payments.map((p) => (
              <li key={p.id}>
                {formatDateTime(p.receivedAt)} · {TRANSACTION_STATUS_LABELS[p.status] ?? p.status} ·{' '}
                {formatCop(Math.round(p.amountInCents / 100))} · {p.transactionId}
                {p.checksumValid ? '' : ' · firma no válida'}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">Sin eventos de la pasarela.</p>
        )}
      </div>
      <div className="staff-card">
        <h2>Historial</h2>
        <ol className="order-timeline">
          {o.timeline.map((t, i) => (
            <li key={i}>
              <strong>{t.event ? ORDER_EVENT_LABELS[t.event] : ORDER_STATUS_LABELS[t.to]}</strong>
              <span className="muted">
                {' '}
                · {formatDateTime(t.at)} · {t.actor}
              </span>
              {t.note ? <p className="order-timeline__note">{t.note}</p> : null}
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}
