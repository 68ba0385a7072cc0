import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../server/src/db/embedded-postgres.js';

/** One data folder, as `npm start` and `npm run db:seed` share `.data/postgres`. */
const root = path.join(os.tmpdir(), `enzo-pg-in-use-${process.pid}`);
const dir = path.join(root, 'postgres');
const started: EmbeddedDatabase[] = [];

afterAll(async () => {
  for (const db of started.reverse()) await db.stop().catch(() => {});
  await fs.rm(root, { recursive: true, force: true });
});

async function answer(url: string, sql = 'SELECT 1 AS one'): Promise<unknown> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows[0];
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL in a folder another process is using', () => {
  it('uses the running server and leaves it running (db:seed or a second npm start beside a running shop)', async () => {
    const shop = await startEmbeddedPostgres({ dir, fast: true });
    started.push(shop);
    await answer(shop.url, 'CREATE TABLE kept AS SELECT 7 AS v');

    const second = await startEmbeddedPostgres({ dir, fast: true });
    expect(second.url).toBe(shop.url);
    expect(second.dataDir).toBe(shop.dataDir);
    expect(await answer(second.url, 'SELECT v FROM kept')).toEqual({ v: 7 });
    await second.stop();

    // The first one's server was not stopped by the second one's stop (before, the second start killed it).
    expect(await answer(shop.url, 'SELECT v FROM kept')).toEqual({ v: 7 });
  });

  it('still stops a server whose parent was killed, and starts its own', async () => {
    const [orphan] = started;
    // The owner of the running server is gone (as after a SIGKILL): a finished process's pid.
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
      encoding: 'utf8',
    }).stdout;
    await fs.writeFile(`${orphan!.dataDir}.owner`, `${gone}\n`);
    const next = await startEmbeddedPostgres({ dir, fast: true });
    started.push(next);
    expect(await answer(next.url, 'SELECT v FROM kept')).toEqual({ v: 7 });
    await expect(answer(orphan!.url)).rejects.toThrow();
    expect(await fs.readFile(`${next.dataDir}.owner`, 'utf8')).toBe(`${process.pid}\n`);
    await next.stop();
    await expect(fs.access(`${next.dataDir}.owner`)).rejects.toThrow();
  });
});
