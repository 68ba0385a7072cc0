import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { ApolloServer } from '@apollo/server';
import express from 'express';
import pino from 'pino';
import { createGraphqlHttp, isGraphqlUrl, type Step } from './graphql-http.js';
import type { GraphQLContext } from './context.js';
import type { GraphqlGetCache } from '../modules/cache/catalog-cache.http.js';

const PUBLIC = 'public, max-age=60';
const lines: Array<Record<string, unknown>> = [];
const log = pino(
  { level: 'info' },
  new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  }),
);

const apollo = new ApolloServer<GraphQLContext>({
  typeDefs: 'type Query { whoami: String!, price: Int! }',
  resolvers: {
    Query: {
      whoami: (_: unknown, __: unknown, ctx: GraphQLContext) => `${ctx.ip} ${ctx.requestId}`,
      price: () => 45_900,
    },
  },
  plugins: [
    {
      async requestDidStart() {
        return {
          async willSendResponse({ request, response }) {
            if (request.http?.method === 'GET' && request.query?.includes('price'))
              response.http.headers.set('cache-control', PUBLIC);
          },
        };
      },
    },
  ],
});

/** A GET cache kept in a Map, as CatalogCache keeps its reads. */
const kept = new Map<string, { body: string; etag: string; contentType: string }>();
const getCache: GraphqlGetCache = (req) =>
  req.method !== 'GET'
    ? undefined
    : {
        hit: kept.has(req.url!) ? { ...kept.get(req.url!)!, cacheControl: PUBLIC } : undefined,
        keep(status, headers, body) {
          if (status !== 200 || headers.get('cache-control') !== PUBLIC) return undefined;
          const etag = `"v${body.length}"`;
          kept.set(req.url!, { body, etag, contentType: headers.get('content-type')! });
          return etag;
        },
      };

const tag: Step = (req, res, next) => {
  req.id = String(req.headers['x-request-id'] ?? 'generated');
  res.setHeader('x-request-id', req.id);
  res.once('close', () =>
    log.info(
      { req: { id: req.id, url: req.url?.split('?')[0] }, res: { statusCode: res.statusCode } },
      'request completed',
    ),
  );
  next();
};
const header: Step = (req, res, next) => {
  if (req.headers['x-break'] === 'step') throw new Error('a step broke');
  res.setHeader('x-content-type-options', 'nosniff');
  next();
};

let server: http.Server;
let url = '';

beforeAll(async () => {
  await apollo.start();
  // Express's own compiled form of TRUST_PROXY=loopback.
  const trust = express().set('trust proxy', 'loopback').get('trust proxy fn') as (addr: string, i: number) => boolean;
  const graphql = createGraphqlHttp({
    apollo,
    before: [tag, header],
    trust,
    getCache,
    context: async (req, ip) => ({ ip, requestId: req.id }) as unknown as GraphQLContext,
    log,
  });
  server = http.createServer((req, res) => (isGraphqlUrl(req.url) ? graphql(req, res) : res.writeHead(404).end()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await apollo.stop();
});

const post = (body: string, headers: Record<string, string> = {}) =>
  fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

const codeOf = async (res: Response) =>
  ((await res.json()) as { errors: Array<{ extensions: { code: string } }> }).errors[0]!.extensions.code;

describe('isGraphqlUrl', () => {
  it('matches the endpoint, its query string and sub-paths in any case, and nothing that merely starts alike', () => {
    for (const u of ['/graphql', '/graphql?query=x', '/graphql/', '/GraphQL', '/graphql/x'])
      expect(isGraphqlUrl(u), u).toBe(true);
    for (const u of ['/', '/graphqlx', '/graph', '/playground', '/api/graphql', undefined])
      expect(isGraphqlUrl(u), String(u)).toBe(false);
  });
});

describe('the /graphql handler on Node’s own objects', () => {
  it('runs the steps first, answers a POST as no-store JSON with a length and no ETag, and logs it', async () => {
    const res = await post(JSON.stringify({ query: '{ whoami }' }), {
      'x-request-id': 'abc-1',
      'x-forwarded-for': '10.1.2.3',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-request-id')).toBe('abc-1');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('etag')).toBeNull();
    expect(res.headers.get('content-type')).toMatch(/^application\/(graphql-response\+)?json/);
    const text = await res.text();
    expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(text));
    // The client address as TRUST_PROXY allows (the loopback proxy is believed) and the request id reach the context.
    expect(JSON.parse(text)).toEqual({ data: { whoami: '10.1.2.3 abc-1' } });
    expect(
      lines.some(
        (l) => (l.req as { id: string }).id === 'abc-1' && (l.res as { statusCode: number }).statusCode === 200,
      ),
    ).toBe(true);
  });

  it('answers unreadable bodies and U+0000 with GraphQL-shaped Spanish errors', async () => {
    const bad = await post('{"query": ');
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await codeOf(bad)).toBe('BAD_REQUEST');
    const nul = await post(JSON.stringify({ query: '{ whoami }', variables: { x: 'a\u0000b' } }));
    expect(nul.status).toBe(400);
    expect(await codeOf(nul)).toBe('BAD_USER_INPUT');
  });

  it('turns a failing step into a logged 500 with a GraphQL-shaped body, not a dropped connection', async () => {
    const res = await post(JSON.stringify({ query: '{ whoami }' }), { 'x-break': 'step' });
    expect(res.status).toBe(500);
    expect(await codeOf(res)).toBe('INTERNAL_SERVER_ERROR');
    expect(lines.some((l) => l.msg === 'graphql: error fuera de la ejecución')).toBe(true);
  });

  it('gives a public GET an ETag, keeps it, and answers 304 when the browser has it', async () => {
    const get = `${url}/graphql?query=${encodeURIComponent('{ price }')}`;
    const headers = { 'apollo-require-preflight': 'true' };
    const first = await fetch(get, { headers });
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe(PUBLIC);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"v\d+"$/);
    expect(await first.json()).toEqual({ data: { price: 45_900 } });
    // From the cache: the same bytes and ETag.
    const second = await fetch(get, { headers });
    expect(second.headers.get('etag')).toBe(etag);
    expect(await second.json()).toEqual({ data: { price: 45_900 } });
    // (fetch adds `cache-control: no-cache` to a conditional request unless told otherwise, as a reload does.)
    const again = await fetch(get, { headers: { ...headers, 'if-none-match': etag!, 'cache-control': 'max-age=0' } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    // A personal or uncached GET: no ETag, no-store.
    const who = await fetch(`${url}/graphql?query=${encodeURIComponent('{ whoami }')}`, { headers });
    expect(who.headers.get('etag')).toBeNull();
    expect(who.headers.get('cache-control')).toBe('no-store');
  });
});
