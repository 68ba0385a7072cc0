import { makeWorkerUtils, type WorkerUtils } from 'graphile-worker';
import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import { commit, inTransaction, pgPoolOf, rollback } from './db.js';
import { auditChange } from './audit.js';

export interface FailingJob {
  id: string;
  task: string;
  /** Failed attempts so far. */
  attempts: number;
  maxAttempts: number;
  lastError: string;
  /** Next attempt (null when it gave up). */
  nextAttemptAt: Date | null;
  failedAt: Date;
  payload: unknown;
}

interface RescheduledJob {
  id: string;
  attempts: number;
  max_attempts: number;
  run_at: Date;
  updated_at: Date;
  payload: unknown;
}

/**
 * What staff see of the background jobs (graphile-worker's `jobs` view) and the retry they can ask
 * for (graphile-worker's `rescheduleJobs`: attempts back to zero, run now).
 */
export class JobsAdmin {
  private utils: Promise<WorkerUtils> | undefined;

  constructor(
    private readonly ds: DataSource,
    /** A pool with error handlers (the job runner's); TypeORM's own pool otherwise. */
    private readonly pool: Pool = pgPoolOf(ds)!,
  ) {}

  private workerUtils(): Promise<WorkerUtils> {
    this.utils ??= makeWorkerUtils({ pgPool: this.pool });
    return this.utils;
  }

  /** Jobs whose last run failed: still retrying or given up, most recent failure first. */
  async failing(limit = 50): Promise<FailingJob[]> {
    const rows: Array<{
      id: string;
      task_identifier: string;
      attempts: number;
      max_attempts: number;
      last_error: string;
      run_at: Date;
      updated_at: Date;
      payload: unknown;
    }> = await this.ds.query(
      // The public `jobs` view has no payload (needed to say what a job is about): read the table behind it.
      `SELECT j.id::text, t.identifier AS task_identifier, j.attempts, j.max_attempts, j.last_error, j.run_at, j.updated_at, j.payload
         FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
         WHERE j.attempts > 0 AND j.last_error IS NOT NULL AND j.locked_at IS NULL
         ORDER BY j.updated_at DESC LIMIT $1`,
      [limit],
    );
    return rows.map((r) => ({
      id: r.id,
      task: r.task_identifier,
      attempts: r.attempts,
      maxAttempts: r.max_attempts,
      lastError: r.last_error,
      nextAttemptAt: r.attempts >= r.max_attempts ? null : r.run_at,
      failedAt: r.updated_at,
      payload: r.payload,
    }));
  }

  /** Runs a failed job again now with a fresh set of attempts; null when it no longer exists or is running. */
  async retry(id: string): Promise<FailingJob | null> {
    if (!/^\d{1,18}$/.test(id)) return null;
    const [before] = (await this.ds.query(
      `SELECT task_identifier, last_error, run_at FROM graphile_worker.jobs WHERE id = $1`,
      [id],
    )) as Array<{ task_identifier: string; last_error: string | null; run_at: Date }>;
    if (!before) return null;
    // graphile-worker's rescheduleJobs (the same SQL as WorkerUtils), in a transaction that also writes the staff
    // activity-log entry.
    const outcome = await inTransaction(this.ds, async (m) => {
      const [job] = (await m.query(
        `SELECT * FROM graphile_worker.reschedule_jobs($1::bigint[], run_at := $2::timestamptz, priority := NULL, attempts := NULL, max_attempts := NULL)`,
        [[id], new Date()],
      )) as RescheduledJob[];
      if (!job) return rollback(null);
      auditChange(m, {
        entityType: 'job',
        entityId: id,
        before: { runAt: before.run_at },
        after: { runAt: job.run_at },
        detail: { task: before.task_identifier },
      });
      return commit(job);
    });
    if (!outcome.commit) return null;
    const job = outcome.value;
    return {
      id: String(job.id),
      task: before.task_identifier,
      attempts: job.attempts,
      maxAttempts: job.max_attempts,
      lastError: before.last_error ?? '',
      nextAttemptAt: job.run_at,
      failedAt: job.updated_at,
      payload: job.payload,
    };
  }

  /** Keeps only the latest given-up job of each scheduled task (the next tick is their retry). */
  async pruneFailedTicks(tasks: string[]): Promise<void> {
    const rows: Array<{ id: string }> = await this.ds.query(
      `SELECT j.id::text FROM graphile_worker.jobs j
       WHERE j.task_identifier = ANY($1) AND j.attempts >= j.max_attempts AND j.locked_at IS NULL
         AND j.id < (SELECT max(k.id) FROM graphile_worker.jobs k WHERE k.task_identifier = j.task_identifier AND k.attempts >= k.max_attempts)`,
      [tasks],
    );
    if (rows.length > 0) await (await this.workerUtils()).completeJobs(rows.map((r) => r.id));
  }

  async close(): Promise<void> {
    if (this.utils) await (await this.utils).release();
  }
}
