import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { startChildShop, type ChildShop } from '../setup/child-shop.js';
import { createTestDatabase } from '../setup/test-database.js';
import { graphql } from '../gql/index.js';

/**
 * With OTEL_EXPORTER_OTLP_ENDPOINT the shop sends OpenTelemetry traces over OTLP/HTTP: here to a receiver on
 * 127.0.0.1 that records them. One request to /graphql gives its HTTP span (carrying the request id of the logs), the
 * GraphQL spans and the PostgreSQL queries it ran.
 */
interface Span {
  name: string;
  traceId: string;
  attributes: Record<string, unknown>;
}
const spans: Span[] = [];
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    let body = Buffer.concat(chunks);
    if (req.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
    if (req.url === '/v1/traces' && String(req.headers['content-type']).includes('json')) {
      const data = JSON.parse(body.toString()) as {
        resourceSpans: Array<{
          scopeSpans: Array<{
            spans: Array<{
              name: string;
              traceId: string;
              attributes?: Array<{ key: string; value: Record<string, unknown> }>;
            }>;
          }>;
        }>;
      };
      for (const r of data.resourceSpans)
        for (const s of r.scopeSpans)
          for (const span of s.spans)
            spans.push({
              name: span.name,
              traceId: span.traceId,
              attributes: Object.fromEntries((span.attributes ?? []).map((a) => [a.key, Object.values(a.value)[0]])),
            });
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});

let shop: ChildShop | undefined;
let dataDir = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'enzo-traces-'));
  shop = await startChildShop({
    DATABASE_URL: await createTestDatabase(inject('pgServerUrl')),
    TEST_SHOP: 'true',
    DATA_DIR: dataDir,
    SEED_ON_START: 'false',
    FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost'),
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`,
    // The SDK's own setting: export every half second instead of every five.
    OTEL_BSP_SCHEDULE_DELAY: '500',
  });
});
afterAll(async () => {
  await shop?.stop();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const TRACED = graphql(`
  query TracedCategories {
    categories {
      slug
      name
    }
  }
`);

describe('OpenTelemetry traces', () => {
  it('trace a GraphQL request through HTTP, GraphQL and PostgreSQL, with the request id', async () => {
    const res = await fetch(`${shop!.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'traza-de-prueba-1' },
      body: JSON.stringify({ query: String(TRACED) }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('traza-de-prueba-1');
    await expect
      .poll(() => spans.find((s) => s.attributes['enzo.request_id'] === 'traza-de-prueba-1'), { timeout: 30_000 })
      .toBeDefined();
    const root = spans.find((s) => s.attributes['enzo.request_id'] === 'traza-de-prueba-1')!;
    await expect
      .poll(() => spans.filter((s) => s.traceId === root.traceId).map((s) => s.name), { timeout: 30_000 })
      .toEqual(
        expect.arrayContaining([
          'graphql.parse',
          'graphql.validate',
          expect.stringMatching(/^query TracedCategories/),
          expect.stringMatching(/^graphql\.resolve/),
          expect.stringMatching(/^pg\.query/),
        ]),
      );
    const inTrace = spans.filter((s) => s.traceId === root.traceId);
    expect(
      inTrace.some(
        (s) => s.attributes['db.system'] === 'postgresql' || s.attributes['db.system.name'] === 'postgresql',
      ),
    ).toBe(true);
    // Probes and scrapes are not traced.
    await fetch(`${shop!.url}/healthz`);
    expect(
      spans.some((s) => String(s.attributes['url.path'] ?? s.attributes['http.target'] ?? '') === '/healthz'),
    ).toBe(false);
  });
});
