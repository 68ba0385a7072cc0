import {
  Logger as WorkerLogger,
  makeWorkerUtils,
  parseCronItems,
  run,
  type Runner,
  type TaskList,
  type WorkerUtils,
} from 'graphile-worker';
import type { Pool } from 'pg';
import type { Logger } from 'pino';
import { SEND_EMAIL_TASK } from '../modules/mail/index.js';
import { EXPIRE_ORDERS_TASK, PAYMENT_REMINDER_TASK, REMIND_UNPAID_TASK } from '../modules/orders/index.js';
import { ISSUE_DOCUMENT_TASK } from '../modules/invoicing/index.js';
import type { Services } from './services.js';
import { holdPoolLocks, recoverCrashedJobs } from './job-recovery.js';
import { clearExpiredRateLimits } from './rate-limits.js';
import { STAFF_ACCESS_TASK } from '../modules/team/index.js';
import { BACKUP_NOW_TASK, CHECK_ALERTS_TASK, SCHEDULED_BACKUP_TASK } from '../modules/operations/index.js';
import { bounded, jobRuns } from '../common/metrics.js';

export const RECONCILE_PAYMENTS_TASK = 'reconcile-payments';
export const MAINTENANCE_TASK = 'maintenance';
export const PRUNE_AUDIT_TASK = 'prune-audit';

interface TaskDeps {
  services: Services;
  /** Frees the jobs of instances that stopped mid-run (see job-recovery.ts). */
  recover: () => Promise<unknown>;
}

/**
 * Every task this shop runs. Background work on PostgreSQL (graphile-worker): jobs are rows, so they survive
 * restarts and any number of instances share them; each job runs once, failures are retried with exponential
 * backoff. Why graphile-worker: jobs can be added in SQL inside the very transaction that causes them
 * (`graphile_worker.add_job`, see common/jobs.ts), LISTEN/NOTIFY picks them up at once, and its cron runs each tick
 * on one instance only. (pg-boss 12 needs Node 22; this shop still supports Node 20.)
 */
const TASKS: Record<string, (deps: TaskDeps, payload: unknown) => Promise<void>> = {
  [SEND_EMAIL_TASK]: async ({ services }, payload) => {
    const { emailId } = payload as { emailId?: unknown };
    if (typeof emailId !== 'number') return;
    await services.mail.send(emailId);
  },
  [EXPIRE_ORDERS_TASK]: async ({ services }) => {
    await services.orders.expiry.runOnce();
  },
  // Orders still waiting for payment are checked with the gateway (a lost event never leaves a paid order to expire),
  // and webhook events the gateway could not confirm yet are looked up again.
  [RECONCILE_PAYMENTS_TASK]: async ({ services }) => {
    const results = await Promise.allSettled([
      services.paymentInbox.confirmPending(),
      services.orders.transactions.reconcileOnce(),
    ]);
    const failure = results.find((r) => r.status === 'rejected');
    if (failure) throw failure.reason;
  },
  [MAINTENANCE_TASK]: async ({ services, recover }) => {
    await recover();
    await clearExpiredRateLimits(services.ds);
    await services.paymentInbox.pruneRefused();
    await services.jobsAdmin.pruneFailedTicks(CRON_TASKS);
  },
  // A disabled team member's Firebase account is disabled and signed out (re-enabled with their access).
  [STAFF_ACCESS_TASK]: async ({ services }, payload) => {
    const { uid } = payload as { uid?: unknown };
    if (typeof uid !== 'string') return;
    await services.team.applyAccess(uid);
  },
  [PRUNE_AUDIT_TASK]: async ({ services }) => {
    await services.activityLog.prune(services.env.AUDIT_RETENTION_DAYS);
  },
  // One DIAN electronic document through the provider; thrown (and retried with backoff) while it is down.
  [ISSUE_DOCUMENT_TASK]: async ({ services }, payload) => {
    const { documentId } = payload as { documentId?: unknown };
    if (typeof documentId !== 'number') return;
    await services.invoicing.issuer.run(documentId);
  },
  // Checked often, cheaply: the backup runs once its daily time has come (on one instance, under a lock).
  [SCHEDULED_BACKUP_TASK]: async ({ services }) => {
    await services.backups.runIfDue();
  },
  [BACKUP_NOW_TASK]: async ({ services }) => {
    const run = await services.backups.run('MANUAL');
    if (run === 'busy') throw new Error('Otra copia de seguridad está en curso; se reintenta.');
  },
  [CHECK_ALERTS_TASK]: async ({ services }) => {
    await services.alerts.checkAll();
  },
  [REMIND_UNPAID_TASK]: async ({ services }) => {
    await services.orders.reminders.runDue();
  },
  // Reminders queued one job per order before they became a sweep (orders/order-reminders.ts).
  [PAYMENT_REMINDER_TASK]: async ({ services }, payload) => {
    const { orderId } = payload as { orderId?: unknown };
    if (typeof orderId !== 'number') return;
    await services.orders.reminders.run(orderId);
  },
};

/** Every task this shop runs (the bounded label of the job metrics; each has a Spanish label for staff). */
export const KNOWN_TASKS: ReadonlySet<string> = new Set(Object.keys(TASKS));

export function taskList(services: Services, recover: () => Promise<unknown>): TaskList {
  const deps: TaskDeps = { services, recover };
  return Object.fromEntries(
    Object.entries(TASKS).map(([name, task]) => [name, (payload: unknown) => task(deps, payload)]),
  );
}

/**
 * Scheduled tasks (cron, UTC): each tick runs on one instance only, once (the next tick is its retry), and a missed
 * tick is not made up. Jobs that keep failing show on the staff dashboard.
 */
const SCHEDULE: ReadonlyArray<{ task: string; match: string }> = [
  // Unpaid orders past their time give their stock back.
  { task: EXPIRE_ORDERS_TASK, match: '* * * * *' },
  // Orders still unpaid a few minutes after they were placed get one reminder.
  { task: REMIND_UNPAID_TASK, match: '* * * * *' },
  { task: RECONCILE_PAYMENTS_TASK, match: '* * * * *' },
  { task: MAINTENANCE_TASK, match: '* * * * *' },
  // Activity-log entries past AUDIT_RETENTION_DAYS, once a day (08:17 UTC, 03:17 in Bogotá).
  { task: PRUNE_AUDIT_TASK, match: '17 8 * * *' },
  { task: SCHEDULED_BACKUP_TASK, match: '*/5 * * * *' },
  { task: CHECK_ALERTS_TASK, match: '* * * * *' },
];

const CRON = parseCronItems(
  SCHEDULE.map(({ task, match }) => ({
    task,
    match,
    options: { maxAttempts: 1, backfillPeriod: 0 },
    // The names graphile-worker already knows these items by (it records each one's last tick under it).
    identifier: task.replaceAll('-', '_'),
  })),
);

/** Scheduled tasks: the next tick is their retry, so only the latest failed tick of each is kept for staff. */
export const CRON_TASKS = SCHEDULE.map((s) => s.task);

function workerLogger(log: Logger): WorkerLogger {
  return new WorkerLogger(() => (level, message, meta) => {
    const fields = { worker: meta };
    if (level === 'error') log.error(fields, message);
    else if (level === 'warning') log.warn(fields, message);
    else log.debug(fields, message);
  });
}

export interface JobRunner {
  stop(): Promise<void>;
}

/** Starts the worker on this instance (its own small pool: graphile-worker keeps a LISTEN connection). */
export async function startJobRunner(
  pgPool: Pool,
  services: Services,
  log: Logger,
  options: { concurrency?: number; pollInterval?: number } = {},
): Promise<JobRunner> {
  const liveness = holdPoolLocks(pgPool, (err) => log.error({ err }, 'No se pudo registrar este proceso de trabajos'));
  liveness.events.on('job:success', ({ job }) =>
    jobRuns.inc({ task: bounded(job.task_identifier, KNOWN_TASKS), result: 'success' }),
  );
  liveness.events.on('job:error', ({ job }) =>
    jobRuns.inc({ task: bounded(job.task_identifier, KNOWN_TASKS), result: 'failure' }),
  );
  let utils: WorkerUtils | undefined;
  const recover = async () => {
    utils ??= await makeWorkerUtils({ pgPool, logger: workerLogger(log) });
    const freed = await recoverCrashedJobs(pgPool, utils);
    if (freed.length > 0)
      log.warn({ workers: freed }, 'Trabajos de una instancia detenida liberados para reintentarlos');
  };
  const runner: Runner = await run({
    pgPool,
    taskList: taskList(services, recover),
    parsedCronItems: CRON,
    concurrency: options.concurrency ?? 2,
    pollInterval: options.pollInterval ?? 2000,
    noHandleSignals: true,
    logger: workerLogger(log),
    events: liveness.events,
  });
  // Also right away, and every 15 s on each instance: cheap, and a crash costs seconds, not a cron tick.
  const sweep = () =>
    void recover().catch((err) => log.warn({ err }, 'No se pudieron revisar los trabajos de instancias detenidas'));
  const timer = setInterval(sweep, 15_000);
  timer.unref();
  sweep();
  return {
    async stop() {
      clearInterval(timer);
      await runner.stop();
      await liveness.release();
      await utils?.release();
    },
  };
}
