import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { repoPath } from '../../server/src/common/repo-root.js';
import { freePort } from '../../server/src/db/embedded-postgres.js';
import { startTestShop, type TestShop } from '../setup/test-shop.js';
import { parseMetrics, seriesValue, type ParsedMetrics } from '../setup/prometheus-text.js';
import { orderInput, placeOrder, postEvent, variantWithStock } from './checkout-fixtures.js';
import { paySandbox } from './order-fixtures.js';
import { expectTypename } from '../setup/graphql-post.js';
import { graphql } from '../gql/index.js';

/** An operation named like one of the storefront's (a metric label of its own), and one named as any client likes. */
const KNOWN_NAME = graphql(`
  query CartQuote {
    __typename
  }
`);
const UNKNOWN_NAME = graphql(`
  query ElNombreQueElijaUnCliente {
    __typename
  }
`);

/**
 * /metrics after real traffic: the names and types a dashboard relies on, and the series a paid order, a failed job
 * (the SMTP server is down) and a refused webhook move. A test shop is a deployment: the token is required.
 */
const TOKEN = 'metricas-de-prueba-0123456789';
let shop: TestShop;

beforeAll(async () => {
  shop = await startTestShop({
    METRICS_TOKEN: TOKEN,
    // Nothing listens there: every email fails to send.
    SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
  });
});
afterAll(() => shop?.close());

async function scrape(): Promise<ParsedMetrics> {
  const res = await fetch(`${shop.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  return parseMetrics(await res.text());
}

describe('/metrics', () => {
  it('asks for the token in a deployment', async () => {
    expect((await fetch(`${shop.url}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${shop.url}/metrics`, { headers: { authorization: 'Bearer otra-cosa-cualquiera-123' } });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { message: string }).message).toContain('token de métricas');
  });

  it('is closed in a deployment without METRICS_TOKEN', async () => {
    const closed = await startTestShop();
    try {
      const res = await fetch(`${closed.url}/metrics`);
      expect(res.status).toBe(403);
      expect(((await res.json()) as { message: string }).message).toContain('METRICS_TOKEN');
    } finally {
      await closed.close();
    }
  });

  it('moves the right series for a paid order, a failed job and a refused webhook', async () => {
    const before = await scrape();

    const placed = await placeOrder(shop, orderInput(await variantWithStock(shop, 5, 3), 1));
    expectTypename(placed, 'OrderPlaced');
    await paySandbox(shop, placed.checkoutUrl, { decision: 'APPROVE' });
    expect(await postEvent(shop, { event: 'transaction.updated', data: {}, signature: {} })).toBeGreaterThanOrEqual(
      400,
    );
    const known = await shop.gql(KNOWN_NAME);
    expect(known.status).toBe(200);
    await shop.gql(UNKNOWN_NAME);
    await fetch(`${shop.url}/media/no-existe-12345.png`);

    // The confirmation emails fail against the dead SMTP server: their jobs fail.
    let after = await scrape();
    await expect
      .poll(
        async () => {
          after = await scrape();
          return seriesValue(after, 'enzo_job_runs_total', { task: 'send-email', result: 'failure' });
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThan(seriesValue(before, 'enzo_job_runs_total', { task: 'send-email', result: 'failure' }));

    const delta = (name: string, labels: Record<string, string> = {}) =>
      seriesValue(after, name, labels) - seriesValue(before, name, labels);
    expect(delta('enzo_orders_placed_total')).toBe(1);
    expect(delta('enzo_orders_paid_total')).toBe(1);
    // The paid order's invoice, whatever the provider has answered by now.
    expect(delta('enzo_invoices', { kind: 'invoice' })).toBe(1);
    expect(delta('enzo_payments_total', { method: 'CARD', outcome: 'approved' })).toBe(1);
    expect(
      delta('enzo_webhook_events_total', { outcome: 'rejected' }) +
        delta('enzo_webhook_events_total', { outcome: 'unsigned' }),
    ).toBe(1);
    expect(seriesValue(after, 'enzo_emails_failing')).toBeGreaterThan(0);
    expect(seriesValue(after, 'enzo_jobs_retrying', { task: 'send-email' })).toBeGreaterThan(0);
    expect(
      delta('enzo_graphql_operation_duration_seconds_count', { operation: 'CartQuote', type: 'query' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      delta('enzo_graphql_operation_duration_seconds_count', { operation: 'other', type: 'query' }),
    ).toBeGreaterThanOrEqual(1);
    // The refused one, and the sandbox gateway's own event for the payment.
    expect(
      delta('enzo_http_request_duration_seconds_count', { route: 'webhook', method: 'POST' }),
    ).toBeGreaterThanOrEqual(1);
    expect(delta('enzo_http_request_duration_seconds_count', { route: 'media', method: 'GET', status: '404' })).toBe(1);
  });

  it('has the names and types dashboards use, with bounded labels and no personal data', async () => {
    // A suggestion opens a connection of the suggestions' own pool, which the pool gauge then counts.
    const suggested = await shop.gql(
      graphql(`
        query MetricsSuggestions {
          searchSuggestions(query: "pech") {
            query
          }
        }
      `),
    );
    expect(suggested.errors).toBeUndefined();
    const res = await fetch(`${shop.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    const text = await res.text();
    const m = parseMetrics(text);
    const types: Record<string, string> = {
      enzo_http_request_duration_seconds: 'histogram',
      enzo_graphql_operation_duration_seconds: 'histogram',
      enzo_graphql_operation_errors_total: 'counter',
      enzo_webhook_events_total: 'counter',
      enzo_job_runs_total: 'counter',
      enzo_cache_lookups_total: 'counter',
      enzo_orders_placed_total: 'counter',
      enzo_orders_paid_total: 'counter',
      enzo_orders: 'gauge',
      enzo_payments_total: 'counter',
      enzo_emails_pending: 'gauge',
      enzo_emails_failing: 'gauge',
      enzo_jobs_ready: 'gauge',
      enzo_jobs_retrying: 'gauge',
      enzo_jobs_failed: 'gauge',
      enzo_jobs_oldest_ready_age_seconds: 'gauge',
      enzo_db_pool_connections: 'gauge',
      enzo_data_disk_bytes: 'gauge',
      enzo_backup_last_success_timestamp_seconds: 'gauge',
      enzo_alert_firing: 'gauge',
      enzo_invoices: 'gauge',
      nodejs_eventloop_lag_seconds: 'gauge',
      process_resident_memory_bytes: 'gauge',
      nodejs_heap_size_used_bytes: 'gauge',
    };
    for (const [name, type] of Object.entries(types)) expect(m.types.get(name), name).toBe(type);
    expect(seriesValue(m, 'enzo_db_pool_connections', { pool: 'main', state: 'total' })).toBeGreaterThan(0);
    expect(seriesValue(m, 'enzo_db_pool_connections', { pool: 'generic_plans', state: 'total' })).toBeGreaterThan(0);
    expect(text).not.toContain('ana@correo.com');
    expect(text).not.toContain('no-existe-12345');
    expect(text).not.toContain('ElNombreQueElijaUnCliente');
    const routes = new Set(m.samples.filter((s) => s.name.startsWith('enzo_http_')).map((s) => s.labels.route));
    for (const route of routes)
      expect(['graphql', 'media', 'webhook', 'sandbox', 'metrics', 'page', 'healthz', 'readyz']).toContain(route);
  });
});

describe('ops/: the Grafana dashboard and the Prometheus alert rules', () => {
  /** The shop's metric families an expression names (histogram series named by their family). */
  const metricNames = (expr: string) =>
    [...expr.matchAll(/\b((?:enzo|nodejs|process)_[a-z0-9_]+)/g)].map((m) => m[1]!.replace(/_(bucket|count|sum)$/, ''));

  it('parse, and every metric they name is in /metrics', async () => {
    const dashboard = JSON.parse(fs.readFileSync(repoPath('ops', 'grafana-dashboard.json'), 'utf8')) as {
      panels: Array<{ title: string; targets: Array<{ expr: string }> }>;
    };
    const rules = parseYaml(fs.readFileSync(repoPath('ops', 'prometheus-alerts.yml'), 'utf8')) as {
      groups: Array<{ rules: Array<{ alert: string; expr: string }> }>;
    };
    const exprs = [
      ...dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr)),
      ...rules.groups.flatMap((g) => g.rules.map((r) => r.expr)),
    ];
    expect(dashboard.panels.length).toBeGreaterThan(10);
    expect(rules.groups[0]!.rules.length).toBeGreaterThan(5);
    const named = new Set(exprs.flatMap(metricNames));
    expect(named.size).toBeGreaterThan(15);
    const { types } = await scrape();
    for (const name of named) expect(types.has(name), `${name} no está en /metrics`).toBe(true);
  });
});

describe('/readyz', () => {
  it('answers 200 with the database, migrations and job queue checked', async () => {
    const res = await fetch(`${shop.url}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: 'ok', migrations: 'ok', jobs: 'ok' });
  });
});
