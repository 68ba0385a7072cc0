import pg from 'pg';
import type { Logger } from 'pino';

/**
 * A small pool of its own, on the shop's database, for read statements that cost more to plan than to run and whose
 * best plan does not depend on the values (search suggestions, asked on every keystroke): give it to `selectRows` as
 * `pool`. Statements there are prepared by name, as on the shop's pool, and these sessions also keep PostgreSQL's
 * generic plan (`plan_cache_mode = force_generic_plan`), where by default PostgreSQL plans such a statement again on
 * every call whenever the generic plan's estimate looks dearer than the values' own plans. The setting is per
 * session, so it lives only here: on the shop's pool it would also give generic plans to the statements that need
 * one for their values. Connections open on first use; `end()` closes them.
 */
export function genericPlanPool(databaseUrl: string, log?: Logger, max = 4): pg.Pool {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max,
    application_name: 'enzo-generic-plans',
    options: '-c plan_cache_mode=force_generic_plan',
    connectionTimeoutMillis: 5000,
    // A connection closed when idle takes its plan with it: kept longer than pg's default 10 s between bursts of typing.
    idleTimeoutMillis: 60_000,
  });
  // An idle connection lost (a database restart): the pool drops it and the next read opens another.
  pool.on('error', (err) => log?.warn({ err }, 'planes genéricos: se perdió una conexión inactiva'));
  return pool;
}
