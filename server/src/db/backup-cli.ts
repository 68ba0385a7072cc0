import path from 'node:path';
import fs from 'node:fs/promises';
import { EnvError, parseEnv, type Env } from '../config/env.js';
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedDatabase } from './embedded-postgres.js';
import { openDatabase } from './data-source.js';
import {
  appVersion,
  BackupError,
  currentFacts,
  openBackup,
  PgToolsError,
  restoreBackup,
  writeBackup,
  type BackupManifest,
} from '../modules/operations/index.js';
import { formatBytes } from '#shared/operations.js';

/**
 * `npm run backup` and `npm run restore -- FILE [--force]`: the same database choice as the server (DATABASE_URL, or
 * the embedded PostgreSQL in DATA_DIR, used as it is when a shop is running on it, started and stopped otherwise).
 */

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function countsLine(counts: BackupManifest['database']['counts']): string {
  return `${plural(counts.orders, 'pedido', 'pedidos')}, ${plural(counts.products, 'producto', 'productos')}, ${plural(counts.customers, 'cliente', 'clientes')}`;
}

interface Database {
  url: string;
  embedded?: EmbeddedDatabase;
  label: string;
}

async function database(env: Env, purpose: 'backup' | 'restore'): Promise<Database> {
  if (env.DATABASE_URL) {
    const u = new URL(env.DATABASE_URL);
    return { url: env.DATABASE_URL, label: `PostgreSQL externo ${u.hostname}${u.pathname}` };
  }
  const dir = path.join(env.dataDir, 'postgres');
  if (purpose === 'backup') {
    const known = await fs.access(path.join(dir, 'PG_VERSION')).then(
      () => true,
      () => false,
    );
    // As root the data may live under /var/lib/enzo: the start below finds it; only a folder never used has nothing.
    const dataFolder = await fs.access(env.dataDir).then(
      () => true,
      () => false,
    );
    if (!known && !dataFolder)
      throw new BackupError(`No hay datos que copiar: ${env.dataDir} no existe (¿la tienda nunca arrancó aquí?).`);
  }
  const embedded = await startEmbeddedPostgres({ dir, port: env.EMBEDDED_PG_PORT });
  if (purpose === 'restore' && embedded.ownerPid !== undefined) {
    throw new BackupError(
      `La tienda está en marcha sobre ${env.dataDir} (proceso ${embedded.ownerPid}): detenla (Ctrl+C) antes de restaurar.`,
    );
  }
  try {
    return {
      url: await ensureDatabase(embedded.url, 'enzo'),
      embedded,
      label:
        embedded.ownerPid === undefined
          ? `PostgreSQL embebido en ${embedded.dataDir}, arrancado y detenido para esto`
          : `PostgreSQL embebido de la tienda en marcha, proceso ${embedded.ownerPid}`,
    };
  } catch (err) {
    await embedded.stop();
    throw err;
  }
}

async function backup(env: Env): Promise<void> {
  const db = await database(env, 'backup');
  try {
    const written = await writeBackup({
      databaseUrl: db.url,
      mediaDir: env.FIREBASE_STORAGE_BUCKET ? null : path.join(env.dataDir, 'media'),
      outboxDir: path.join(env.dataDir, 'outbox'),
      destDir: env.backupDir,
      app: appVersion(),
      pgBinDir: env.PG_BIN_DIR,
    });
    const m = written.manifest;
    console.log(
      [
        `Copia de seguridad completa (${db.label}):`,
        `  Base de datos: ${countsLine(m.database.counts)}; esquema ${m.database.schemaVersion} (${m.database.migrations} migraciones); PostgreSQL ${m.database.serverVersion}, pg_dump ${m.database.pgDumpVersion}`,
        m.media.included
          ? `  Medios: ${plural(m.media.files, 'archivo', 'archivos')} (${formatBytes(m.media.bytes)})`
          : `  Medios: no incluidos (${m.media.note ?? 'fuera de la carpeta de datos'})`,
        `  Correos (outbox): ${plural(m.outbox.files, 'archivo', 'archivos')}`,
        `  Tamaño: ${formatBytes(written.bytes)} · SHA-256 ${written.sha256}`,
        written.file,
      ].join('\n'),
    );
  } finally {
    await db.embedded?.stop();
  }
}

async function restore(env: Env, file: string, force: boolean): Promise<void> {
  const opened = await openBackup(path.resolve(file));
  try {
    const m = opened.manifest;
    console.log(
      `Copia verificada: ${path.basename(file)} del ${m.createdAt} (${plural(m.files.length, 'archivo', 'archivos')} con su SHA-256 correcto; esquema ${m.database.schemaVersion}).`,
    );
    const db = await database(env, 'restore');
    try {
      const restored = await restoreBackup(
        opened,
        {
          databaseUrl: db.url,
          mediaDir: env.FIREBASE_STORAGE_BUCKET ? null : path.join(env.dataDir, 'media'),
          outboxDir: path.join(env.dataDir, 'outbox'),
          pgBinDir: env.PG_BIN_DIR,
        },
        force,
      );
      // Pending migrations (a backup from an older version) are applied as at any start.
      await (await openDatabase({ url: db.url })).destroy();
      const after = await currentFacts(db.url);
      const newer = after.migrations - m.database.migrations;
      console.log(
        [
          `Restaurado en ${db.label}:`,
          `  Base de datos: ${countsLine(m.database.counts)} (${restored.tables} tablas con las mismas filas que la copia; pg_restore ${restored.pgRestoreVersion})`,
          restored.mediaFiles === null
            ? '  Medios: no restaurados (la tienda usa Firebase Storage o la copia no los trae)'
            : `  Medios: ${plural(restored.mediaFiles, 'archivo', 'archivos')} en ${path.join(env.dataDir, 'media')}`,
          `  Correos (outbox): ${plural(restored.outboxFiles, 'archivo', 'archivos')}`,
          newer > 0
            ? `  Migraciones: aplicadas ${newer} pendientes; esquema ahora ${after.schemaVersion}`
            : `  Migraciones: al día (${after.schemaVersion})`,
          'Arranca la tienda con «npm start».',
        ].join('\n'),
      );
    } finally {
      await db.embedded?.stop();
    }
  } finally {
    await opened.dispose();
  }
}

async function main(argv: string[]) {
  const [command, ...rest] = argv;
  const env = parseEnv();
  if (command === 'backup' && rest.length === 0) return backup(env);
  if (command === 'restore') {
    const force = rest.includes('--force');
    const files = rest.filter((a) => a !== '--force');
    if (files.length === 1 && !files[0]!.startsWith('-')) return restore(env, files[0]!, force);
  }
  console.error('Uso: npm run backup\n     npm run restore -- ARCHIVO [--force]');
  process.exit(2);
}

main(process.argv.slice(2)).catch((err) => {
  if (err instanceof BackupError || err instanceof EnvError || err instanceof PgToolsError) {
    console.error(`\n${err.message}\n`);
  } else {
    console.error('No se pudo completar la operación:', err);
  }
  process.exit(1);
});
