import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { pino, type Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { Env } from '../config/env.js';
import { assertSafeToStart } from '../config/deployment.js';
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded-postgres.js';
import { openDatabase } from '../db/data-source.js';
import { needsSeed, seedDatabase } from '../db/seed/seed.js';
import pg from 'pg';
import { LocalMediaStore, type MediaStore } from '../modules/media/index.js';
import { createServices, type Services } from './services.js';
import { createHttpApp } from './http-app.js';
import { startJobRunner, type JobRunner } from './jobs.js';
import { SandboxGateway, sandboxApiRoute, wompiWebhookRoute } from '../modules/payments/index.js';
import { mountStaffRoutes, prepareStaffAuth, type StaffAuthSetup } from '../modules/staff/index.js';

export interface RunningShop {
  url: string;
  port: number;
  services: Services;
  ds: DataSource;
  databaseUrl: string;
  /** Embedded PostgreSQL's data folder (null with DATABASE_URL). */
  postgresDir: string | null;
  log: Logger;
  /** Staff sign-in backend (Auth emulator address and dev account when started here). */
  staffAuth: StaffAuthSetup;
  close(): Promise<void>;
}

export function createLogger(env: Env): Logger {
  return pino({
    level: env.LOG_LEVEL,
    base: undefined,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], remove: true },
  });
}

async function createMediaStore(env: Env): Promise<MediaStore> {
  if (env.FIREBASE_STORAGE_BUCKET) {
    const { createFirebaseMediaStore } = await import('../modules/media/firebase-media-store.js');
    return createFirebaseMediaStore(env.FIREBASE_STORAGE_BUCKET, env.FIREBASE_PROJECT_ID);
  }
  return new LocalMediaStore(path.join(env.dataDir, 'media'));
}

/** Starts everything the shop needs: database (embedded unless DATABASE_URL), migrations, seed, HTTP. */
export async function startShop(env: Env, log: Logger = createLogger(env)): Promise<RunningShop> {
  const { reasons } = assertSafeToStart(env);
  if (reasons.length > 0 && !env.paymentsAreReal) log.warn({ deployment: reasons }, 'Tienda de prueba (TEST_SHOP): los pagos no son reales');
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = env.DATABASE_URL;
  // The Auth emulator (~14 s) starts while the database starts.
  const staffAuthReady = prepareStaffAuth(env, log);
  staffAuthReady.catch(() => {});
  if (!databaseUrl) {
    log.info('Iniciando PostgreSQL embebido…');
    try {
      embedded = await startEmbeddedPostgres({
        dir: path.join(env.dataDir, 'postgres'),
        port: env.EMBEDDED_PG_PORT,
        log: (m) => log.debug({ postgres: m }),
      });
      databaseUrl = await ensureDatabase(embedded.url, 'enzo');
    } catch (err) {
      await embedded?.stop().catch(() => {});
      await (await staffAuthReady.catch(() => undefined))?.stop().catch(() => {});
      throw err;
    }
  }
  let ds: DataSource | undefined;
  let staffAuth: StaffAuthSetup | undefined;
  let jobs: JobRunner | undefined;
  let jobPool: pg.Pool | undefined;
  try {
    ds = await openDatabase({ url: databaseUrl });
    const media = await createMediaStore(env);
    if (env.seedOnStart && (await needsSeed(ds))) {
      log.info('Primera ejecución: cargando el catálogo de ejemplo…');
      const report = await seedDatabase(ds, media);
      log.info({ seed: report }, 'Catálogo cargado');
    }
    staffAuth = await staffAuthReady;
    jobPool = new pg.Pool({ connectionString: databaseUrl, max: 5 });
    // A connection the database drops (restart, failover) is logged and replaced, never a crash.
    const poolError = (err: Error) => log.warn({ err }, 'Conexión de trabajos en segundo plano perdida');
    jobPool.on('error', poolError);
    jobPool.on('connect', (client) => client.on('error', poolError));
    const services = createServices(env, ds, media, log, jobPool);
    const { app, stop } = await createHttpApp({
      services,
      log,
      routes: [mountStaffRoutes({ env, auth: services.staffAuth, orders: services.orders }), wompiWebhookRoute(services.paymentInbox, log), sandboxApiRoute(services.gateway)],
    });
    const server = http.createServer(app);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(env.PORT, env.HOST, () => resolve());
    });
    const port = (server.address() as AddressInfo).port;
    const url = `http://${env.HOST === '0.0.0.0' ? '127.0.0.1' : env.HOST}:${port}`;
    if (env.PORT === 0) services.env.publicUrl = env.PUBLIC_URL ?? url;
    if (services.gateway instanceof SandboxGateway) services.gateway.internalUrl = url;
    jobs = await startJobRunner(jobPool, services, log);
    const openDs = ds;
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
      staffAuth,
      async close() {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await openJobs.stop();
        await services.jobsAdmin.close();
        await openJobPool.end();
        await stop();
        await openDs.destroy();
        await embedded?.stop();
        await staffAuth?.stop();
      },
    };
  } catch (err) {
    await jobs?.stop().catch(() => {});
    await jobPool?.end().catch(() => {});
    await ds?.destroy().catch(() => {});
    await embedded?.stop().catch(() => {});
    await (staffAuth ?? (await staffAuthReady.catch(() => undefined)))?.stop().catch(() => {});
    throw err;
  }
}
