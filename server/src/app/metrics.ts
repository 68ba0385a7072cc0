import { timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApolloServerPlugin } from '@apollo/server';
import client from 'prom-client';
import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import { KNOWN_OPERATION_NAMES } from '#shared/graphql-operations.js';
import {
  bounded,
  graphqlDuration,
  graphqlErrors,
  httpDuration,
  processRegistry,
  type GaugeProvider,
  type MetricsQuery,
} from '../common/metrics.js';
import { pgPoolOf } from '../common/db.js';
import type { Env } from '../config/env.js';
import { metricsAccess } from './metrics-access.js';

/** The route class of a request path: a closed set, never the path itself (ids, slugs and queries stay out). */
export function routeClass(url: string): string {
  const p = url.split('?')[0]!.toLowerCase();
  if (p === '/graphql' || p.startsWith('/graphql/')) return 'graphql';
  if (p.startsWith('/media/')) return 'media';
  if (p.startsWith('/assets/')) return 'assets';
  if (p.startsWith('/webhooks/')) return 'webhook';
  if (p === '/healthz' || p === '/readyz' || p === '/metrics') return p.slice(1);
  if (p.startsWith('/playground')) return 'playground';
  if (p.startsWith('/api/')) return 'api';
  if (p.startsWith('/pasarela-sandbox')) return 'sandbox';
  if (p === '/robots.txt' || p.startsWith('/sitemap') || p.startsWith('/feeds/')) return 'seo';
  return 'page';
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const ERROR_CODES = new Set([
  'BAD_USER_INPUT',
  'BAD_REQUEST',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'PERSISTED_QUERY_NOT_FOUND',
  'OPERATION_RESOLUTION_FAILURE',
  'TOO_MANY_REQUESTS',
  'RATE_LIMITED',
  'INTERNAL_SERVER_ERROR',
]);

/** Times every response by route class, method and status (on 'close': also when the client leaves early). */
export function observeHttp(req: IncomingMessage, res: ServerResponse): void {
  const started = process.hrtime.bigint();
  res.once('close', () => {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    httpDuration.observe(
      {
        route: routeClass(req.url ?? '/'),
        method: bounded(req.method, METHODS),
        status: String(res.statusCode),
      },
      seconds,
    );
  });
}

/** Apollo plugin: each operation's duration by (known) name and type, and its errors by code. */
export function graphqlMetricsPlugin(): ApolloServerPlugin {
  return {
    async requestDidStart() {
      const started = performance.now();
      let operation = 'other';
      let type = 'unknown';
      return {
        async didResolveOperation(ctx) {
          operation = bounded(ctx.operationName, KNOWN_OPERATION_NAMES);
          type = ctx.operation?.operation ?? 'unknown';
        },
        async didEncounterErrors(ctx) {
          const codes = new Set(ctx.errors.map((e) => bounded(String(e.extensions?.code ?? ''), ERROR_CODES)));
          for (const code of codes) graphqlErrors.inc({ operation, code });
        },
        async willSendResponse() {
          graphqlDuration.observe({ operation, type }, (performance.now() - started) / 1000);
        },
      };
    },
  };
}

export interface ShopMetricsOptions {
  env: Env;
  ds: DataSource;
  /** The job runner's pool (graphile-worker). */
  jobPool?: Pool;
  /** The search suggestions' pool (genericPlanPool), when there is one. */
  genericPlanPool?: Pool;
  providers: GaugeProvider[];
}

/**
 * The series this shop reads at scrape time: every gauge provider (figures from PostgreSQL), the connection pools and
 * the data folder's disk. A provider that fails is left out of that scrape and counted.
 */
export function createShopRegistry({
  env,
  ds,
  jobPool,
  genericPlanPool,
  providers,
}: ShopMetricsOptions): client.Registry {
  const registry = new client.Registry();
  const query: MetricsQuery = (sql, params) => ds.query(sql, params);
  const providerErrors = new client.Counter({
    name: 'enzo_metrics_provider_errors_total',
    help: 'Lecturas de cifras para /metrics que fallaron, por cifra',
    labelNames: ['metric'],
    registers: [registry],
  });
  for (const provider of providers) {
    const read = async (metric: client.Gauge | client.Counter) => {
      try {
        const samples = await provider.read(query);
        metric.reset();
        for (const s of samples) {
          if (metric instanceof client.Gauge) metric.set(s.labels ?? {}, s.value);
          else metric.inc(s.labels ?? {}, Math.max(0, s.value));
        }
      } catch {
        metric.reset();
        providerErrors.inc({ metric: provider.name });
      }
    };
    const common = {
      name: provider.name,
      help: provider.help,
      labelNames: provider.labelNames ?? [],
      registers: [registry],
    };
    if (provider.type === 'counter')
      new client.Counter({
        ...common,
        async collect() {
          await read(this);
        },
      });
    else
      new client.Gauge({
        ...common,
        async collect() {
          await read(this);
        },
      });
  }
  const mainPool = pgPoolOf(ds);
  new client.Gauge({
    name: 'enzo_db_pool_connections',
    help: 'Conexiones de los pools de PostgreSQL de esta instancia: abiertas, libres y peticiones esperando una',
    labelNames: ['pool', 'state'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [name, pool] of [
        ['main', mainPool],
        ['jobs', jobPool],
        ['generic_plans', genericPlanPool],
      ] as const) {
        if (!pool) continue;
        this.set({ pool: name, state: 'total' }, pool.totalCount);
        this.set({ pool: name, state: 'idle' }, pool.idleCount);
        this.set({ pool: name, state: 'waiting' }, pool.waitingCount);
      }
    },
  });
  new client.Gauge({
    name: 'enzo_data_disk_bytes',
    help: 'Disco de la carpeta de datos (DATA_DIR): tamaño y espacio libre',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      this.reset();
      const stats = await fs.statfs(env.dataDir).catch(() => null);
      if (!stats) return;
      this.set({ state: 'size' }, stats.blocks * stats.bsize);
      this.set({ state: 'free' }, stats.bavail * stats.bsize);
    },
  });
  return registry;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function tokenMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (!match) return false;
  const given = Buffer.from(match[1]!);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** GET /metrics in Prometheus text format: this process's series, then the shop's figures. */
export function metricsHandler(env: Env, shopRegistry: client.Registry) {
  const access = metricsAccess(env);
  return async (req: IncomingMessage, res: ServerResponse) => {
    const refuse = (status: number, message: string) => {
      res.statusCode = status;
      if (status === 401) res.setHeader('www-authenticate', 'Bearer realm="metrics"');
      res.setHeader('content-type', 'application/json; charset=utf-8');
      res.setHeader('cache-control', 'no-store');
      res.end(JSON.stringify({ error: status === 401 ? 'UNAUTHENTICATED' : 'FORBIDDEN', message }));
    };
    if (access === 'closed')
      return refuse(403, 'Las métricas están cerradas en un despliegue sin METRICS_TOKEN: define esa variable.');
    if (access === 'token' && !tokenMatches(req.headers.authorization, env.METRICS_TOKEN!))
      return refuse(401, 'Falta el token de métricas (Authorization: Bearer …).');
    if (access === 'loopback' && !LOOPBACK.has(req.socket.remoteAddress ?? ''))
      return refuse(403, 'Sin METRICS_TOKEN, las métricas solo se leen desde este computador.');
    const [own, shop] = await Promise.all([processRegistry.metrics(), shopRegistry.metrics()]);
    res.statusCode = 200;
    res.setHeader('content-type', processRegistry.contentType);
    res.setHeader('cache-control', 'no-store');
    res.end(`${own}\n${shop}`);
  };
}
