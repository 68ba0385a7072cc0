import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { parseEnv } from '../../server/src/config/env.js';
import { createLogger, startShop } from '../../server/src/app/start-shop.js';
import { DEFAULT_CLIENT_DIST } from '../../server/src/app/http-app.js';
import { prepareDatabaseServer } from './database-global-setup.js';
import { createTestDatabase, TMP_DIR } from './test-database.js';
import { startTestAuthEmulator } from './auth-emulator-global-setup.js';

declare module 'vitest' {
  export interface ProvidedContext {
    shopUrl: string;
    e2eDatabaseUrl: string;
  }
}

/** The built client on the real server over a real (embedded) PostgreSQL, for Chromium to drive. */
export default async function setup(project: TestProject) {
  const clientDist = parseEnv(process.env).CLIENT_DIST_DIR ?? DEFAULT_CLIENT_DIST;
  if (!fs.existsSync(`${clientDist}/index.html`)) {
    throw new Error('Falta el cliente compilado (dist/client). Ejecuta `npm run build` antes de las pruebas e2e.');
  }
  // A failed test's trace, screenshots and console (tests/e2e/browser.ts) are this run's only.
  fs.rmSync(path.resolve('test-results', 'e2e'), { recursive: true, force: true });
  // The Auth emulator (slow to start) starts while the database is prepared.
  const emulatorReady = startTestAuthEmulator();
  emulatorReady.catch(() => {});
  let serverUrl: string;
  let stopDb: () => Promise<void>;
  try {
    ({ serverUrl, stop: stopDb } = await prepareDatabaseServer('e2e'));
  } catch (err) {
    await (await emulatorReady.catch(() => undefined))?.stop();
    throw err;
  }
  let emulator;
  let shop;
  let databaseUrl: string;
  try {
    databaseUrl = await createTestDatabase(serverUrl, 'e2e_shop');
    emulator = await emulatorReady;
    const env = parseEnv({
      NODE_ENV: 'production',
      PORT: '0',
      DATA_DIR: TMP_DIR,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'silent',
      SEED_ON_START: 'false',
      TEST_SHOP: 'true',
      MAX_OPEN_ORDERS_PER_EMAIL: '1000',
      MAX_OPEN_ORDERS_PER_CLIENT: '10000',
      CLIENT_DIST_DIR: clientDist,
      FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
    });
    shop = await startShop(env, createLogger(env));
  } catch (err) {
    await stopDb();
    await (emulator ?? (await emulatorReady.catch(() => undefined)))?.stop();
    throw err;
  }
  project.provide('shopUrl', shop.url);
  project.provide('authEmulatorHost', emulator.host);
  project.provide('e2eDatabaseUrl', databaseUrl);
  return async () => {
    await shop.close();
    await stopDb();
    await emulator.stop();
  };
}
