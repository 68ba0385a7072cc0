import { Link } from 'react-router';
import { ROLE_LABELS } from '#shared/staff-access.js';
import { formatDateTime } from '../../lib/staff-format';
import type { AuditEntryFieldsFragment } from './staff-activity.generated';

/** Where the dashboard shows the record an entry is about. */
function recordLink(entityType: string | null | undefined, entityId: string | null | undefined): string | null {
  if (!entityType || !entityId) return null;
  if (entityType === 'order') return `/detail-order/${entityId}`;
  if (entityType === 'product') return `/dashboard/productos/${entityId}`;
  if (entityType === 'discountCode') return '/dashboard/codigos-descuento';
  if (entityType === 'staffMember') return '/dashboard/equipo';
  if (entityType === 'returnRequest') return '/dashboard/devoluciones';
  return null;
}

/** One activity entry: who, what, on which record, when and from where, and the fields before and after. */
export function ActivityEntry({
  entry: e,
  showRecord = true,
}: {
  entry: AuditEntryFieldsFragment;
  showRecord?: boolean;
}) {
  const link = showRecord ? recordLink(e.entityType, e.entityId) : null;
  return (
    <li className={`activity-entry activity-entry--${e.kind}`}>
      <p className="activity-entry__what">
        <strong>{e.operationLabel}</strong>
        {showRecord && e.entityLabel ? (
          <>
            {' · '}
            {link ? (
              <Link to={link}>
                {e.entityLabel} {e.entityId}
              </Link>
            ) : (
              <span>
                {e.entityLabel} {e.entityId}
              </span>
            )}
          </>
        ) : null}
      </p>
      <p className="activity-entry__who muted">
        <time dateTime={e.at}>{formatDateTime(e.at)}</time> · {e.actorEmail ?? e.actorUid}
        {e.actorRole ? ` (${ROLE_LABELS[e.actorRole]})` : ''}
        {e.kind === 'change' ? '' : ` · ${e.kindLabel}`}
        {e.clientIp ? ` · desde ${e.clientIp}` : ''}
      </p>
      {e.summary ? <p className="activity-entry__summary">{e.summary}</p> : null}
      {e.changes.length ? (
        <table className="activity-changes">
          <caption className="visually-hidden">Cambios</caption>
          <thead>
            <tr>
              <th scope="col">Campo</th>
              <th scope="col">Antes</th>
              <th scope="col">Después</th>
            </tr>
          </thead>
          <tbody>
            {e.changes.map((c) => (
              <tr key={c.field}>
                <th scope="row">{c.label}</th>
                <td>{c.before ?? '—'}</td>
                <td>{c.after ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </li>
  );
}
