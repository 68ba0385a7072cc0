import { QueryFailedError, QueryRunnerAlreadyReleasedError, type DataSource, type EntityManager } from 'typeorm';
import type { Pool, PoolClient } from 'pg';
import { createHash } from 'node:crypto';

/**
 * At most this many distinct statements are prepared by name; any further ones run unnamed. The statements are built
 * from a bounded set of shapes (every value is a parameter), so the cap is only a guard: pg keeps a connection's
 * prepared statements for the life of the connection.
 */
export const MAX_PREPARED_STATEMENTS = 256;
const preparedNames = new Map<string, string>();

/**
 * A stable name for a statement's text (the same on every instance and connection); none (unnamed) past the cap, or
 * once the statement's prepared plan could not run any more ('').
 */
function preparedName(sql: string): string | undefined {
  let name = preparedNames.get(sql);
  if (name === undefined && preparedNames.size < MAX_PREPARED_STATEMENTS) {
    name = `enzo_${createHash('sha256').update(sql).digest('base64url').slice(0, 24)}`;
    preparedNames.set(sql, name);
  }
  return name;
}

/**
 * Runs `sql` prepared by name on `target` (a pool, or one connection). When a migration changed the type of a column
 * the statement returns while connections kept its plan (a rolling deploy), PostgreSQL refuses the plan: this
 * instance runs the text unnamed from then on, at once when `retry` (outside a transaction; inside one, the refusal
 * has already failed the transaction and the error is thrown).
 */
async function runNamed(target: Pool | PoolClient, sql: string, params: unknown[], retry: boolean) {
  const name = preparedName(sql);
  if (!name) return target.query(sql, params);
  try {
    return await target.query({ name, text: sql, values: params });
  } catch (err) {
    const e = err as { code?: string; message?: string };
    if (e.code !== FEATURE_NOT_SUPPORTED || !/cached plan must not change result type/.test(e.message ?? '')) throw err;
    preparedNames.set(sql, '');
    if (!retry) throw err;
    return target.query(sql, params);
  }
}

/** TypeORM's own pg pool behind `ds` (its postgres driver's `master`); undefined before it connects. */
export function pgPoolOf(ds: DataSource): Pool | undefined {
  return (ds.driver as unknown as { master?: Pool }).master;
}

export interface SelectOptions {
  /** Another pool on the same database to run on instead of the DataSource's (genericPlanPool). */
  pool?: Pool;
}

/**
 * Runs one read statement straight on the pg pool that TypeORM owns and returns its rows: the same
 * SQL, pool and connections as `ds.query`, without a QueryRunner, EntityManager and subscriber
 * broadcast per statement (measurable on the hot catalog and cart reads). The DataSource's logger
 * still sees every statement. Inside a transaction, use `queryOn` with its manager.
 *
 * The statement is prepared by name on each connection the first time it runs there: PostgreSQL then
 * parses and analyses the catalog's listing, product and cart reads once per connection instead of on every
 * request (the bench's API section measures it: PostgreSQL shares the machine's cores with the shop).
 * A transaction-mode pooler in front of PostgreSQL must support named prepared statements (PgBouncer ≥ 1.21
 * with `max_prepared_statements`).
 */
export async function selectRows<T>(
  ds: DataSource,
  sql: string,
  params: unknown[] = [],
  options: SelectOptions = {},
): Promise<T[]> {
  const pool = options.pool ?? pgPoolOf(ds);
  if (!pool) return ds.query(sql, params);
  ds.logger.logQuery(sql, params);
  return (await runNamed(pool, sql, params, true)).rows as T[];
}

/** What `queryOn` answers: pg's rows (those of RETURNING for a write) and the count of rows the statement touched. */
export interface StatementResult<T> {
  rows: T[];
  rowCount: number;
}

/**
 * Runs one statement (a read or a write) on the connection `m` holds, prepared by name as `selectRows` does: inside a
 * transaction, on the transaction's own connection. The statements of every order (the stock check and hold, the
 * caps, the quote, the insert) are then parsed and planned once per connection instead of once per order: planning
 * was about a third of PostgreSQL's work per order at peak (docs/decisions/0021-pedidos-en-hora-pico.md). Errors are
 * TypeORM's `QueryFailedError`, as with `m.query`, and the DataSource's logger sees every statement. A manager with no
 * connection of its own (`ds.manager`) runs on the pool.
 */
export async function queryOn<T>(m: EntityManager, sql: string, params: unknown[]): Promise<StatementResult<T>> {
  const runner = m.queryRunner;
  // As m.query: a manager used after its transaction ended must not reach the connection, now someone else's.
  if (runner?.isReleased) throw new QueryRunnerAlreadyReleasedError();
  const logger = m.dataSource.logger;
  const target: Pool | PoolClient | undefined = runner
    ? ((await runner.connect()) as PoolClient)
    : pgPoolOf(m.dataSource);
  if (!target) throw new Error('queryOn: la conexión de la base no es de pg');
  logger.logQuery(sql, params, runner);
  try {
    const result = await runNamed(target, sql, params, !runner?.isTransactionActive);
    return { rows: result.rows as T[], rowCount: result.rowCount ?? 0 };
  } catch (err) {
    logger.logQueryError(err as Error, sql, params, runner);
    throw new QueryFailedError(sql, params, err as Error);
  }
}

/** PostgreSQL's code for «cached plan must not change result type». */
const FEATURE_NOT_SUPPORTED = '0A000';

/** Rows an UPDATE or DELETE changed (queryOn: prepared, on `m`'s connection). */
export async function changedRows(m: EntityManager, sql: string, params: unknown[]): Promise<number> {
  return (await queryOn(m, sql, params)).rowCount;
}

/** A unit of work's answer: `commit: false` rolls everything it wrote back (an expected failure, not an exception). */
export type Outcome<T, F> = { commit: true; value: T } | { commit: false; failure: F };

export const commit = <T>(value: T): Outcome<T, never> => ({ commit: true, value });
export const rollback = <F>(failure: F): Outcome<never, F> => ({ commit: false, failure });

/**
 * Runs `work` in one transaction. It commits when the work answers `commit(value)` and rolls back
 * when it answers `rollback(failure)`: expected failures (stock ran out, a code was used up) undo
 * every write without being thrown. Unexpected errors still throw and roll back.
 *
 * `refuse`, when given, runs first on the same connection, outside any transaction, once the pool has handed the
 * connection over: plain reads that may answer a failure without opening the transaction at all. Reading then, and
 * not before waiting for the connection, lets a request that queued behind others see what they committed.
 */
export async function inTransaction<T, F>(
  ds: DataSource,
  work: (m: EntityManager) => Promise<Outcome<T, F>>,
  refuse?: (m: EntityManager) => Promise<F | null>,
): Promise<Outcome<T, F>> {
  const runner = ds.createQueryRunner();
  await runner.connect();
  try {
    const refused = refuse ? await refuse(runner.manager) : null;
    if (refused !== null) return rollback(refused);
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

/** The rows of an UPDATE/DELETE … RETURNING (queryOn: prepared, on `m`'s connection). */
export async function returningRows<T>(m: EntityManager, sql: string, params: unknown[]): Promise<T[]> {
  return (await queryOn<T>(m, sql, params)).rows;
}
