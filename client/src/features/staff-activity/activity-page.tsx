import './staff-activity.css';
import { useQuery } from '@apollo/client/react';
import { isAuditKind } from '#shared/audit.js';
import { ActionError, QueryError } from '../../components/staff/query-error';
import { ActivityEntry } from './activity-entry';
import { ActivityFilters, ACTIVITY_FILTER_KEYS } from './activity-filters';
import { useUrlFilters } from '../../lib/use-url-filters';
import { StaffActivityPeopleDocument } from './staff-activity.generated';
import { useActivity } from './use-activity';

const years = (days: number) => (days % 365 === 0 ? `${days / 365} ${days === 365 ? 'año' : 'años'}` : `${days} días`);

/** `/dashboard/actividad` (owners): who did what, when and from where; filtered by person, record, action and dates. */
export function ActivityPage() {
  const { values, apply, formKey } = useUrlFilters(ACTIVITY_FILTER_KEYS);
  const filter = {
    actorUid: values.persona || null,
    entityType: values.registro || null,
    entityId: values.id.trim() || null,
    operation: values.op || null,
    kind: isAuditKind(values.tipo) ? values.tipo : null,
    from: values.desde || null,
    to: values.hasta || null,
  };
  const people = useQuery(StaffActivityPeopleDocument, { fetchPolicy: 'cache-and-network' });
  const log = useActivity(filter);
  return (
    <section className="staff-page" aria-labelledby="activity-title">
      <h1 id="activity-title">Actividad</h1>
      <p className="muted">
        Cada cambio del equipo queda aquí con quién, qué, cuándo y desde dónde; también los ingresos al panel, los
        intentos rechazados y las exportaciones. Nadie puede editar ni borrar estas entradas
        {log.retentionDays ? `; se conservan ${years(log.retentionDays)}` : ''}.
      </p>
      <ActivityFilters
        key={formKey}
        values={values}
        people={(people.data?.staffTeam.members ?? []).map((m) => ({
          uid: m.uid,
          label: m.name ? `${m.name} (${m.email})` : m.email,
        }))}
        onApply={(v) => apply(v)}
      />
      {log.error && log.entries.length === 0 ? (
        <QueryError error={log.error} onRetry={() => void log.refetch()} />
      ) : log.loading && log.entries.length === 0 ? (
        <p role="status">Cargando…</p>
      ) : log.entries.length === 0 ? (
        <p>No hay actividad con estos filtros.</p>
      ) : (
        <ol className="activity-list" aria-label="Entradas de actividad">
          {log.entries.map((e) => (
            <ActivityEntry key={e.id} entry={e} />
          ))}
        </ol>
      )}
      <ActionError message={log.moreError} />
      {log.hasNextPage ? (
        <button
          type="button"
          className="button button--secondary"
          disabled={log.loadingMore}
          onClick={() => void log.loadMore()}
        >
          {log.loadingMore ? 'Cargando…' : 'Ver más'}
        </button>
      ) : null}
    </section>
  );
}
