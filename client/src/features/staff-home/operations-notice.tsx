import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/staff-format';
import { StaffOperationsNoticeDocument } from './staff-home.generated';
import { countOf } from '#shared/plural.js';

/**
 * What is wrong with the shop right now (a failed or stale backup, emails not going out, payments failing…), for
 * staff allowed to see operations. Shows nothing while all is well, or to a role without that permission.
 */
export function OperationsNotice() {
  const { data } = useQuery(StaffOperationsNoticeDocument, { fetchPolicy: 'cache-and-network', pollInterval: 60_000 });
  const firing = data?.staffOperations.alerts.filter((a) => a.firing) ?? [];
  if (firing.length === 0) return null;
  return (
    <section className="staff-alert staff-alert--danger staff-ops-notice" aria-labelledby="ops-notice-title">
      <h2 id="ops-notice-title">Atención: {countOf(firing.length, 'alerta', 'alertas')}</h2>
      <ul>
        {firing.map((a) => (
          <li key={a.key}>
            <strong>{a.label}.</strong> {a.message}
            {a.since ? <> (desde el {formatDateTime(a.since)})</> : null}
          </li>
        ))}
      </ul>
      <Link to="/dashboard/operaciones">Ver copias de seguridad y alertas</Link>
    </section>
  );
}
