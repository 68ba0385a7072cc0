import type { Express, Request, Response } from 'express';
import { GraphQLError } from 'graphql';
import type { Env } from '../../config/env.js';
import type { OrdersModule } from '../orders/index.js';
import { EXPORT_CONTENT_TYPES, type CatalogExportService, type ExportFormat } from '../catalog/index.js';
import type { ActivityLog } from '../audit/index.js';
import type { StaffDownloadCheck } from '../../common/staff-download.js';
import { csvHeader, csvLineRows, csvLinesHeader, csvRow, CSV_BOM, filterFromQuery } from './orders-csv.js';
import type { OrderEntity } from '../orders/index.js';

export interface StaffRouteDeps {
  env: Env;
  /** The permission check of every download (common/staff-download.ts). */
  download: StaffDownloadCheck;
  orders: OrdersModule;
  activity: ActivityLog;
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

/**
 * `GET /api/auth-config`, the orders CSVs (`orders.export`) and the catalogue spreadsheet (`catalog.export`): the same
 * checks as GraphQL (401 without a valid token, 403 off the team, disabled or without the permission), and every
 * download and refusal goes to the activity log before any row is sent.
 */
export function mountStaffRoutes(
  { env, download, orders, activity, catalogExport }: StaffRouteDeps,
  signInReady: () => boolean = () => true,
) {
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
      operation: string,
      fileName: string,
      header: () => string,
      rows: (batch: OrderEntity[]) => Promise<string>,
    ) =>
      app.get(path, async (req: Request, res: Response) => {
        const allowed = await download(req, res, 'orders.export', operation);
        if (!allowed) return;
        const { staff, facts } = allowed;
        let batches;
        let first;
        try {
          const filter = filterFromQuery(req.query as Record<string, unknown>);
          batches = orders.queries.all(filter);
          first = await batches.next();
          // Who downloaded which orders' personal data, written before the first row leaves.
          await activity.record({
            kind: 'export',
            actor: { uid: staff.uid, email: staff.email, role: staff.role },
            operation,
            // The search text may be a shopper's document number: the log only says there was one.
            detail: { filter: { ...filter, search: filter.search?.trim() ? '(texto de búsqueda)' : null } },
            ...facts,
          });
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
      const operation = format === 'csv' ? 'catalogCsv' : 'catalogXlsx';
      app.get(`/api/staff/catalog.${format}`, async (req: Request, res: Response) => {
        res.setHeader('Cache-Control', 'no-store');
        if (!catalogExport) return void res.status(404).end();
        const allowed = await download(req, res, 'catalog.export', operation);
        if (!allowed) return;
        const { staff, facts } = allowed;
        await activity.record({
          kind: 'export',
          actor: { uid: staff.uid, email: staff.email, role: staff.role },
          operation,
          detail: { format },
          ...facts,
        });
        const day = new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/Bogota' }).format(new Date());
        res.status(200);
        res.setHeader('Content-Type', EXPORT_CONTENT_TYPES[format]);
        res.setHeader('Content-Disposition', `attachment; filename="catalogo-enzo-${day}.${format}"`);
        await catalogExport.write(format, res);
      });
    }

    csvRoute('/api/staff/orders.csv', 'ordersCsv', 'ordenes-enzo', csvHeader, async (batch) =>
      batch.map(csvRow).join(''),
    );
    csvRoute(
      '/api/staff/order-lines.csv',
      'orderLinesCsv',
      'productos-por-orden-enzo',
      csvLinesHeader,
      async (batch) => {
        const lines = await orders.queries.linesByOrder(batch.map((o) => o.id));
        return batch.map((o, i) => csvLineRows(o, lines[i]!)).join('');
      },
    );
  };
}
