import type { DataSource, EntityManager } from 'typeorm';
import type { Pool } from 'pg';

/**
 * Runs one read statement straight on the pg pool that TypeORM owns and returns its rows: the same
 * SQL, pool and connections as `ds.query`, without a QueryRunner, EntityManager and subscriber
 * broadcast per statement (measurable on the hot catalog and cart reads). The DataSource's logger
 * still sees every statement. Use `ds.query`/a manager for writes and inside transactions.
 */
export async function selectRows<T>(ds: DataSource, sql: string, params: unknown[] = []): Promise<T[]> {
  const pool = (ds.driver as { master?: Pool }).master;
  if (!pool) return ds.query(sql, params);
  ds.logger.logQuery(sql, params);
  return (await pool.query(sql, params)).rows as T[];
}

/**
 * Rows changed by an UPDATE/INSERT. TypeORM's postgres driver answers UPDATE with
 * `[rows, rowCount]` and INSERT … RETURNING with the rows, so both shapes are handled.
 */
export async function changedRows(manager: EntityManager, sql: string, params: unknown[]): Promise<number> {
  const result: unknown = await manager.query(sql, params);
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[1];
  return Array.isArray(result) ? result.length : 0;
}

/** A unit of work's answer: `commit: false` rolls everything it wrote back (an expected failure, not an exception). */
export type Outcome<T, F> = { commit: true; value: T } | { commit: false; failure: F };

export const commit = <T>(value: T): Outcome<T, never> => ({ commit: true, value });
export const rollback = <F>(failure: F): Outcome<never, F> => ({ commit: false, failure });

/**
 * Runs `work` in one transaction. It commits when the work answers `commit(value)` and rolls back
 * when it answers `rollback(failure)`: expected failures (stock ran out, a code was used up) undo
 * every write without being thrown. Unexpected errors still throw and roll back.
 */
export async function inTransaction<T, F>(ds: DataSource, work: (m: EntityManager) => Promise<Outcome<T, F>>): Promise<Outcome<T, F>> {
  const runner = ds.createQueryRunner();
  await runner.connect();
  try {
    await runner.startTransaction();
    let outcome: Outcome<T, F>;
    try {
      outcome = await work(runner.manager);
    } catch (err) {
      await runner.rollbackTransaction();
      throw err;
    }
    if (outcome.commit) await runner.commitTransaction();
    else await runner.rollbackTransaction();
    return outcome;
  } finally {
    await runner.release();
  }
}

const UNIQUE_VIOLATION = '23505';

/** True when PostgreSQL refused a row for a unique constraint (directly or wrapped by TypeORM). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; driverError?: { code?: string } };
  return e.code === UNIQUE_VIOLATION || e.driverError?.code === UNIQUE_VIOLATION;
}

/**
 * The rows of an UPDATE/DELETE … RETURNING (TypeORM's postgres driver answers `[rows, rowCount]` for
 * those, and the rows alone for INSERT/SELECT).
 */
export async function returningRows<T>(manager: Pick<EntityManager, 'query'>, sql: string, params: unknown[]): Promise<T[]> {
  const result: unknown = await manager.query(sql, params);
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[0] as T[];
  return Array.isArray(result) ? (result as T[]) : [];
}
