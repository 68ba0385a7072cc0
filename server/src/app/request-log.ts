import type { Express, Request } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { trace } from '@opentelemetry/api';

declare module 'http' {
  interface IncomingMessage {
    /** Request id: the caller's `X-Request-Id` when it is sane, otherwise a new UUID. */
    id?: string;
    /** Logger bound to this request (`req: { id, method, url }`), created on first use. */
    log?: Logger;
  }
}

const REQUEST_ID = /^[\w-]{1,64}$/;
const CHILD = Symbol('requestLogger');

type LoggedRequest = Request & { [CHILD]?: Logger };

function requestBindings(req: IncomingMessage & { originalUrl?: string }) {
  return { id: req.id, method: req.method, url: (req.originalUrl ?? req.url ?? '').split('?')[0] };
}

/**
 * Structured access log with a request id (same lines as pino-http wrote: `req`, `res`, `responseTime`;
 * "request completed", or "request errored" at error level for 5xx), without pino-http's per-request
 * cost: it built two child loggers (serialising the request) and three listeners on every request,
 * even with logging off. Here a request costs an id, one header and one `close` listener; `req.log`
 * becomes a child logger only when some handler actually logs through it.
 */
export function mountRequestLog(app: Express, log: Logger, ignore: (path: string) => boolean): RequestTagger {
  Object.defineProperty(app.request, 'log', {
    configurable: true,
    get(this: LoggedRequest) {
      return (this[CHILD] ??= log.child({ req: requestBindings(this) }));
    },
  });
  const tag = requestTagger(log, ignore);
  app.use(tag);
  return tag;
}

export type RequestTagger = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** The per-request part on Node's own objects (also used by /graphql, which runs outside Express). */
function requestTagger(log: Logger, ignore: (path: string) => boolean): RequestTagger {
  return (req, res, next) => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    req.id = id;
    res.setHeader('x-request-id', id);
    // With tracing on, the request's HTTP span carries the id the logs use (without it there is no span: a no-op).
    trace.getActiveSpan()?.setAttribute('enzo.request_id', id);
    if (!ignore(req.url ?? '')) {
      const started = Date.now();
      // 'close' follows 'finish' for every response, and is the only event when the client leaves early.
      res.once('close', () => {
        const status = res.statusCode;
        const level = status >= 500 ? 'error' : 'info';
        if (!log.isLevelEnabled(level)) return;
        const fields = { req: requestBindings(req), res: { statusCode: status }, responseTime: Date.now() - started };
        if (status >= 500)
          log.error({ ...fields, err: new Error(`failed with status code ${status}`) }, 'request errored');
        else log.info(fields, 'request completed');
      });
    }
    next();
  };
}
