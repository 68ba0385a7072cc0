import fs from 'node:fs/promises';
import { shopClock } from '#shared/shop-time.js';
import type { MetricsQuery } from '../../common/metrics.js';
import type { OperationsSettings } from './operations-settings.js';

export interface AlertContext {
  query: MetricsQuery;
  settings: OperationsSettings;
  now: Date;
  dataDir: string;
  /** What a background task is called in Spanish (for messages). */
  taskLabel(task: string): string;
}

/**
 * One thing the owner must hear about. `check` answers null while all is well, or the Spanish sentence that says
 * what is wrong now. Modules with conditions of their own export them and app/alerts.ts lists them.
 */
export interface AlertCondition {
  key: string;
  label: string;
  check(ctx: AlertContext): Promise<string | null>;
}

const n = (rows: Array<{ n: string | number | null }>) => Number(rows[0]?.n ?? 0);
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export const paymentsFailing: AlertCondition = {
  key: 'payments-failing',
  label: 'Pagos fallando',
  async check({ query, settings }) {
    const [row] = await query<{ total: string; failed: string }>(
      `SELECT count(*)::text AS total, count(*) FILTER (WHERE status IN ('DECLINED', 'ERROR', 'VOIDED'))::text AS failed
         FROM payment_event WHERE received_at > now() - make_interval(mins => $1)`,
      [settings.paymentWindowMinutes],
    );
    const total = Number(row?.total ?? 0);
    const failed = Number(row?.failed ?? 0);
    if (total < settings.paymentMinAttempts || failed * 100 < settings.paymentFailurePercent * total) return null;
    return `${failed} de ${total} pagos fallaron en los últimos ${settings.paymentWindowMinutes} minutos (${Math.round((failed * 100) / total)} %; el límite es ${settings.paymentFailurePercent} %). Revise la pasarela de pagos.`;
  },
};

export const noPaidOrders: AlertCondition = {
  key: 'no-paid-orders',
  label: 'Sin pedidos pagados',
  async check({ query, settings, now }) {
    const shopHour = shopClock(now).getUTCHours();
    if (shopHour < settings.openingHour || shopHour >= settings.closingHour) return null;
    const [row] = await query<{ ever: boolean; last: Date | null }>(
      `SELECT EXISTS (SELECT 1 FROM order_transition WHERE to_status = 'PAGADO') AS ever,
              (SELECT max(at) FROM order_transition WHERE to_status = 'PAGADO') AS last`,
    );
    // A shop that has never sold has nothing to compare with.
    if (!row?.ever || !row.last) return null;
    const hours = (now.getTime() - new Date(row.last).getTime()) / 3_600_000;
    if (hours < settings.noPaidOrderHours) return null;
    return `No hay pedidos pagados desde hace ${Math.floor(hours)} horas, en horario de atención (${settings.openingHour}:00 a ${settings.closingHour}:00). Revise que la tienda y los pagos funcionen.`;
  },
};

export const jobsFailing: AlertCondition = {
  key: 'jobs-failing',
  label: 'Tareas fallando',
  async check({ query, taskLabel }) {
    const rows = await query<{ task: string; n: string; error: string }>(
      `SELECT t.identifier AS task, count(*)::text AS n, (array_agg(j.last_error ORDER BY j.updated_at DESC))[1] AS error
         FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
        WHERE j.last_error IS NOT NULL AND j.locked_at IS NULL
          AND (j.attempts >= j.max_attempts OR j.attempts >= 3) AND j.updated_at > now() - interval '1 day'
        GROUP BY 1 ORDER BY 2 DESC`,
    );
    if (rows.length === 0) return null;
    const list = rows.map((r) => `«${taskLabel(r.task)}» (${r.n})`).join(', ');
    return `Tareas en segundo plano que siguen fallando: ${list}. Último error: ${String(rows[0]!.error).slice(0, 200)}`;
  },
};

export const jobsStuck: AlertCondition = {
  key: 'jobs-stuck',
  label: 'Tareas atascadas',
  async check({ query, settings }) {
    const [row] = await query<{ waiting: string; held: string }>(
      `SELECT count(*) FILTER (WHERE locked_at IS NULL AND run_at < now() - make_interval(mins => $1) AND attempts < max_attempts)::text AS waiting,
              count(*) FILTER (WHERE locked_at < now() - make_interval(mins => $1))::text AS held
         FROM graphile_worker._private_jobs`,
      [settings.jobStuckMinutes],
    );
    const waiting = Number(row?.waiting ?? 0);
    const held = Number(row?.held ?? 0);
    if (waiting === 0 && held === 0) return null;
    const parts = [
      waiting > 0
        ? `${plural(waiting, 'tarea espera', 'tareas esperan')} hace más de ${settings.jobStuckMinutes} minutos sin que ninguna instancia la tome`
        : '',
      held > 0
        ? `${plural(held, 'tarea lleva', 'tareas llevan')} más de ${settings.jobStuckMinutes} minutos en ejecución`
        : '',
    ].filter(Boolean);
    return `${parts.join('; ')}. ¿Hay alguna instancia de la tienda en marcha?`;
  },
};

export const emailsFailing: AlertCondition = {
  key: 'emails-failing',
  label: 'Correos sin salir',
  async check({ query }) {
    const [row] = await query<{ n: string; error: string | null }>(
      `SELECT count(*)::text AS n, (array_agg(last_error ORDER BY id DESC))[1] AS error
         FROM outbound_email WHERE sent_at IS NULL AND attempts > 0`,
    );
    const count = Number(row?.n ?? 0);
    if (count === 0) return null;
    return `${plural(count, 'correo no ha', 'correos no han')} podido salir (el servidor de correo falla: ${String(row?.error ?? '').slice(0, 200)}). Se reintentan solos.`;
  },
};

export const backupStale: AlertCondition = {
  key: 'backup-stale',
  label: 'Copia de seguridad vencida',
  async check({ query, settings, now }) {
    if (!settings.backupEnabled) return null;
    const [row] = await query<{
      last_ok: Date | null;
      last_status: string | null;
      last_error: string | null;
      since: Date;
    }>(
      `SELECT (SELECT max(finished_at) FROM backup_run WHERE status = 'OK') AS last_ok,
              (SELECT status FROM backup_run WHERE status <> 'RUNNING' ORDER BY started_at DESC, id DESC LIMIT 1) AS last_status,
              (SELECT error FROM backup_run WHERE status <> 'RUNNING' ORDER BY started_at DESC, id DESC LIMIT 1) AS last_error,
              (SELECT created_at FROM operations_settings WHERE id = 1) AS since`,
    );
    if (row?.last_status === 'FAILED')
      return `La última copia de seguridad falló: ${String(row.last_error ?? '').slice(0, 300)}`;
    const reference = row?.last_ok ? new Date(row.last_ok) : row?.since ? new Date(row.since) : now;
    const hours = (now.getTime() - reference.getTime()) / 3_600_000;
    if (hours < settings.backupMaxAgeHours) return null;
    return row?.last_ok
      ? `La última copia de seguridad completa es de hace ${Math.floor(hours)} horas (el límite es ${settings.backupMaxAgeHours}).`
      : `No hay ninguna copia de seguridad completa en las últimas ${Math.floor(hours)} horas.`;
  },
};

export const diskLow: AlertCondition = {
  key: 'disk-low',
  label: 'Disco casi lleno',
  async check({ settings, dataDir }) {
    const stats = await fs.statfs(dataDir).catch(() => null);
    if (!stats || stats.blocks === 0) return null;
    const freePercent = (stats.bavail / stats.blocks) * 100;
    if (freePercent >= settings.diskFreePercent) return null;
    const freeGb = (stats.bavail * stats.bsize) / 1024 ** 3;
    return `El disco de ${dataDir} tiene libre solo el ${freePercent.toFixed(1)} % (${freeGb.toFixed(1)} GB); el mínimo es ${settings.diskFreePercent} %.`;
  },
};

/**
 * Invoices the tax authority rejected in the last day, read only when the invoicing module's `invoice` table with a
 * `status` column exists. The invoicing module may replace it with a condition of its own.
 */
export const invoicesRejected: AlertCondition = {
  key: 'invoices-rejected',
  label: 'Facturas rechazadas',
  async check({ query }) {
    const [table] = await query<{ ok: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM information_schema.columns
                       WHERE table_schema = 'public' AND table_name = 'invoice' AND column_name = 'status') AS ok`,
    );
    if (!table?.ok) return null;
    const count = n(
      await query<{ n: string }>(
        `SELECT count(*)::text AS n FROM invoice WHERE upper(status) IN ('RECHAZADA', 'REJECTED')`,
      ),
    );
    if (count === 0) return null;
    return `${plural(count, 'factura electrónica fue rechazada', 'facturas electrónicas fueron rechazadas')} por la DIAN. Revíselas en el panel.`;
  },
};

/** The conditions this module knows; app/alerts.ts adds those of other modules. */
export const operationsAlertConditions: AlertCondition[] = [
  paymentsFailing,
  noPaidOrders,
  jobsFailing,
  jobsStuck,
  emailsFailing,
  backupStale,
  diskLow,
  invoicesRejected,
];
