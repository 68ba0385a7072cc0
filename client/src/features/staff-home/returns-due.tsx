import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router';
import { formatCop } from '#shared/money.js';
import { RETURN_KIND_LABELS, RETURN_STATUS_LABELS } from '#shared/returns.js';
import { dueIn } from '../../lib/due-date';
import { formatDay } from '../../lib/staff-format';
import type { StaffDashboardHomeQuery } from './staff-home.generated';
import { StaffReturnsDueDocument } from './staff-home.generated';
import { countOf } from '#shared/plural.js';

const SHOWN = 5;

/** What the shop owes back and by when: open requests, overdue ones, and the nearest legal deadlines. */
export function ReturnsDue({ summary }: { summary: StaffDashboardHomeQuery['staffDashboard']['returns'] }) {
  const { data } = useQuery(StaffReturnsDueDocument, { skip: summary.open === 0, fetchPolicy: 'cache-and-network' });
  if (summary.open === 0) return null;
  const next = (data?.staffReturns ?? []).slice(0, SHOWN);
  return (
    <section aria-labelledby="returns-due-title">
      <h2 id="returns-due-title">Devoluciones por resolver</h2>
      <p className={summary.overdue ? 'staff-alert staff-alert--danger' : 'staff-alert'} role="status">
        <span>
          <strong>{countOf(summary.open, 'solicitud abierta', 'solicitudes abiertas')}</strong>
          {summary.overdue
            ? `, ${summary.overdue === 1 ? '1 con el plazo vencido' : `${summary.overdue} con el plazo vencido`}`
            : ''}
          .{summary.nextDueAt ? ` Próximo plazo: ${formatDay(summary.nextDueAt)} (${dueIn(summary.nextDueAt)}).` : ''}
        </span>
        <Link to="/dashboard/devoluciones">Ver devoluciones</Link>
      </p>
      {next.length ? (
        <ul className="staff-due-list">
          {next.map((r) => (
            <li key={r.id}>
              <span className={r.overdue ? 'overdue' : undefined}>
                {formatDay(r.refundDueAt)} ({dueIn(r.refundDueAt)})
              </span>
              <span>
                {RETURN_KIND_LABELS[r.kind]} · {r.orderReference} · {formatCop(r.refundAmount)} ·{' '}
                {RETURN_STATUS_LABELS[r.status]}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
