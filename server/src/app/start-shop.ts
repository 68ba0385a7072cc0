import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { EnvError, type Env } from '../config/env.js';
import { assertInvoicingSafe } from '../config/deployment.js';
import { openDatabase } from '../db/data-source.js';
import { needsSeed, seedDatabase } from '../db/seed/seed.js';
import { LocalMediaStore, type MediaStore } from '../modules/media/index.js';
import { createServices, type Services } from './services.js';
import { createHttpApp } from './http-app.js';
import { createShopRegistry } from './metrics.js';
import { metricProviders } from './metric-providers.js';
import { startJobRunner, type JobRunner } from './jobs.js';
import { createJobPool } from './job-pool.js';
import { SandboxGateway, sandboxApiRoute, wompiWebhookRoute } from '../modules/payments/index.js';
import { documentRoutes, invoicingEnabled } from '../modules/invoicing/index.js';
import {
  AuthEmulatorStartAborted,
  mountStaffRoutes,
  prepareStaffAuth,
  type StaffAuthSetup,
} from '../modules/staff/index.js';
import { CatalogCache } from '../modules/cache/catalog-cache.js';
import { staffDownloadCheck } from '../common/staff-download.js';
import { mountFeedRoutes } from '../modules/channels/index.js';
import { createLogger, startPhase } from './logger.js';
import { checkDeployment, startDatabase, type ShopDatabase } from './start-database.js';

export { createLogger };

export interface RunningShop {
  url: string;
  port: number;
  services: Services;
  ds: DataSource;
  databaseUrl: string;
  /** Embedded PostgreSQL's data folder (null with DATABASE_URL). */
  postgresDir: string | null;
  log: Logger;
  /**
   * Staff sign-in backend (Auth emulator address and dev account when started here). The shop serves shoppers
   * before it is ready: the local emulator takes seconds and staff sign-in says it is starting meanwhile.
   */
  staffAuthReady: Promise<StaffAuthSetup>;
  /** This instance's cache of catalog reads and rendered pages (invalidated through PostgreSQL NOTIFY). */
  catalogCache: CatalogCache;
  close(): Promise<void>;
}

async function createMediaStore(env: Env): Promise<MediaStore> {
  if (env.FIREBASE_STORAGE_BUCKET) {
    const { createFirebaseMediaStore } = await import('../modules/media/firebase-media-store.js');
    return createFirebaseMediaStore(env.FIREBASE_STORAGE_BUCKET, env.FIREBASE_PROJECT_ID);
  }
  return new LocalMediaStore(path.join(env.dataDir, 'media'));
}

/**
 * Starts everything the shop needs: database (embedded unless DATABASE_URL), migrations, seed, HTTP. `database` is
 * the database the bootstrap already started (after the deployment check) while this module loaded; this function
 * then owns it and stops it when the start fails.
 */
export async function startShop(
  env: Env,
  log: Logger = createLogger(env),
  database?: Promise<ShopDatabase>,
): Promise<RunningShop> {
  if (!database) {
    checkDeployment(env, log);
    database = startDatabase(env, log);
  }
  // A failed database start has stopped what it started.
  const { url: databaseUrl, embedded } = await database;
  const phase = (name: string) => startPhase(log, name);
  // The Auth emulator (a slow, CPU-hungry CLI) starts once the shop listens: shoppers are served as soon as
  // PostgreSQL is up, and staff sign-in says it is starting until the emulator is ready.
  let signInReady = false;
  let staffAuthReady: Promise<StaffAuthSetup | undefined> = Promise.resolve(undefined);
  // Stopping while the emulator is still starting gives the start up at once (Ctrl+C does not wait for it).
  const stopping = new AbortController();
  const startStaffAuth = (services: Services) => {
    const ready = prepareStaffAuth(env, log, stopping.signal).then(async (setup) => {
      try {
        // The development account is an owner, in Firebase and in the staff table, before anyone can sign in.
        if (setup.devAccount)
          await services.team.add({ ...setup.devAccount, name: 'Personal Enzo', role: 'propietario' }, 'devAccount');
        setup.firstOwnerNeeded = (await services.team.enabledOwners()) === 0;
      } catch (err) {
        await setup.stop();
        throw err;
      }
      if (setup.firstOwnerNeeded)
        log.warn(
          'El equipo no tiene ninguna persona propietaria activa: crea la primera con `npm run staff:add -- <correo> <contraseña>` (README, «Personal y roles»).',
        );
      signInReady = true;
      phase('inicio de sesión del personal listo');
      return setup;
    });
    ready.catch((err: unknown) => {
      if (!(err instanceof AuthEmulatorStartAborted))
        log.error({ err }, 'No se pudo iniciar el inicio de sesión del personal');
    });
    staffAuthReady = ready;
    return ready;
  };
  let ds: DataSource | undefined;
  let catalogCache: CatalogCache | undefined;
  let jobs: JobRunner | undefined;
  let jobsStopped = false;
  let jobPool: ReturnType<typeof createJobPool> | undefined;
  try {
    ds = await openDatabase({ url: databaseUrl });
    phase('base de datos abierta y migrada');
    // The owner's invoicing switch lives in the database: the second half of the deployment check needs it.
    assertInvoicingSafe(env, await invoicingEnabled(ds.manager));
    const media = await createMediaStore(env);
    if (env.seedOnStart && (await needsSeed(ds))) {
      log.info('Primera ejecución: cargando el catálogo de ejemplo…');
      const report = await seedDatabase(ds, media);
      log.info({ seed: report }, 'Catálogo cargado');
    }
    jobPool = createJobPool(databaseUrl, log);
    catalogCache = new CatalogCache(databaseUrl, log);
    await catalogCache.start();
    const services = createServices(env, ds, media, log, catalogCache, jobPool.pool, databaseUrl);
    catalogCache.expireWith(() => services.content.msToNextChange(), services.content.datedTables);
    const shopMetrics = createShopRegistry({
      env,
      ds,
      jobPool: jobPool.pool,
      genericPlanPool: services.catalog.search.genericPlans,
      providers: metricProviders(services),
    });
    // Staff downloads (orders, catalogue, electronic invoices) get the same check and refusal log as GraphQL.
    const staffDownload = staffDownloadCheck({
      resolve: (authorization, facts) => services.staffAuth.resolve(authorization, facts),
      recordRefusal: (row) => services.activityLog.recordRefusal(row),
    });
    const { handler, warmUp, stop } = await createHttpApp({
      services,
      log,
      catalogCache,
      shopMetrics,
      jobsRunning: () => jobs !== undefined && !jobsStopped,
      routes: [
        mountStaffRoutes(
          {
            env,
            download: staffDownload,
            orders: services.orders,
            activity: services.activityLog,
            catalogExport: services.catalogExport,
          },
          () => signInReady,
        ),
        (app) => mountFeedRoutes(app, services.feeds),
        wompiWebhookRoute(services.paymentInbox, log),
        sandboxApiRoute(services.gateway),
        documentRoutes({
          ds: services.ds,
          files: services.invoicing.files,
          staffDownload,
        }),
      ],
    });
    phase('HTTP, GraphQL y render listos');
    const server = http.createServer(handler);
    await new Promise<void>((resolve, reject) => {
      server.once('error', (err: NodeJS.ErrnoException) =>
        reject(
          err.code === 'EADDRINUSE'
            ? new EnvError(
                `El puerto ${env.PORT} de ${env.HOST} ya está en uso: ¿hay otra tienda en marcha? Detenla (Ctrl+C en su terminal) o elige otro puerto con PORT=…`,
              )
            : err,
        ),
      );
      server.listen(env.PORT, env.HOST, () => resolve());
    });
    const port = (server.address() as AddressInfo).port;
    const url = `http://${env.HOST === '0.0.0.0' ? '127.0.0.1' : env.HOST}:${port}`;
    if (env.PORT === 0) services.env.publicUrl = env.PUBLIC_URL ?? url;
    if (services.gateway instanceof SandboxGateway) services.gateway.internalUrl = url;
    jobs = await startJobRunner(jobPool.pool, services, log);
    phase('atendiendo');
    // The render bundle loads once the shop listens (/healthz does not need it; a page asked for meanwhile waits).
    warmUp().then(
      () => phase('render en el servidor listo'),
      (err: unknown) =>
        log.error(
          { err },
          'No se pudo cargar el render en el servidor (dist/ssr): las páginas fallarán hasta ejecutar npm run build',
        ),
    );
    const staffAuth = startStaffAuth(services);
    const openDs = ds;
    const openCache = catalogCache;
    const openJobs = jobs;
    const openJobPool = jobPool;
    return {
      url,
      port,
      services,
      ds: openDs,
      databaseUrl,
      postgresDir: embedded?.dataDir ?? null,
      log,
      staffAuthReady: staffAuth,
      catalogCache: openCache,
      async close() {
        stopping.abort();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        jobsStopped = true;
        await openJobs.stop();
        await services.jobsAdmin.close();
        await openJobPool.end();
        await stop();
        await openCache.stop();
        await services.catalog.stop();
        await openDs.destroy();
        await embedded?.stop();
        await (await staffAuthReady.catch(() => undefined))?.stop();
      },
    };
  } catch (err) {
    await catalogCache?.stop();
    await jobs?.stop().catch(() => {});
    await jobPool?.end().catch(() => {});
    await ds?.destroy().catch(() => {});
    await embedded?.stop().catch(() => {});
    stopping.abort();
    await (await staffAuthReady.catch(() => undefined))?.stop().catch(() => {});
    throw err;
  }
}
