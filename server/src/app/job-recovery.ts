import { EventEmitter } from 'node:events';
import type { Pool, PoolClient } from 'pg';
import type { WorkerEvents, WorkerUtils } from 'graphile-worker';

/**
 * Jobs held by a crashed instance come back within seconds instead of graphile-worker's four hours.
 * Each instance holds a PostgreSQL advisory lock named after its worker pool for as long as it lives
 * (a killed process's connection closes and PostgreSQL drops the lock). Any instance's sweep frees
 * the jobs of pools whose lock nobody holds (`forceUnlockWorkers`), so they run again elsewhere.
 */
const LOCK_SPACE = "hashtext('enzo-job-pool')";
/** A pool's lock is taken right after the pool starts: jobs locked more recently are left alone. */
const GRACE_SECONDS = 10;

export interface PoolLiveness {
  events: WorkerEvents;
  release(): Promise<void>;
}

/** Takes the advisory lock of every worker pool this process starts (pass `events` to `run`). */
export function holdPoolLocks(pool: Pool, onError: (err: unknown) => void): PoolLiveness {
  const events = new EventEmitter() as WorkerEvents;
  const holders: Promise<PoolClient | null>[] = [];
  events.on('pool:create', ({ workerPool }) => {
    const held = (async () => {
      const client = await pool.connect();
      await client.query(`SELECT pg_advisory_lock(${LOCK_SPACE}, hashtext($1))`, [workerPool.id]);
      return client;
    })().catch((err) => {
      onError(err);
      return null;
    });
    holders.push(held);
  });
  return {
    events,
    async release() {
      for (const client of await Promise.all(holders)) client?.release(true);
    },
  };
}

/** Frees the jobs of worker pools that are no longer alive; returns their ids. */
export async function recoverCrashedJobs(pool: Pool, utils: WorkerUtils): Promise<string[]> {
  const { rows } = await pool.query<{ locked_by: string }>(
    `SELECT DISTINCT locked_by FROM graphile_worker.jobs WHERE locked_by IS NOT NULL AND locked_at < now() - make_interval(secs => $1)`,
    [GRACE_SECONDS],
  );
  const dead: string[] = [];
  for (const { locked_by: id } of rows) {
    const client = await pool.connect();
    try {
      const { rows: probe } = await client.query<{ free: boolean }>(
        `SELECT pg_try_advisory_lock(${LOCK_SPACE}, hashtext($1)) AS free`,
        [id],
      );
      if (probe[0]?.free) {
        await client.query(`SELECT pg_advisory_unlock(${LOCK_SPACE}, hashtext($1))`, [id]);
        dead.push(id);
      }
    } finally {
      client.release();
    }
  }
  if (dead.length > 0) await utils.forceUnlockWorkers(dead);
  return dead;
}
