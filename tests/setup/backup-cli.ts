import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { USER_TABLES_SQL, quoteIdent } from '../../server/src/modules/operations/database-snapshot.js';

export interface CliRun {
  code: number | null;
  output: string;
}

/** `npm run backup` / `npm run restore -- …` as a person runs them (server/src/db/backup-cli.ts), with only `env`. */
export function runBackupCli(args: string[], env: Record<string, string>): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/db/backup-cli.ts', ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

/** The archive path `npm run backup` printed (its last line). */
export function printedPath(run: CliRun): string {
  return run.output.trim().split('\n').at(-1)!.trim();
}

export interface TableFigures {
  rows: number;
  /** MD5 over every row's text, order-independent: equal contents, equal hash. */
  hash: string;
}

/**
 * Every table of every schema the shop uses (its own, the job queue's, and any a module adds later), with its row
 * count and a content hash, plus every sequence's position: what a faithful restore must give back unchanged.
 */
export async function databaseFigures(url: string): Promise<Record<string, TableFigures | number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const out: Record<string, TableFigures | number> = {};
    const { rows: tables } = await client.query<{ schema: string; name: string }>(USER_TABLES_SQL);
    for (const t of tables) {
      const { rows } = await client.query<{ n: number; h: string }>(
        `SELECT count(*)::int AS n, coalesce(md5(string_agg(md5(t::text), '' ORDER BY md5(t::text))), '') AS h
           FROM ${quoteIdent(t.schema)}.${quoteIdent(t.name)} t`,
      );
      out[`${t.schema}.${t.name}`] = { rows: rows[0]!.n, hash: rows[0]!.h };
    }
    const { rows: sequences } = await client.query<{ name: string; last: string | null }>(
      `SELECT schemaname || '.' || sequencename AS name, last_value::text AS last FROM pg_sequences ORDER BY 1`,
    );
    for (const s of sequences) out[`sequence ${s.name}`] = Number(s.last ?? 0);
    return out;
  } finally {
    await client.end();
  }
}

/** SHA-256 of every file under `dir`, by relative path. */
export async function folderHashes(dir: string): Promise<Record<string, string>> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  const out: Record<string, string> = {};
  for (const e of entries) {
    if (!e.isFile()) continue;
    const full = path.join(e.parentPath, e.name);
    out[path.relative(dir, full)] = crypto
      .createHash('sha256')
      .update(await fs.readFile(full))
      .digest('hex');
  }
  return out;
}
