import type { Express, Request, Response } from 'express';
import { GraphQLError } from 'graphql';
import type { Env } from '../../config/env.js';
import type { OrdersModule } from '../orders/index.js';
import { EXPORT_CONTENT_TYPES, type CatalogExportService, type ExportFormat } from '../catalog/index.js';
import type { Permission } from '#shared/staff-access.js';
import { requirePermission } from '../../common/access.js';
import type { StaffAuthService } from './auth.js';
import { csvHeader, csvLineRows, csvLinesHeader, csvRow, CSV_BOM, filterFromQuery } from './orders-csv.js';
import type { OrderEntity } from '../orders/index.js';

export interface StaffRouteDeps {
  env: Env;
  auth: StaffAuthService;
  orders: OrdersModule;
  catalogExport?: CatalogExportService;
}

/** Firebase web config the login page needs (apiKey `demo-key` works with the emulator). */
export function authConfig(env: Env) {
  const emulator = !env.realFirebaseProject && Boolean(env.FIREBASE_AUTH_EMULATOR_HOST);
  return {
    apiKey: env.FIREBASE_WEB_API_KEY ?? 'demo-key',
    authDomain: env.FIREBASE_WEB_AUTH_DOMAIN ?? `${env.firebaseProjectId}.firebaseapp.com`,
    projectId: env.firebaseProjectId,
    emulatorUrl: emulator
      ? (env.FIREBASE_AUTH_EMULATOR_PUBLIC_URL ?? `http://${env.FIREBASE_AUTH_EMULATOR_HOST}`)
      : null,
  };
}

/** `GET /api/auth-config`, `GET /api/staff/orders.csv` and `GET /api/staff/order-lines.csv` (same token checks as GraphQL: 401/403). */
export function mountStaffRoutes(
  { env, auth, orders, catalogExport }: StaffRouteDeps,
  signInReady: () => boolean = () => true,
) {
  /** The same check as a GraphQL field declared `staffOnly(permission, …)`: 401 without a valid token, 403 without the permission. */
  const allowed = async (req: Request, res: Response, permission: Permission): Promise<boolean> => {
    try {
      await requirePermission({ staffAuth: () => auth.resolve(req.headers.authorization) }, permission);
      return true;
    } catch (err) {
      const code = err instanceof GraphQLError ? err.extensions.code : undefined;
      if (code !== 'FORBIDDEN' && code !== 'UNAUTHENTICATED') throw err;
      res
        .status(code === 'FORBIDDEN' ? 403 : 401)
        .json({ error: code, message: err instanceof Error ? err.message : '' });
      return false;
    }
  };
  return (app: Express) => {
    app.get('/api/auth-config', (_req: Request, res: Response) => {
      res.setHeader('Cache-Control', 'no-store');
      if (!signInReady()) {
        // The shop serves shoppers while the local Auth emulator is still starting; the login page retries.
        res.status(503).setHeader('Retry-After', '2');
        res.json({
          error: 'STARTING',
          message: 'El inicio de sesión del personal se está preparando. Intenta de nuevo en unos segundos.',
        });
        return;
      }
      res.json(authConfig(env));
    });

    /** Streams the filtered orders in batches: `rows` turns one batch into CSV text. */
    const csvRoute = (
      path: string,
      fileName: string,
      header: () => string,
      rows: (batch: OrderEntity[]) => Promise<string>,
    ) =>
      app.get(path, async (req: Request, res: Response) => {
        res.setHeader('Cache-Control', 'no-store');
        const who = await auth.resolve(req.headers.authorization);
        if (who.kind !== 'staff') {
          const forbidden = who.kind === 'not-staff';
          res.status(forbidden ? 403 : 401).json({
            error: forbidden ? 'FORBIDDEN' : 'UNAUTHENTICATED',
            message: forbidden ? 'No tienes acceso al panel.' : 'Debes iniciar sesión para continuar.',
          });
          return;
        }
        let batches;
        let first;
        try {
          batches = orders.queries.all(filterFromQuery(req.query as Record<string, unknown>));
          first = await batches.next();
        } catch (err) {
          if (err instanceof GraphQLError && err.extensions.code === 'BAD_USER_INPUT') {
            res.status(400).json({ error: 'BAD_USER_INPUT', message: err.message });
            return;
          }
          throw err;
        }
        const body = first.done ? '' : await rows(first.value);
        const day = new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/Bogota' }).format(new Date());
        res.status(200);
        res.setHeader('Content-Type', 'text/csv; charset=utf-8');
        res.setHeader('Content-Disposition', `attachment; filename="${fileName}-${day}.csv"`);
        res.write(CSV_BOM + header() + body);
        for await (const batch of batches) res.write(await rows(batch));
        res.end();
      });

    // The whole catalogue as the import reads it back: `catalog.csv` (Excel es-CO: BOM and `;`) or `catalog.xlsx`.
    for (const format of ['csv', 'xlsx'] as ExportFormat[]) {
      app.get(`/api/staff/catalog.${format}`, async (req: Request, res: Response) => {
        res.setHeader('Cache-Control', 'no-store');
        if (!catalogExport || !(await allowed(req, res, 'catalog.export'))) return;
        const day = new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/Bogota' }).format(new Date());
        res.status(200);
        res.setHeader('Content-Type', EXPORT_CONTENT_TYPES[format]);
        res.setHeader('Content-Disposition', `attachment; filename="catalogo-enzo-${day}.${format}"`);
        await catalogExport.write(format, res);
        res.end();
      });
    }

    csvRoute('/api/staff/orders.csv', 'ordenes-enzo', csvHeader, async (batch) => batch.map(csvRow).join(''));
    csvRoute('/api/staff/order-lines.csv', 'productos-por-orden-enzo', csvLinesHeader, async (batch) => {
      const lines = await orders.queries.linesByOrder(batch.map((o) => o.id));
      return batch.map((o, i) => csvLineRows(o, lines[i]!)).join('');
    });
  };
}
