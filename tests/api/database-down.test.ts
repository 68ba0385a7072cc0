import { afterAll, describe, expect, inject, it } from 'vitest';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  freePort,
  startEmbeddedPostgres,
  ensureDatabase,
  type EmbeddedDatabase,
} from '../../server/src/db/embedded-postgres.js';
import { parseEnv } from '../../server/src/config/env.js';
import { createLogger, startShop, type RunningShop } from '../../server/src/app/start-shop.js';
import { graphql } from '../gql/index.js';
import { postGraphql } from '../setup/graphql-post.js';

/** A shop over its own PostgreSQL, which the test stops and starts again. */
let pg: EmbeddedDatabase | undefined;
let shop: RunningShop | undefined;
const dir = path.join(os.tmpdir(), `enzo-dbdown-${process.pid}`);

afterAll(async () => {
  await shop?.close().catch(() => {});
  await pg?.stop().catch(() => {});
  await fs.rm(dir, { recursive: true, force: true });
});

const CATEGORIES = graphql(`
  query DatabaseDownCategories {
    categories {
      slug
    }
  }
`);

async function categories(url: string) {
  const res = await postGraphql(url, CATEGORIES);
  return { status: res.status, body: res };
}

describe('database down', () => {
  it('answers 503 on /healthz and a clear GraphQL error, then recovers when the database returns', async () => {
    const port = await freePort();
    pg = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), port, fast: true });
    const url = await ensureDatabase(pg.url, 'enzo');
    const env = parseEnv({
      NODE_ENV: 'production',
      PORT: '0',
      DATA_DIR: dir,
      DATABASE_URL: url,
      LOG_LEVEL: 'silent',
      TEST_SHOP: 'true',
      FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost'),
    });
    shop = await startShop(env, createLogger(env));
    expect((await fetch(`${shop.url}/healthz`)).status).toBe(200);
    expect((await categories(shop.url)).body.data!.categories).toHaveLength(7);

    await pg.stop();
    const health = await fetch(`${shop.url}/healthz`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: 'error', database: 'unavailable' });
    const down = await categories(shop.url);
    expect(down.status).toBeLessThan(600);
    expect(down.body.errors![0]!.extensions!.code).toBe('SERVICE_UNAVAILABLE');
    expect(down.body.errors![0]!.message).toBe(
      'La tienda no está disponible en este momento. Intenta de nuevo en unos minutos.',
    );

    pg = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), port, fast: true });
    await expect
      .poll(async () => (await fetch(`${shop!.url}/healthz`)).status, { timeout: 15_000, interval: 250 })
      .toBe(200);
    await expect
      .poll(async () => (await categories(shop!.url)).body.data?.categories.length, { timeout: 15_000, interval: 250 })
      .toBe(7);
  });
});
