import pg from 'pg';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { MAX_PREPARED_READS, selectRows } from '../../server/src/common/db.js';
import { createTestDatabase } from '../setup/test-database.js';

/**
 * selectRows prepares each read statement by name, on a real PostgreSQL. One connection, so the statements it
 * prepared can be listed (pg_prepared_statements is per session).
 */
let pool: pg.Pool;
let ds: DataSource;
const prepared = async () =>
  (await pool.query<{ name: string }>('SELECT name FROM pg_prepared_statements')).rows.map((r) => r.name);

beforeAll(async () => {
  pool = new pg.Pool({ connectionString: await createTestDatabase(inject('pgServerUrl')), max: 1 });
  ds = { driver: { master: pool }, logger: { logQuery: () => undefined } } as unknown as DataSource;
  await pool.query('CREATE TABLE prepared_probe (v int NOT NULL)');
  await pool.query('INSERT INTO prepared_probe VALUES (7)');
});
afterAll(() => pool?.end());

describe('prepared catalog reads', () => {
  it('prepares a read once by a stable name and reuses it', async () => {
    const sql = 'SELECT v FROM prepared_probe WHERE v = $1';
    expect(await selectRows(ds, sql, [7])).toEqual([{ v: 7 }]);
    const names = (await prepared()).filter((n) => n.startsWith('enzo_'));
    expect(names).toHaveLength(1);
    expect(await selectRows(ds, sql, [8])).toEqual([]);
    expect((await prepared()).filter((n) => n.startsWith('enzo_'))).toEqual(names);
  });

  it('still answers when a migration changed the type of a column the prepared statement returns', async () => {
    const sql = 'SELECT v FROM prepared_probe';
    expect(await selectRows(ds, sql)).toEqual([{ v: 7 }]);
    await pool.query('ALTER TABLE prepared_probe ALTER COLUMN v TYPE text');
    // PostgreSQL refuses the old plan («cached plan must not change result type»); the read runs unnamed.
    expect(await selectRows(ds, sql)).toEqual([{ v: '7' }]);
    expect(await selectRows(ds, sql)).toEqual([{ v: '7' }]);
  });

  it(`prepares at most ${MAX_PREPARED_READS} distinct statements; the rest run unnamed`, async () => {
    for (let i = 0; i < MAX_PREPARED_READS + 20; i++)
      expect(await selectRows(ds, `SELECT ${i} AS n`)).toEqual([{ n: i }]);
    // Without the cap this one connection would hold all of them.
    const count = (await prepared()).filter((n) => n.startsWith('enzo_')).length;
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(MAX_PREPARED_READS);
  });
});
