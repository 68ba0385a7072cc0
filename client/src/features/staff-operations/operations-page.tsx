import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { BACKUP_STATUS_LABELS, BACKUP_TRIGGER_LABELS, formatBytes } from '#shared/operations.js';
import { QueryError, ActionError } from '../../components/staff/query-error';
import { formatDateTime } from '../../lib/staff-format';
import { staffErrorMessage } from '../../lib/staff-errors';
import { OperationsSettingsForm } from './operations-settings-form';
import {
  StaffOperationsDocument,
  StaffRunBackupNowDocument,
  type StaffOperationsQuery,
} from './staff-operations.generated';

type Overview = StaffOperationsQuery['staffOperations'];

/** `/dashboard/operaciones`: alerts, the latest backups (with «Hacer una copia ahora») and their settings. */
export function OperationsPage() {
  const { data, error, loading, refetch } = useQuery(StaffOperationsDocument, {
    fetchPolicy: 'cache-and-network',
    pollInterval: 30_000,
  });
  return (
    <section className="staff-page">
      <h1>Copias de seguridad y alertas</h1>
      {error && !data ? <QueryError onRetry={() => void refetch()} error={error} /> : null}
      {loading && !data ? <p role="status">Cargando…</p> : null}
      {data ? (
        <>
          <Alerts overview={data.staffOperations} />
          <Backups overview={data.staffOperations} onRequested={() => void refetch()} />
          <OperationsSettingsForm settings={data.staffOperations.settings} canManage={data.staffOperations.canManage} />
        </>
      ) : null}
    </section>
  );
}

function Alerts({ overview }: { overview: Overview }) {
  const firing = overview.alerts.filter((a) => a.firing);
  return (
    <section aria-labelledby="alerts-title">
      <h2 id="alerts-title">Alertas</h2>
      <p className="muted">
        Se revisan cada minuto. Mientras una alerta siga activa, se avisa por correo a {overview.notifyEmail} como mucho
        una vez por hora.
      </p>
      {firing.length === 0 ? (
        <p className="staff-success" role="status">
          Todo en orden: ninguna alerta activa.
        </p>
      ) : null}
      <ul className="staff-ops-alerts">
        {overview.alerts.map((a) => (
          <li key={a.key} className={a.firing ? 'staff-alert staff-alert--danger' : 'staff-ops-alerts__ok'}>
            <span>
              <strong>{a.label}</strong>: {a.firing ? a.message : 'bien'}
              {a.firing && a.since ? ` · desde el ${formatDateTime(a.since)}` : ''}
              {a.firing && a.notifiedAt ? ` · avisada por correo el ${formatDateTime(a.notifiedAt)}` : ''}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Backups({ overview, onRequested }: { overview: Overview; onRequested: () => void }) {
  const [run, { loading }] = useMutation(StaffRunBackupNowDocument);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  async function onRun() {
    setNotice(null);
    setFailure(null);
    try {
      const { data } = await run();
      setNotice(data?.staffRunBackupNow.message ?? null);
      onRequested();
    } catch (err) {
      setFailure(staffErrorMessage(err));
    }
  }
  return (
    <section aria-labelledby="backups-title">
      <h2 id="backups-title">Copias de seguridad</h2>
      <p className="muted">
        Se guardan en {overview.backupDir}
        {overview.remoteBackups ? ' y en el bucket de Firebase Storage' : ''}. Para restaurar una, siga la guía de
        operación (npm run restore).
      </p>
      {overview.canManage ? (
        <p>
          <button type="button" className="button" onClick={() => void onRun()} disabled={loading}>
            {loading ? 'Pidiendo…' : 'Hacer una copia ahora'}
          </button>
        </p>
      ) : null}
      {notice ? (
        <p className="staff-success" role="status">
          {notice}
        </p>
      ) : null}
      <ActionError message={failure} />
      {overview.backups.length === 0 ? (
        <p>Todavía no hay copias hechas desde la tienda.</p>
      ) : (
        <div className="staff-table-wrap">
          <table className="staff-table staff-table--cards">
            <caption className="visually-hidden">Últimas copias de seguridad</caption>
            <thead>
              <tr>
                <th scope="col">Inicio</th>
                <th scope="col">Tipo</th>
                <th scope="col">Estado</th>
                <th scope="col">Archivo</th>
                <th scope="col">Tamaño</th>
                <th scope="col">Pedidos</th>
              </tr>
            </thead>
            <tbody>
              {overview.backups.map((b) => (
                <tr key={b.id}>
                  <td data-label="Inicio">{formatDateTime(b.startedAt)}</td>
                  <td data-label="Tipo">{BACKUP_TRIGGER_LABELS[b.trigger]}</td>
                  <td data-label="Estado">
                    {BACKUP_STATUS_LABELS[b.status]}
                    {b.error ? <span className="staff-ops-error">: {b.error}</span> : null}
                  </td>
                  <td data-label="Archivo" className="staff-ops-file">
                    {b.fileName ?? '—'}
                  </td>
                  <td data-label="Tamaño">{b.bytes == null ? '—' : formatBytes(b.bytes)}</td>
                  <td data-label="Pedidos">{b.orders ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
