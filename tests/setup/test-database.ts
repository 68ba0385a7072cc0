import path from 'node:path';
import pg from 'pg';
import { fileURLToPath } from 'node:url';

/** Per test run (several runs may share a machine): its own PostgreSQL data and media folders. */
export const TMP_DIR = path.join(fileURLToPath(new URL('../.tmp', import.meta.url)), `run-${process.pid}`);
export const TEMPLATE_DB = 'enzo_template';
export const MEDIA_DIR = path.join(TMP_DIR, 'media');

/** Runs SQL on the server's maintenance database. */
export async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh database for one test file, copied from the migrated and seeded template. */
export async function createTestDatabase(
  serverUrl: string,
  name = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`,
): Promise<string> {
  await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await adminQuery(serverUrl, `CREATE DATABASE "${name}" TEMPLATE ${TEMPLATE_DB}`);
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return u.toString();
}
