import pg from 'pg';
import type { Logger } from 'pino';

/**
 * The background jobs' own pool. A connection the database drops (restart, failover) is logged and replaced,
 * never a crash. `end()` never waits forever: once the job runner has stopped, a connection still checked out
 * (seen after a database restart: a reconnect inside the job queue that is never handed back) is destroyed
 * after a short grace period, so the process can shut down.
 */
export function createJobPool(databaseUrl: string, log: Logger): { pool: pg.Pool; end(): Promise<void> } {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 5, connectionTimeoutMillis: 5000 });
  const clients = new Set<pg.PoolClient>();
  // One short line: pg attaches the whole client (config, buffers, parsed statements) to the error, which the
  // logger would print in full; on a Ctrl+C in a terminal PostgreSQL receives the signal too and drops them all.
  const poolError = (err: Error & { code?: string }) =>
    log.warn({ code: err.code, reason: err.message }, 'Conexión de trabajos en segundo plano perdida');
  pool.on('error', poolError);
  pool.on('connect', (client) => {
    clients.add(client);
    client.on('error', poolError);
  });
  pool.on('remove', (client) => clients.delete(client));
  return {
    pool,
    async end() {
      const ended = pool.end();
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), 3000)));
      if ((await Promise.race([ended, grace])) === 'late') {
        log.warn({ connections: clients.size }, 'Cerrando conexiones de trabajos que no se devolvieron');
        for (const client of clients) {
          try {
            client.release(true); // destroys the connection and hands it back, so the pool can end
          } catch {
            // Handed back meanwhile.
          }
        }
      }
      clearTimeout(timer);
      await ended;
    },
  };
}
