import path from 'node:path';
import type { Logger } from 'pino';
import type { Env } from '../config/env.js';
import { assertSafeToStart } from '../config/deployment.js';
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded-postgres.js';
import { startPhase } from './logger.js';

/**
 * The first steps of a start, light enough to run before the shop's modules load: the deployment check and the
 * database. PostgreSQL is a process of its own, so the bootstrap starts it first and loads the shop's modules while
 * it comes up (server/src/main.ts).
 */

export interface ShopDatabase {
  url: string;
  /** The PostgreSQL this process started (none with DATABASE_URL); whoever awaits it stops it. */
  embedded?: EmbeddedDatabase;
}

/** Refuses an unsafe deployment before anything starts (throws EnvError); warns about a test shop. */
export function checkDeployment(env: Env, log: Logger): void {
  const { reasons } = assertSafeToStart(env);
  if (reasons.length > 0 && !env.paymentsAreReal)
    log.warn({ deployment: reasons }, 'Tienda de prueba (TEST_SHOP): los pagos no son reales');
}

/**
 * DATABASE_URL as is, or embedded PostgreSQL started in DATA_DIR with the shop's database in it. `spawned` is called
 * once the postgres process runs.
 */
export async function startDatabase(env: Env, log: Logger, spawned?: () => void): Promise<ShopDatabase> {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL };
  log.info('Iniciando PostgreSQL embebido…');
  let embedded: EmbeddedDatabase | undefined;
  try {
    embedded = await startEmbeddedPostgres({
      dir: path.join(env.dataDir, 'postgres'),
      port: env.EMBEDDED_PG_PORT,
      log: (m) => log.debug({ postgres: m }),
      spawned,
    });
    const url = await shopDatabaseUrl(embedded, log);
    startPhase(log, 'PostgreSQL embebido listo');
    return { url, embedded };
  } catch (err) {
    await embedded?.stop().catch(() => {});
    throw err;
  }
}

/**
 * The shop's database on the embedded server, through its Unix socket when there is one (db/postgres-socket.ts); over
 * TCP when there is none or it cannot be reached (a folder on a file system without sockets).
 */
async function shopDatabaseUrl(embedded: EmbeddedDatabase, log: Logger): Promise<string> {
  if (embedded.socketUrl) {
    try {
      return await ensureDatabase(embedded.socketUrl, 'enzo');
    } catch (err) {
      log.warn({ err }, 'PostgreSQL embebido: sin conexión por su socket Unix; se usa TCP en 127.0.0.1');
    }
  }
  return ensureDatabase(embedded.url, 'enzo');
}

/** Stops what `startDatabase` started, for a start that fails before the shop takes the database over. */
export async function stopDatabase(database: Promise<ShopDatabase>): Promise<void> {
  const started = await database.catch(() => undefined);
  await started?.embedded?.stop().catch(() => {});
}
