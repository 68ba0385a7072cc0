import { bounded, type GaugeProvider } from '../common/metrics.js';

/**
 * The job queue as PostgreSQL has it (graphile-worker's tables): jobs ready to run and waiting, running, retrying
 * after a failure, given up, and the age of the oldest one waiting. `tasks` bounds the task label.
 */
export function jobMetricProviders(tasks: ReadonlySet<string>): GaugeProvider[] {
  const byTask =
    (sql: string): GaugeProvider['read'] =>
    async (q) =>
      (await q<{ task: string; n: string }>(sql)).map((r) => ({
        labels: { task: bounded(r.task, tasks) },
        value: Number(r.n),
      }));
  const from = `FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id`;
  return [
    {
      name: 'enzo_jobs_ready',
      help: 'Trabajos listos para correr que esperan un proceso, por tarea',
      labelNames: ['task'],
      read: byTask(
        `SELECT t.identifier AS task, count(*)::text AS n ${from}
          WHERE j.locked_at IS NULL AND j.run_at <= now() AND j.attempts < j.max_attempts GROUP BY 1`,
      ),
    },
    {
      name: 'enzo_jobs_running',
      help: 'Trabajos tomados por un proceso, por tarea',
      labelNames: ['task'],
      read: byTask(`SELECT t.identifier AS task, count(*)::text AS n ${from} WHERE j.locked_at IS NOT NULL GROUP BY 1`),
    },
    {
      name: 'enzo_jobs_retrying',
      help: 'Trabajos que fallaron y esperan su próximo intento, por tarea',
      labelNames: ['task'],
      read: byTask(
        `SELECT t.identifier AS task, count(*)::text AS n ${from}
          WHERE j.last_error IS NOT NULL AND j.attempts < j.max_attempts AND j.locked_at IS NULL GROUP BY 1`,
      ),
    },
    {
      name: 'enzo_jobs_failed',
      help: 'Trabajos que agotaron sus intentos (no se reintentan solos), por tarea',
      labelNames: ['task'],
      read: byTask(
        `SELECT t.identifier AS task, count(*)::text AS n ${from} WHERE j.attempts >= j.max_attempts GROUP BY 1`,
      ),
    },
    {
      name: 'enzo_jobs_oldest_ready_age_seconds',
      help: 'Antigüedad del trabajo listo más viejo que nadie ha tomado (0 sin trabajos esperando)',
      read: async (q) => [
        {
          value: Number(
            (
              await q<{ age: string }>(
                `SELECT coalesce(extract(epoch FROM now() - min(j.run_at)), 0)::text AS age ${from}
                  WHERE j.locked_at IS NULL AND j.run_at <= now() AND j.attempts < j.max_attempts`,
              )
            )[0]!.age,
          ),
        },
      ],
    },
  ];
}
