import type { EntityManager } from 'typeorm';

export interface EnqueueOptions {
  /** Same key → one job (graphile-worker `job_key`): a second enqueue replaces the pending one. */
  jobKey?: string;
  runAt?: Date;
  maxAttempts?: number;
}

/**
 * Adds a background job in the caller's transaction (graphile-worker's `add_job`), so the job exists
 * exactly when the change that causes it commits: a transactional outbox. The worker (app/jobs.ts)
 * runs it on any instance, retrying with exponential backoff. Answers the job's id (the pending one, for a key
 * already queued).
 */
export async function enqueueJob(
  m: EntityManager,
  task: string,
  payload: Record<string, unknown>,
  options: EnqueueOptions = {},
): Promise<string> {
  const [job] = (await m.query(
    `SELECT (graphile_worker.add_job($1, $2::json, job_key => $3, run_at => $4, max_attempts => $5)).id::text AS id`,
    [task, JSON.stringify(payload), options.jobKey ?? null, options.runAt ?? null, options.maxAttempts ?? 25],
  )) as Array<{ id: string }>;
  return job!.id;
}
