import type { Express, Request, Response } from 'express';
import { GraphQLError } from 'graphql';
import type { Services } from '../../app/services.js';
import { csvHeader, csvRow, CSV_BOM } from './orders-csv.js';
import { filterFromQuery } from './staff-order-filter.js';

/** Firebase web config the login page needs (apiKey `demo-key` works with the emulator). */
export function authConfig(services: Services) {
  const { env } = services;
  const emulator = !env.FIREBASE_PROJECT_ID || Boolean(env.FIREBASE_AUTH_EMULATOR_HOST);
  return {
    apiKey: env.FIREBASE_WEB_API_KEY ?? 'demo-key',
    authDomain: env.FIREBASE_WEB_AUTH_DOMAIN ?? `${env.firebaseProjectId}.firebaseapp.com`,
    projectId: env.firebaseProjectId,
    emulatorUrl: emulator && env.FIREBASE_AUTH_EMULATOR_HOST ? `http://${env.FIREBASE_AUTH_EMULATOR_HOST}` : null,
  };
}

/** `GET /api/auth-config` and `GET /api/staff/orders.csv` (same token checks as GraphQL: 401/403). */
export function mountStaffRoutes(services: Services, signInReady: () => boolean = () => true) {
  return (app: Express) => {
    app.get('/api/auth-config', (_req: Request, res: Response) => {
      res.setHeader('Cache-Control', 'no-store');
      if (!signInReady()) {
        // The shop serves shoppers while the local Auth emulator is still starting; the login page retries.
        res.status(503).setHeader('Retry-After', '2');
        res.json({ error: 'STARTING', message: 'El inicio de sesión del personal se está preparando. Intenta de nuevo en unos segundos.' });
        return;
      }
      res.json(authConfig(services));
    });

    app.get('/api/staff/orders.csv', async (req: Request, res: Response) => {
      res.setHeader('Cache-Control', 'no-store');
      const auth = await services.staff.auth.resolve(req.headers.authorization);
      if (auth.kind !== 'staff') {
        const forbidden = auth.kind === 'not-staff';
        res.status(forbidden ? 403 : 401).json({ error: forbidden ? 'FORBIDDEN' : 'UNAUTHENTICATED', message: forbidden ? 'No tienes acceso al panel.' : 'Debes iniciar sesión para continuar.' });
        return;
      }
      let filter;
      let batches;
      try {
        filter = filterFromQuery(req.query as Record<string, unknown>);
        batches = services.staff.orders.all(filter);
        const first = await batches.next();
        const day = new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/Bogota' }).format(new Date());
        res.status(200);
        res.setHeader('Content-Type', 'text/csv; charset=utf-8');
        res.setHeader('Content-Disposition', `attachment; filename="ordenes-enzo-${day}.csv"`);
        res.write(CSV_BOM + csvHeader());
        if (!first.done) for (const o of first.value) res.write(csvRow(o));
      } catch (err) {
        if (err instanceof GraphQLError && err.extensions.code === 'BAD_USER_INPUT') {
          res.status(400).json({ error: 'BAD_USER_INPUT', message: err.message });
          return;
        }
        throw err;
      }
      for await (const batch of batches) for (const o of batch) res.write(csvRow(o));
      res.end();
    });
  };
}
