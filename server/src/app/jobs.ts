import { Logger as WorkerLogger, parseCronItems, run, type Runner, type TaskList } from 'graphile-worker';
import type { Pool } from 'pg';
import type { Logger } from 'pino';
import { SEND_EMAIL_TASK } from '../modules/mail/index.js';
import { EXPIRE_ORDERS_TASK } from '../modules/orders/index.js';
import type { Services } from './services.js';

/**
 * Background work on PostgreSQL (graphile-worker): jobs are rows, so they survive restarts and any
 * number of instances share them; each job runs once, failures are retried with exponential backoff.
 * Why graphile-worker: jobs can be added in SQL inside the very transaction that causes them
 * (`graphile_worker.add_job`, see common/jobs.ts), LISTEN/NOTIFY picks them up at once, and its cron
 * runs each tick on one instance only. (pg-boss 12 needs Node 22; this shop still supports Node 20.)
 */
export function taskList(services: Services): TaskList {
  return {
    [SEND_EMAIL_TASK]: async (payload) => {
      const { emailId } = payload as { emailId?: unknown };
      if (typeof emailId !== 'number') return;
      await services.mail.send(emailId);
    },
    [EXPIRE_ORDERS_TASK]: async () => {
      await services.orders.expiry.runOnce();
    },
  };
}

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
export async function startJobRunner(pgPool: Pool, services: Services, log: Logger, options: { concurrency?: number; pollInterval?: number } = {}): Promise<JobRunner> {
  const runner: Runner = await run({
    pgPool,
    taskList: taskList(services),
    // Every minute, on one instance: unpaid orders past their time give their stock back.
    parsedCronItems: parseCronItems([{ task: EXPIRE_ORDERS_TASK, match: '* * * * *', options: { maxAttempts: 1, backfillPeriod: 0 }, identifier: 'expire_orders' }]),
    concurrency: options.concurrency ?? 2,
    pollInterval: options.pollInterval ?? 2000,
    noHandleSignals: true,
    logger: workerLogger(log),
  });
  return {
    async stop() {
      await runner.stop();
    },
  };
}
