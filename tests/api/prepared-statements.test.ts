import pg from 'pg';
import { QueryFailedError, QueryRunnerAlreadyReleasedError, type DataSource, type EntityManager } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import {
  MAX_PREPARED_STATEMENTS,
  commit,
  inTransaction,
  queryOn,
  rollback,
  selectRows,
} from '../../server/src/common/db.js';
import { createDataSource } from '../../server/src/db/data-source.js';
import { createTestDatabase } from '../setup/test-database.js';

/**
 * Statements prepared by name on a real PostgreSQL. For selectRows (last describe), a pg pool of one connection, so the
 * statements it prepared can be listed (pg_prepared_statements is per session).
 */
let databaseUrl: string;
let pool: pg.Pool;
let ds: DataSource;
/** The statements this session prepared by the shop's names (pg_prepared_statements is per session). */
const PREPARED = `SELECT name, statement FROM pg_prepared_statements WHERE name LIKE 'enzo\\_%'`;
const prepared = async () => (await pool.query<{ name: string }>(PREPARED)).rows.map((r) => r.name);

beforeAll(async () => {
  databaseUrl = await createTestDatabase(inject('pgServerUrl'));
  pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  ds = { driver: { master: pool }, logger: { logQuery: () => undefined } } as unknown as DataSource;
  await pool.query('CREATE TABLE prepared_probe (v int NOT NULL)');
  await pool.query('INSERT INTO prepared_probe VALUES (7)');
});
afterAll(() => pool?.end());

/**
 * queryOn runs a statement (read or write) prepared by name on the connection its EntityManager holds: the
 * transaction's own, for the statements of every order. A real DataSource with one connection, so what a transaction
 * did and what its session prepared can be read. First in the file: the last test below uses up every name.
 */
describe('statements prepared on a transaction connection', () => {
  let orm: DataSource;
  const logged: string[] = [];
  const sessionPrepared = async (m: EntityManager) =>
    ((await m.query(PREPARED)) as Array<{ statement: string }>).map((r) => r.statement);

  beforeAll(async () => {
    orm = createDataSource({ url: databaseUrl, poolSize: 1, onQuery: (sql) => logged.push(sql) });
    await orm.initialize();
    await orm.query('CREATE TABLE prepared_tx_probe (id int PRIMARY KEY, v int NOT NULL)');
    await orm.query('INSERT INTO prepared_tx_probe VALUES (1, 10), (2, 20)');
  });
  afterAll(() => orm?.destroy());

  it('runs inside the transaction, prepared on its connection, and answers rows and counts as pg does', async () => {
    const update = 'UPDATE prepared_tx_probe SET v = v + $2 WHERE id = $1 AND v >= $2';
    const outcome = await inTransaction(orm, async (m) => {
      expect(await queryOn(m, update, [1, 5])).toEqual({ rows: [], rowCount: 1 });
      expect(await queryOn(m, update, [2, 50])).toEqual({ rows: [], rowCount: 0 });
      const read = await queryOn<{ v: number }>(m, 'SELECT v FROM prepared_tx_probe WHERE id = $1', [1]);
      expect(read).toEqual({ rows: [{ v: 15 }], rowCount: 1 });
      const prepared = await sessionPrepared(m);
      expect(prepared).toContain(update);
      expect(prepared).toContain('SELECT v FROM prepared_tx_probe WHERE id = $1');
      return rollback('undo');
    });
    expect(outcome).toEqual({ commit: false, failure: 'undo' });
    // Rolled back with the transaction: the statement was the transaction's.
    expect(await orm.query('SELECT v FROM prepared_tx_probe ORDER BY id')).toEqual([{ v: 10 }, { v: 20 }]);
    // The DataSource's logger saw them (benchmarks and tests count statements through it).
    expect(logged).toContain(update);
  });

  it("fails as m.query does, with TypeORM's QueryFailedError and PostgreSQL's code", async () => {
    const failed = await inTransaction(orm, async (m) =>
      commit(await queryOn(m, 'INSERT INTO prepared_tx_probe VALUES ($1, $2)', [1, 0])),
    ).catch((err: unknown) => err);
    expect(failed).toBeInstanceOf(QueryFailedError);
    expect((failed as { driverError?: { code?: string } }).driverError?.code).toBe('23505');
  });

  it('refuses a manager whose transaction has ended, as m.query does: its connection is back in the pool', async () => {
    let kept: EntityManager | null = null;
    await inTransaction(orm, async (m) => {
      kept = m;
      return commit(null);
    });
    await expect(queryOn(kept!, 'SELECT v FROM prepared_tx_probe WHERE id = $1', [1])).rejects.toBeInstanceOf(
      QueryRunnerAlreadyReleasedError,
    );
  });

  it('after a migration changed a column type: fails that transaction once, then runs unnamed; outside one, retries', async () => {
    const sql = 'SELECT v FROM prepared_tx_probe WHERE id = $1';
    await orm.query('CREATE TABLE prepared_tx_types (v int NOT NULL)');
    await orm.query('INSERT INTO prepared_tx_types VALUES (3)');
    const typed = 'SELECT v FROM prepared_tx_types';
    const read = (m: EntityManager) => queryOn<{ v: unknown }>(m, typed, []);
    expect((await inTransaction(orm, async (m) => commit(await read(m)))).commit).toBe(true);
    await orm.query('ALTER TABLE prepared_tx_types ALTER COLUMN v TYPE text');
    // PostgreSQL refuses the kept plan, which aborts the transaction: the caller sees the error.
    await expect(inTransaction(orm, async (m) => commit(await read(m)))).rejects.toBeInstanceOf(QueryFailedError);
    // From then on this instance runs the text unnamed.
    expect(await inTransaction(orm, async (m) => commit((await read(m)).rows))).toEqual({
      commit: true,
      value: [{ v: '3' }],
    });
    // Outside a transaction (the check an order makes before opening one) the refused plan is retried at once.
    expect((await queryOn<{ v: number }>(orm.manager, sql, [2])).rows).toEqual([{ v: 20 }]);
    await orm.query('ALTER TABLE prepared_tx_probe ALTER COLUMN v TYPE bigint');
    expect((await queryOn<{ v: string }>(orm.manager, sql, [2])).rows).toEqual([{ v: '20' }]);
  });
});

describe('prepared catalog reads', () => {
  it('prepares a read once by a stable name and reuses it', async () => {
    const sql = 'SELECT v FROM prepared_probe WHERE v = $1';
    expect(await selectRows(ds, sql, [7])).toEqual([{ v: 7 }]);
    const names = await prepared();
    expect(names).toHaveLength(1);
    expect(await selectRows(ds, sql, [8])).toEqual([]);
    expect(await prepared()).toEqual(names);
  });

  it('still answers when a migration changed the type of a column the prepared statement returns', async () => {
    const sql = 'SELECT v FROM prepared_probe';
    expect(await selectRows(ds, sql)).toEqual([{ v: 7 }]);
    await pool.query('ALTER TABLE prepared_probe ALTER COLUMN v TYPE text');
    // PostgreSQL refuses the old plan («cached plan must not change result type»); the read runs unnamed.
    expect(await selectRows(ds, sql)).toEqual([{ v: '7' }]);
    expect(await selectRows(ds, sql)).toEqual([{ v: '7' }]);
  });

  it(`prepares at most ${MAX_PREPARED_STATEMENTS} distinct statements; the rest run unnamed`, async () => {
    for (let i = 0; i < MAX_PREPARED_STATEMENTS + 20; i++)
      expect(await selectRows(ds, `SELECT ${i} AS n`)).toEqual([{ n: i }]);
    // Without the cap this one connection would hold all of them.
    const count = (await prepared()).length;
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(MAX_PREPARED_STATEMENTS);
  });
});
