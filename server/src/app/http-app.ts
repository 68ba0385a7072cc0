import express, { type Express, type Request, type Response } from 'express';
import { expressMiddleware } from '@as-integrations/express5';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { Services } from './services.js';
import { createApollo } from './apollo.js';
import { createContext } from './context.js';
import { LocalMediaStore } from '../modules/media/local-media-store.js';

export const DEFAULT_CLIENT_DIST = path.resolve(new URL('../../../dist/client', import.meta.url).pathname);

/** Paths owned by the server: never answered with the SPA's index.html. */
const API_PREFIXES = ['/graphql', '/media', '/webhooks', '/healthz', '/api', '/playground'];

function isApiPath(p: string): boolean {
  return API_PREFIXES.some((prefix) => p === prefix || p.startsWith(`${prefix}/`) || p.startsWith(prefix));
}

export interface HttpAppOptions {
  services: Services;
  log: Logger;
  /** Extra routes mounted before the SPA fallback (webhooks, sandbox pages...). */
  routes?: Array<(app: Express) => void>;
}

export async function createHttpApp({ services, log, routes = [] }: HttpAppOptions): Promise<{ app: Express; stop: () => Promise<void> }> {
  const { env } = services;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');

  app.use(
    pinoHttp({
      logger: log,
      genReqId: (req, res) => {
        const incoming = req.headers['x-request-id'];
        const id = typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
        res.setHeader('x-request-id', id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === '/healthz' || (req.url ?? '').startsWith('/assets/') || (req.url ?? '').startsWith('/media/') },
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url.split('?')[0] }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );

  app.get('/healthz', async (_req, res) => {
    try {
      await Promise.race([
        services.ds.query('SELECT 1'),
        new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000)),
      ]);
      res.status(200).json({ status: 'ok', database: 'ok' });
    } catch {
      res.status(503).json({ status: 'error', database: 'unavailable' });
    }
  });

  const apollo = createApollo(env, log);
  await apollo.start();
  app.use(
    '/graphql',
    express.json({ limit: '8mb' }),
    expressMiddleware(apollo, {
      context: async ({ req }) => createContext(services, { requestId: String((req as Request & { id?: string }).id ?? randomUUID()), ip: req.ip ?? '' }),
    }),
  );

  if (services.media instanceof LocalMediaStore) {
    app.use('/media', express.static(services.media.root, { fallthrough: false, maxAge: '1d', index: false, dotfiles: 'deny' }));
  }

  for (const mount of routes) mount(app);

  const CLIENT_DIST = env.CLIENT_DIST_DIR ? path.resolve(env.CLIENT_DIST_DIR) : DEFAULT_CLIENT_DIST;
  const hasClient = fs.existsSync(path.join(CLIENT_DIST, 'index.html'));
  if (hasClient) {
    app.use('/assets', express.static(path.join(CLIENT_DIST, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false, index: false }));
    if (env.playground) {
      app.get('/playground', (_req, res) => res.sendFile(path.join(CLIENT_DIST, 'playground.html')));
    }
    app.use(express.static(CLIENT_DIST, { index: false, maxAge: '1h' }));
  }

  app.use((req: Request, res: Response) => {
    if (req.method === 'GET' && hasClient && !isApiPath(req.path) && req.accepts('html')) {
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(path.join(CLIENT_DIST, 'index.html'));
      return;
    }
    res.status(404).json({ error: 'NOT_FOUND', message: 'No encontrado.' });
  });

  return { app, stop: () => apollo.stop() };
}
