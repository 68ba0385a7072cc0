import './staff-activity.css';
import { useState } from 'react';
import { QueryError, ActionError } from '../../components/staff/query-error';
import { ActivityEntry } from './activity-entry';
import { useActivity } from './use-activity';

function HistoryList({ entityType, entityId }: { entityType: string; entityId: string }) {
  const h = useActivity({ entityType, entityId });
  if (h.error && h.entries.length === 0) return <QueryError error={h.error} onRetry={() => void h.refetch()} />;
  if (h.loading && h.entries.length === 0) return <p role="status">Cargando historial…</p>;
  if (h.entries.length === 0) return <p className="muted">Nadie del equipo ha cambiado esto todavía.</p>;
  return (
    <>
      <ol className="activity-list">
        {h.entries.map((e) => (
          <ActivityEntry key={e.id} entry={e} showRecord={false} />
        ))}
      </ol>
      <ActionError message={h.moreError} />
      {h.hasNextPage ? (
        <button
          type="button"
          className="button button--secondary"
          disabled={h.loadingMore}
          onClick={() => void h.loadMore()}
        >
          {h.loadingMore ? 'Cargando…' : 'Ver más'}
        </button>
      ) : null}
    </>
  );
}

/**
 * A record's own history (who changed what and when), for owners: collapsed until opened, so the page does not
 * load it for nothing.
 */
export function EntityHistory({
  entityType,
  entityId,
  title = 'Historial de cambios del equipo',
}: {
  entityType: string;
  entityId: string;
  title?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <details className="staff-card entity-history no-print" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{title}</summary>
      {open ? <HistoryList entityType={entityType} entityId={entityId} /> : null}
    </details>
  );
}
