import client from 'prom-client';

/**
 * Prometheus series this process counts itself (HTTP, GraphQL, webhooks, jobs, caches, and Node's own default
 * metrics: memory, event-loop lag, GC). They are per process, as Prometheus expects: each instance is scraped and
 * the sums are taken there. Figures that must agree across instances (orders, payments, emails, backups) are read
 * from PostgreSQL at scrape time instead, through the gauge providers below.
 *
 * Labels are always from closed sets (route classes, known operation names, outcomes, task names): never a raw
 * path, an id, an email or anything a client chooses.
 */
export const processRegistry = new client.Registry();
client.collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 20 });

export const httpDuration = new client.Histogram({
  name: 'enzo_http_request_duration_seconds',
  help: 'Peticiones HTTP por clase de ruta, método y estado, con su duración',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [processRegistry],
});

export const graphqlDuration = new client.Histogram({
  name: 'enzo_graphql_operation_duration_seconds',
  help: 'Operaciones GraphQL por nombre (solo los de los documentos de la tienda; el resto, "other") y tipo',
  labelNames: ['operation', 'type'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [processRegistry],
});

export const graphqlErrors = new client.Counter({
  name: 'enzo_graphql_operation_errors_total',
  help: 'Operaciones GraphQL que respondieron con errores, por nombre y código',
  labelNames: ['operation', 'code'] as const,
  registers: [processRegistry],
});

export const webhookEvents = new client.Counter({
  name: 'enzo_webhook_events_total',
  help: 'Eventos recibidos en /webhooks/wompi por resultado',
  labelNames: ['outcome'] as const,
  registers: [processRegistry],
});

export const jobRuns = new client.Counter({
  name: 'enzo_job_runs_total',
  help: 'Trabajos en segundo plano ejecutados en este proceso, por tarea y resultado',
  labelNames: ['task', 'result'] as const,
  registers: [processRegistry],
});

export const cacheLookups = new client.Counter({
  name: 'enzo_cache_lookups_total',
  help: 'Búsquedas en la caché de la instancia (páginas, lecturas GraphQL, valores) por resultado',
  labelNames: ['cache', 'result'] as const,
  registers: [processRegistry],
});

/** Counts one cache lookup (hit or miss). */
export function countCacheLookup(cache: 'pages' | 'searchPages' | 'reads' | 'values' | 'typed', hit: boolean): void {
  cacheLookups.inc({ cache, result: hit ? 'hit' : 'miss' });
}

/** One labelled value of a gauge provider. */
export interface Sample {
  labels?: Record<string, string>;
  value: number;
}

/** Runs a read-only SQL statement (the shop's pool). */
export type MetricsQuery = <T = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<T[]>;

/**
 * A figure read from the database at scrape time (the same on every instance). Modules export their providers and
 * app/metrics.ts lists them; a provider whose tables do not exist yet answers no samples.
 */
export interface GaugeProvider {
  name: string;
  help: string;
  /** `counter` for a figure that only grows (a count of rows that are never deleted). */
  type?: 'gauge' | 'counter';
  labelNames?: readonly string[];
  read(query: MetricsQuery): Promise<Sample[]>;
}

/** A closed set of label values: anything else becomes `other`. */
export function bounded(value: string | null | undefined, known: ReadonlySet<string>): string {
  return value && known.has(value) ? value : 'other';
}
