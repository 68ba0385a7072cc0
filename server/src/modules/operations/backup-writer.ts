import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { create as createTar } from 'tar';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  DUMP_FILE,
  MANIFEST_FILE,
  MEDIA_DIR,
  OUTBOX_DIR,
  type BackupManifest,
  type ManifestFile,
} from './backup-manifest.js';
import { libpqTarget, openSnapshot } from './database-snapshot.js';
import { findPgTools, toolEnv, type PgTools } from './pg-tools.js';

const run = promisify(execFile);

export interface BackupSource {
  databaseUrl: string;
  /** The local media folder; null when media live in Firebase Storage (then they are not in the archive). */
  mediaDir: string | null;
  outboxDir: string;
  /** Folder the archive is written to (created if missing). */
  destDir: string;
  app: { name: string; version: string };
  /** PG_BIN_DIR: where pg_dump is, when not found by itself. */
  pgBinDir?: string;
  now?: Date;
}

export interface WrittenBackup {
  file: string;
  bytes: number;
  /** SHA-256 of the whole archive (also written beside it as `<file>.sha256`). */
  sha256: string;
  manifest: BackupManifest;
}

export class BackupError extends Error {}

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Every file under `dir`, relative, in a stable order ('' when the folder does not exist). */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile() && !e.name.endsWith('.tmp'))
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/** Puts `from` at `to` without copying bytes when both are on one filesystem. */
async function stage(from: string, to: string): Promise<void> {
  await fs.mkdir(path.dirname(to), { recursive: true });
  await fs.link(from, to).catch(() => fs.copyFile(from, to));
}

async function stageFolder(source: string | null, staging: string, name: string) {
  if (!source) return { included: false, files: [] as string[] };
  const files = await listFiles(source);
  for (const f of files) await stage(path.join(source, ...f.split('/')), path.join(staging, name, ...f.split('/')));
  return { included: true, files: files.map((f) => `${name}/${f}`) };
}

/** `enzo-backup-2026-01-31T02-00-00Z.tar.gz` (UTC, sortable, safe in any filesystem). */
export function backupFileName(at: Date): string {
  return `enzo-backup-${at.toISOString().slice(0, 19).replace(/:/g, '-')}Z.tar.gz`;
}

/** When a backup was taken, from its file name (null for any other file). */
export function backupTimeOf(fileName: string): Date | null {
  const match = /^enzo-backup-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.tar\.gz$/.exec(fileName);
  if (!match) return null;
  const at = new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}Z`);
  return Number.isNaN(at.getTime()) ? null : at;
}

async function dump(tools: PgTools, databaseUrl: string, snapshot: string, file: string): Promise<void> {
  const { dbname, password } = libpqTarget(databaseUrl);
  try {
    await run(
      tools.pgDump,
      [
        '--format=custom',
        '--compress=6',
        `--snapshot=${snapshot}`,
        '--no-sync',
        `--file=${file}`,
        `--dbname=${dbname}`,
      ],
      { env: toolEnv(password), maxBuffer: 16 * 1024 * 1024 },
    );
  } catch (err) {
    const detail = String((err as { stderr?: string }).stderr || (err as Error).message).trim();
    throw new BackupError(`pg_dump falló: ${detail.split('\n').slice(0, 5).join(' ')}`);
  }
}

/**
 * One consistent backup: the database with the real pg_dump (custom format, compressed) from an exported snapshot,
 * the media folder and the outbox, and a manifest with the schema version, counts, sizes and a SHA-256 per file,
 * packed as one .tar.gz written under a temporary name and renamed when complete.
 */
export async function writeBackup(source: BackupSource): Promise<WrittenBackup> {
  const at = source.now ?? new Date();
  // Backups hold customers' personal data: only the shop's own user reads them.
  await fs.mkdir(source.destDir, { recursive: true, mode: 0o700 });
  const staging = path.join(source.destDir, `.enzo-backup-${randomBytes(6).toString('hex')}`);
  await fs.mkdir(staging, { recursive: true });
  try {
    const snapshot = await openSnapshot(source.databaseUrl);
    let tools: PgTools;
    try {
      tools = await findPgTools(snapshot.facts.serverMajor, source.pgBinDir);
      await dump(tools, source.databaseUrl, snapshot.id, path.join(staging, DUMP_FILE));
    } finally {
      await snapshot.close();
    }
    const media = await stageFolder(source.mediaDir, staging, MEDIA_DIR);
    const outbox = await stageFolder(source.outboxDir, staging, OUTBOX_DIR);
    const files: ManifestFile[] = [];
    for (const rel of [DUMP_FILE, ...media.files, ...outbox.files]) {
      const full = path.join(staging, ...rel.split('/'));
      const { size } = await fs.stat(full);
      files.push({ path: rel, bytes: size, sha256: await sha256File(full) });
    }
    const summary = (prefix: string, included: boolean) => {
      const list = files.filter((f) => f.path.startsWith(`${prefix}/`));
      return { included, files: list.length, bytes: list.reduce((s, f) => s + f.bytes, 0) };
    };
    const { facts } = snapshot;
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: at.toISOString(),
      app: source.app,
      database: {
        file: DUMP_FILE,
        schemaVersion: facts.schemaVersion,
        migrations: facts.migrations,
        serverVersion: facts.serverVersion,
        pgDumpVersion: tools.version,
        counts: facts.counts,
        tables: facts.tables,
      },
      media: {
        ...summary(MEDIA_DIR, media.included),
        ...(media.included ? {} : { note: 'Los medios están en Firebase Storage (FIREBASE_STORAGE_BUCKET).' }),
      },
      outbox: summary(OUTBOX_DIR, true),
      files,
      totalBytes: files.reduce((s, f) => s + f.bytes, 0),
    };
    await fs.writeFile(path.join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    const file = path.join(source.destDir, backupFileName(at));
    const partial = `${staging}.tar.gz.partial`;
    await createTar({ cwd: staging, gzip: { level: 6 }, file: partial, portable: true, mode: 0o600 }, [
      MANIFEST_FILE,
      ...files.map((f) => f.path),
    ]);
    const sha256 = await sha256File(partial);
    const { size } = await fs.stat(partial);
    await fs.chmod(partial, 0o600);
    await fs.rename(partial, file);
    await fs.writeFile(`${file}.sha256`, `${sha256}  ${path.basename(file)}\n`);
    return { file, bytes: size, sha256, manifest };
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
    await fs.rm(`${staging}.tar.gz.partial`, { force: true });
  }
}
