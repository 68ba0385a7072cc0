import type { IncomingMessage, ServerResponse } from 'node:http';
import { HeaderMap, type ApolloServer } from '@apollo/server';
import express from 'express';
import fresh from 'fresh';
import proxyaddr from 'proxy-addr';
import type { Logger } from 'pino';
import type { GraphQLContext } from './context.js';
import { runSteps, type Step } from './step-chain.js';
import type { GraphqlGetCache } from '../modules/cache/catalog-cache.http.js';

type GraphqlRequest = IncomingMessage & { body?: unknown; nullCharacter?: 'found' | 'unknown' };

/** A Connect-style step (helmet, cors, compression and body-parser are all written against Node's own objects). */

export function graphqlErrorBody(message: string, code: string): string {
  return JSON.stringify({ errors: [{ message, extensions: { code } }] });
}

/**
 * The answer to a request body that could not be read (bad JSON, too large, a bad charset) or to any other
 * failure before GraphQL runs: GraphQL-shaped JSON with a Spanish message, never an HTML stack.
 */
export function bodyErrorAnswer(err: unknown): { status: number; body: string } {
  const e = err as { type?: string; status?: number; statusCode?: number };
  const status = e.status ?? e.statusCode;
  if (e.type === 'entity.too.large')
    return { status: 413, body: graphqlErrorBody('La solicitud es demasiado grande.', 'PAYLOAD_TOO_LARGE') };
  if (e.type === 'entity.parse.failed' || e.type === 'encoding.unsupported' || e.type === 'charset.unsupported') {
    return { status: 400, body: graphqlErrorBody('El cuerpo de la solicitud no es JSON válido.', 'BAD_REQUEST') };
  }
  if (typeof status === 'number' && status < 500)
    return { status, body: graphqlErrorBody('Solicitud no válida.', 'BAD_REQUEST') };
  return {
    status: 500,
    body: graphqlErrorBody('Ocurrió un error inesperado. Intenta de nuevo en unos minutos.', 'INTERNAL_SERVER_ERROR'),
  };
}

/** The escape JSON uses for U+0000 (a raw NUL byte is already invalid JSON). */
const JSON_NUL_ESCAPE = Buffer.from('\\u0000');

/**
 * body-parser `verify`: looks for U+0000 in the raw UTF-8 bytes instead of re-serialising every parsed body.
 * Other UTF charsets (rare) are checked after parsing.
 */
function flagNullCharacters(req: GraphqlRequest, _res: ServerResponse, raw: Buffer, encoding: string) {
  if (encoding !== 'utf-8' && encoding !== 'utf8') req.nullCharacter = 'unknown';
  else if (raw.includes(JSON_NUL_ESCAPE)) req.nullCharacter = 'found';
}

/** PostgreSQL cannot store U+0000: such a request is refused at the door with a clear message instead of a 500. */
function hasNullCharacter(req: GraphqlRequest): boolean {
  return (
    req.nullCharacter === 'found' ||
    (req.nullCharacter === 'unknown' && req.body !== undefined && JSON.stringify(req.body).includes('\\u0000'))
  );
}

export type { Step };

/** `/graphql`, `/graphql/…` or `/graphql?…`, in any case (as Express matched the mount before). */
export function isGraphqlUrl(url: string | undefined): boolean {
  if (!url || url.length < 8 || url.slice(0, 8).toLowerCase() !== '/graphql') return false;
  const after = url.charCodeAt(8);
  return Number.isNaN(after) || after === 0x2f /* / */ || after === 0x3f; /* ? */
}

export interface GraphqlHttpOptions {
  apollo: ApolloServer<GraphQLContext>;
  /** Steps every answer needs first: request id and log, security headers, CORS, compression. */
  before: Step[];
  /** Express's compiled `trust proxy` (TRUST_PROXY): who the client is, for rate limits and order caps. */
  trust: (addr: string, i: number) => boolean;
  getCache: GraphqlGetCache;
  context: (req: IncomingMessage, ip: string) => Promise<GraphQLContext>;
  /**
   * Whether this request may send a body up to GRAPHQL_LARGE_BODY (a staff member uploading a picture). Asked
   * only for a request with an `Authorization` header whose body may pass GRAPHQL_BODY_LIMIT.
   */
  mayUseLargeBody?: (req: IncomingMessage) => Promise<boolean>;
  log: Logger;
}

/**
 * What anyone may send to /graphql: the shop's largest public request (an order, a return request) is a few KB.
 * Checked against Content-Length before a byte is read, so a megabyte of text is answered 413 unread.
 */
export const GRAPHQL_BODY_LIMIT = 64 * 1024;
/** What signed-in staff may send: a picture of up to 5 MB travels as base64 inside the request. */
export const GRAPHQL_LARGE_BODY = 8 * 1024 * 1024;

/**
 * The /graphql endpoint on Node's own request and response, outside Express: the listing path is the shop's
 * busiest, and Express's router, its request and response prototypes and a mounted sub-app were a measurable
 * share of the shop's CPU per request there (tests/bench/README.md). Every answer still gets the same security headers, CORS and compression as the
 * rest of the app (the same middleware), a request id and an access log line; the body is read by body-parser.
 * Apollo is called the way its integrations call it (`executeHTTPGraphQLRequest`).
 */
export function createGraphqlHttp({
  apollo,
  before,
  trust,
  getCache,
  context,
  mayUseLargeBody,
  log,
}: GraphqlHttpOptions) {
  const readSmall = express.json({ limit: GRAPHQL_BODY_LIMIT, verify: flagNullCharacters }) as unknown as Step;
  const readLarge = express.json({ limit: GRAPHQL_LARGE_BODY, verify: flagNullCharacters }) as unknown as Step;
  const readJson: Step = (req, res, next) => {
    const length = Number(req.headers['content-length']);
    if ((Number.isFinite(length) && length <= GRAPHQL_BODY_LIMIT) || !req.headers.authorization || !mayUseLargeBody)
      return readSmall(req, res, next);
    mayUseLargeBody(req).then((large) => (large ? readLarge : readSmall)(req, res, next), next);
  };
  const steps: Step[] = [...before, readJson];

  /** Sends a complete answer; a GET whose ETag the browser already has gets 304 with no body (as Express did). */
  const send = (req: IncomingMessage, res: ServerResponse, status: number, body: string) => {
    res.statusCode = status;
    const etag = res.getHeader('etag');
    if (
      typeof etag === 'string' &&
      status === 200 &&
      (req.method === 'GET' || req.method === 'HEAD') &&
      fresh(req.headers, { etag })
    ) {
      res.statusCode = 304;
      res.removeHeader('content-type');
      res.removeHeader('content-length');
      res.end();
      return;
    }
    if (!res.hasHeader('content-type')) res.setHeader('content-type', 'application/json; charset=utf-8');
    res.setHeader('content-length', Buffer.byteLength(body));
    res.end(req.method === 'HEAD' ? undefined : body);
  };

  const execute = async (req: GraphqlRequest, res: ServerResponse) => {
    // GraphQL answers are live (stock, prices): never cached, unless a public catalog GET says otherwise below.
    res.setHeader('cache-control', 'no-store');
    if (hasNullCharacter(req))
      return send(req, res, 400, graphqlErrorBody('La solicitud contiene caracteres no permitidos.', 'BAD_USER_INPUT'));
    const cached = getCache(req);
    if (cached?.hit) {
      res.setHeader('cache-control', cached.hit.cacheControl);
      res.setHeader('content-type', cached.hit.contentType);
      res.setHeader('etag', cached.hit.etag);
      return send(req, res, 200, cached.hit.body);
    }
    const headers = new HeaderMap();
    for (const key in req.headers) {
      const value = req.headers[key];
      if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value);
    }
    const url = req.url ?? '';
    const query = url.indexOf('?');
    const ip = proxyaddr(req, trust);
    const answer = await apollo.executeHTTPGraphQLRequest({
      httpGraphQLRequest: {
        method: (req.method ?? 'GET').toUpperCase(),
        headers,
        search: query < 0 ? '' : url.slice(query),
        body: req.body,
      },
      context: () => context(req, ip),
    });
    for (const [key, value] of answer.headers) res.setHeader(key, value);
    const status = answer.status ?? 200;
    if (answer.body.kind === 'complete') {
      const etag = cached?.keep(status, answer.headers, answer.body.string);
      if (etag) res.setHeader('etag', etag);
      return send(req, res, status, answer.body.string);
    }
    res.statusCode = status;
    // Incremental delivery: each part leaves at once, not when compression's buffer fills.
    for await (const chunk of answer.body.asyncIterator) {
      res.write(chunk);
      (res as ServerResponse & { flush?: () => void }).flush?.();
    }
    res.end();
  };

  const fail = (req: IncomingMessage, res: ServerResponse, err: unknown) => {
    const { status, body } = bodyErrorAnswer(err);
    if (status >= 500)
      log.error(
        { err, req: { id: req.id, method: req.method, url: req.url?.split('?')[0] } },
        'graphql: error fuera de la ejecución',
      );
    if (res.headersSent) {
      res.end();
      return;
    }
    res.setHeader('cache-control', 'no-store');
    res.setHeader('content-type', 'application/json; charset=utf-8');
    send(req, res, status, body);
  };

  return runSteps(steps, fail, execute);
}
