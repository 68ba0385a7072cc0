import type { DataSource } from 'typeorm';

type Check = 'ok' | 'unavailable' | 'pending' | 'stopped';

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), ms))),
  ]).finally(() => clearTimeout(timer));
}

/**
 * What /readyz checks: the database answers; no migration of this version is missing (a new instance on an old
 * schema must not take traffic); the job queue's schema is reachable and this instance's job runner is running.
 */
export async function readiness(
  ds: DataSource,
  jobsRunning: () => boolean,
): Promise<{ database: Check; migrations: Check; jobs: Check }> {
  const database: Check = await withTimeout(ds.query('SELECT 1'), 2000).then(
    () => 'ok',
    () => 'unavailable',
  );
  if (database !== 'ok') return { database, migrations: 'unavailable', jobs: 'unavailable' };
  const migrations: Check = await withTimeout(ds.showMigrations(), 2000).then(
    (pending) => (pending ? 'pending' : 'ok'),
    () => 'unavailable',
  );
  const queue = await withTimeout(ds.query('SELECT 1 FROM graphile_worker._private_jobs LIMIT 1'), 2000).then(
    () => true,
    () => false,
  );
  return { database, migrations, jobs: !queue ? 'unavailable' : jobsRunning() ? 'ok' : 'stopped' };
}
