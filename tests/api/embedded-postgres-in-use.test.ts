import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../server/src/db/embedded-postgres.js';
import { socketDirFor } from '../../server/src/db/postgres-socket.js';

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
    // The shop's own connections go through the Unix socket in the data folder (no server address), tools over TCP.
    expect(shop.socketUrl).toBeDefined();
    expect(await answer(shop.socketUrl!, 'SELECT inet_server_addr() AS addr, (SELECT v FROM kept) AS v')).toEqual({
      addr: null,
      v: 7,
    });
    expect(await answer(shop.url, 'SELECT host(inet_server_addr()) AS addr')).toEqual({ addr: '127.0.0.1' });

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

describe('the socket of embedded PostgreSQL', () => {
  it('is in the data folder when its path fits a Unix socket (107 bytes) and the setting can list it', () => {
    expect(socketDirFor('/var/lib/enzo/abc/postgres', 5432)).toBe('/var/lib/enzo/abc/postgres');
    expect(socketDirFor(`/${'x'.repeat(92)}`, 5432)).toBe(`/${'x'.repeat(92)}`);
    expect(socketDirFor(`/${'x'.repeat(93)}`, 5432)).toBeNull();
    // macOS allows 103 bytes; Windows gets no socket.
    expect(socketDirFor(`/${'x'.repeat(88)}`, 5432, 'darwin')).toBe(`/${'x'.repeat(88)}`);
    expect(socketDirFor(`/${'x'.repeat(89)}`, 5432, 'darwin')).toBeNull();
    expect(socketDirFor('C:\\enzo\\postgres', 5432, 'win32')).toBeNull();
    for (const odd of ['/datos/mi tienda/postgres', '/datos/a,b/postgres', '/datos/"x"/postgres'])
      expect(socketDirFor(odd, 5432)).toBeNull();
  });
});
