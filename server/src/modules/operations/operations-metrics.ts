import type { GaugeProvider } from '../../common/metrics.js';
import { operationsAlertConditions } from './alert-conditions.js';

const epoch =
  (sql: string): GaugeProvider['read'] =>
  async (q) => {
    const [row] = await q<{ t: string | null }>(sql);
    return row?.t == null ? [] : [{ value: Number(row.t) }];
  };

/** Backups and alerts as the database has them (the same on every instance). */
export const operationsMetricProviders: GaugeProvider[] = [
  {
    name: 'enzo_backup_last_success_timestamp_seconds',
    help: 'Cuándo terminó la última copia de seguridad completa (segundos Unix)',
    read: epoch(`SELECT extract(epoch FROM max(finished_at))::text AS t FROM backup_run WHERE status = 'OK'`),
  },
  {
    name: 'enzo_backup_last_failure_timestamp_seconds',
    help: 'Cuándo falló la última copia de seguridad (segundos Unix)',
    read: epoch(`SELECT extract(epoch FROM max(finished_at))::text AS t FROM backup_run WHERE status = 'FAILED'`),
  },
  {
    name: 'enzo_backup_last_size_bytes',
    help: 'Tamaño de la última copia de seguridad completa',
    read: epoch(`SELECT bytes::text AS t FROM backup_run WHERE status = 'OK' ORDER BY finished_at DESC LIMIT 1`),
  },
  {
    name: 'enzo_alert_firing',
    help: 'Condiciones de alerta de la tienda: 1 mientras pasa, 0 si no',
    labelNames: ['alert'],
    read: async (q) => {
      const known = new Set(operationsAlertConditions.map((c) => c.key));
      const rows = await q<{ key: string; firing: boolean }>(`SELECT key, firing FROM alert_state`);
      return rows.filter((r) => known.has(r.key)).map((r) => ({ labels: { alert: r.key }, value: r.firing ? 1 : 0 }));
    },
  },
];
