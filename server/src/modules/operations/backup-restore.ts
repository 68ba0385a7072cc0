import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { DUMP_FILE, MEDIA_DIR, OUTBOX_DIR } from './backup-manifest.js';
import type { OpenedBackup } from './backup-reader.js';
import { BackupError, listFiles } from './backup-writer.js';
import { currentFacts, libpqTarget, quoteIdent, serverMajorOf, USER_TABLES_SQL } from './database-snapshot.js';
import { findPgTools, toolEnv } from './pg-tools.js';

const run = promisify(execFile);

export interface RestoreTarget {
  databaseUrl: string;
  /** Null when media live in Firebase Storage: the archive's media are then left out. */
  mediaDir: string | null;
  outboxDir: string;
  pgBinDir?: string;
}

/** What is already in the target, one Spanish phrase each (empty: safe to restore into). */
export async function whatIsThere(target: RestoreTarget): Promise<string[]> {
  const found: string[] = [];
  const client = new pg.Client({ connectionString: target.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ schema: string; name: string }>(USER_TABLES_SQL);
    if (rows.length > 0) {
      const orders = rows.some((r) => r.schema === 'public' && r.name === 'shop_order')
        ? Number((await client.query<{ n: string }>('SELECT count(*)::text AS n FROM shop_order')).rows[0]!.n)
        : null;
      found.push(
        `la base de datos ya tiene ${rows.length} tablas${orders === null ? '' : ` y ${orders} ${orders === 1 ? 'pedido' : 'pedidos'}`}`,
      );
    }
  } finally {
    await client.end();
  }
  if (target.mediaDir && (await listFiles(target.mediaDir)).length > 0)
    found.push(`la carpeta de medios ${target.mediaDir} tiene archivos`);
  if ((await listFiles(target.outboxDir)).length > 0) found.push(`la carpeta ${target.outboxDir} tiene correos`);
  return found;
}

/** Drops every schema of the shop (its tables, the job queue, the search extensions) and leaves an empty `public`. */
async function emptyDatabase(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `SELECT nspname AS name FROM pg_namespace
        WHERE nspname NOT IN ('pg_catalog', 'information_schema') AND nspname NOT LIKE 'pg\\_%'`,
    );
    await client.query('BEGIN');
    for (const { name } of rows) await client.query(`DROP SCHEMA ${quoteIdent(name)} CASCADE`);
    await client.query('CREATE SCHEMA public');
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
}

async function replaceFolder(from: string, to: string): Promise<number> {
  await fs.rm(to, { recursive: true, force: true });
  await fs.mkdir(to, { recursive: true });
  const files = await listFiles(from);
  if (files.length > 0) await fs.cp(from, to, { recursive: true });
  return files.length;
}

export interface RestoredFigures {
  tables: number;
  mediaFiles: number | null;
  outboxFiles: number;
  pgRestoreVersion: string;
}

/**
 * Restores an opened (already verified) backup: refuses a target that has data unless `force`, then empties it,
 * runs pg_restore in one transaction (stopping at the first error), checks every table's row count against the
 * manifest, and puts the media and outbox folders back. Migrations are the caller's next step.
 */
export async function restoreBackup(
  backup: OpenedBackup,
  target: RestoreTarget,
  force: boolean,
): Promise<RestoredFigures> {
  const there = await whatIsThere(target);
  if (there.length > 0 && !force)
    throw new BackupError(
      `No se restaura sobre datos existentes: ${there.join('; ')}.\n` +
        'Restaura en una carpeta de datos o base vacía (otra DATA_DIR o DATABASE_URL), o agrega --force para reemplazarlos.',
    );
  const tools = await findPgTools(await serverMajorOf(target.databaseUrl), target.pgBinDir);
  if (there.length > 0) await emptyDatabase(target.databaseUrl);
  const { dbname, password } = libpqTarget(target.databaseUrl);
  try {
    await run(
      tools.pgRestore,
      [
        '--no-owner',
        '--no-acl',
        '--exit-on-error',
        '--single-transaction',
        `--dbname=${dbname}`,
        path.join(backup.dir, DUMP_FILE),
      ],
      { env: toolEnv(password), maxBuffer: 16 * 1024 * 1024 },
    );
  } catch (err) {
    const detail = String((err as { stderr?: string }).stderr || (err as Error).message).trim();
    throw new BackupError(
      `pg_restore falló y no dejó nada a medias (una sola transacción): ${detail.split('\n').slice(0, 5).join(' ')}`,
    );
  }
  const after = await currentFacts(target.databaseUrl);
  const expected = backup.manifest.database.tables;
  for (const [table, rows] of Object.entries(expected)) {
    if (after.tables[table] !== rows)
      throw new BackupError(
        `Tras restaurar, ${table} tiene ${after.tables[table] ?? 0} filas y la copia dice ${rows}: la restauración no es fiel.`,
      );
  }
  const mediaFiles =
    target.mediaDir && backup.manifest.media.included
      ? await replaceFolder(path.join(backup.dir, MEDIA_DIR), target.mediaDir)
      : null;
  const outboxFiles = await replaceFolder(path.join(backup.dir, OUTBOX_DIR), target.outboxDir);
  return { tables: Object.keys(expected).length, mediaFiles, outboxFiles, pgRestoreVersion: tools.version };
}
