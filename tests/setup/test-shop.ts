import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { parseEnv } from '../../server/src/config/env.js';
import { createLogger, startShop, type RunningShop } from '../../server/src/app/start-shop.js';
import { createTestDatabase } from './test-database.js';

export interface GqlResponse<T = Record<string, unknown>> {
  status: number;
  data?: T;
  errors?: Array<{ message: string; extensions?: { code?: string; [k: string]: unknown } }>;
}

export interface TestShop extends RunningShop {
  gql<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<GqlResponse<T>>;
}

/**
 * A data folder of its own (outbox, sandbox secret, backups), since test files run side by side and their databases
 * number orders alike: in one shared outbox a test could read another file's email for the same reference. The seeded
 * pictures are shared (a link to the folder the global setup filled).
 */
function ownDataDir(): string {
  const media = inject('mediaDir');
  const dir = fs.mkdtempSync(path.join(path.dirname(media), 'shop-'));
  fs.symlinkSync(media, path.join(dir, 'media'));
  return dir;
}

/** The real server on a random port over a fresh copy of the seeded database. */
export async function startTestShop(env: Record<string, string> = {}): Promise<TestShop> {
  const databaseUrl = await createTestDatabase(inject('pgServerUrl'));
  const parsed = parseEnv({
    NODE_ENV: 'test',
    PORT: '0',
    DATA_DIR: env.DATA_DIR ?? ownDataDir(),
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    SEED_ON_START: 'false',
    // An external database makes this a deployment: the tests run a declared test shop.
    TEST_SHOP: 'true',
    // Every test order comes from 127.0.0.1 and many share an email: the caps are tested on their own (hoarding.test.ts).
    MAX_OPEN_ORDERS_PER_EMAIL: '1000',
    MAX_OPEN_ORDERS_PER_CLIENT: '10000',
    FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost'),
    ...env,
  });
  const shop = await startShop(parsed, createLogger(parsed));
  return Object.assign(shop, {
    async gql<T>(
      query: string,
      variables?: Record<string, unknown>,
      headers: Record<string, string> = {},
    ): Promise<GqlResponse<T>> {
      const res = await fetch(`${shop.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ query, variables }),
      });
      const body = (await res.json()) as Omit<GqlResponse<T>, 'status'>;
      return { status: res.status, ...body };
    },
  });
}
