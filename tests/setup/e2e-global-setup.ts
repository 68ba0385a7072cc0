import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import { parseEnv } from '../../server/src/config/env.js';
import { createLogger, startShop } from '../../server/src/app/start-shop.js';
import { DEFAULT_CLIENT_DIST } from '../../server/src/app/http-app.js';
import { prepareDatabaseServer } from './database-global-setup.js';
import { createTestDatabase, TMP_DIR } from './test-database.js';

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
  const { serverUrl, stop: stopDb } = await prepareDatabaseServer('e2e');
  let shop;
  let databaseUrl: string;
  try {
    databaseUrl = await createTestDatabase(serverUrl, 'e2e_shop');
    const env = parseEnv({ NODE_ENV: 'production', PORT: '0', DATA_DIR: TMP_DIR, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', SEED_ON_START: 'false', CLIENT_DIST_DIR: clientDist });
    shop = await startShop(env, createLogger(env));
  } catch (err) {
    await stopDb();
    throw err;
  }
  project.provide('shopUrl', shop.url);
  project.provide('e2eDatabaseUrl', databaseUrl);
  return async () => {
    await shop.close();
    await stopDb();
  };
}
