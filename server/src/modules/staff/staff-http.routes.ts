import type { Express, Request, Response } from 'express';
import { GraphQLError } from 'graphql';
import type { Env } from '../../config/env.js';
import type { OrdersModule } from '../orders/index.js';
import type { StaffAuthService } from './auth.js';
import { csvHeader, csvRow, CSV_BOM, filterFromQuery } from './orders-csv.js';

export interface StaffRouteDeps {
  env: Env;
  auth: StaffAuthService;
  orders: OrdersModule;
}

/** Firebase web config the login page needs (apiKey `demo-key` works with the emulator). */
export function authConfig(env: Env) {
  const emulator = !env.realFirebaseProject && Boolean(env.FIREBASE_AUTH_EMULATOR_HOST);
  return {
    apiKey: env.FIREBASE_WEB_API_KEY ?? 'demo-key',
    authDomain: env.FIREBASE_WEB_AUTH_DOMAIN ?? `${env.firebaseProjectId}.firebaseapp.com`,
    projectId: env.firebaseProjectId,
    emulatorUrl: emulator ? (env.FIREBASE_AUTH_EMULATOR_PUBLIC_URL ?? `http://${env.FIREBASE_AUTH_EMULATOR_HOST}`) : null,
  };
}

/** `GET /api/auth-config` and `GET /api/staff/orders.csv` (same token checks as GraphQL: 401/403). */
export function mountStaffRoutes({ env, auth, orders }: StaffRouteDeps) {
  return (app: Express) => {
    app.get('/api/auth-config', (_req: Request, res: Response) => {
      res.setHeader('Cache-Control', 'no-store');
      res.json(authConfig(env));
    });

    app.get('/api/staff/orders.csv', async (req: Request, res: Response) => {
      res.setHeader('Cache-Control', 'no-store');
      const who = await auth.resolve(req.headers.authorization);
      if (who.kind !== 'staff') {
        const forbidden = who.kind === 'not-staff';
        res.status(forbidden ? 403 : 401).json({ error: forbidden ? 'FORBIDDEN' : 'UNAUTHENTICATED', message: forbidden ? 'No tienes acceso al panel.' : 'Debes iniciar sesión para continuar.' });
        return;
      }
      let filter;
      let batches;
      try {
        filter = filterFromQuery(req.query as Record<string, unknown>);
        batches = orders.queries.all(filter);
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
