import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { parseEnv } from '../../server/src/config/env.js';
import { createLogger, startShop, type RunningShop } from '../../server/src/app/start-shop.js';
import { createTestDatabase } from './test-database.js';
import { postGraphql, type GqlArgs, type GqlResponse, type TypedDocument } from './graphql-post.js';

export type { GqlResponse };

export interface TestShop extends RunningShop {
  /** POST /graphql: a typed document (its own graphql(`…`) or the client's) types variables and answer (graphql-post.ts). */
  gql<R, V>(query: TypedDocument<R, V>, ...args: GqlArgs<V>): Promise<GqlResponse<R>>;
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
  const gql = ((query: string, ...args: [Record<string, unknown>?, Record<string, string>?]) =>
    postGraphql(shop.url, query, ...args)) as TestShop['gql'];
  return Object.assign(shop, { gql });
}
