import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import { createTestDatabase } from '../setup/test-database.js';
import { assembleFinalStage, readFinalStage } from '../setup/dockerfile-stage.js';
import { gqlAt, startChildShop, type ChildShop } from '../setup/child-shop.js';
import { TMP_DIR } from '../setup/test-database.js';
import { freePort } from '../../server/src/db/embedded-postgres.js';
import { graphql } from '../gql/index.js';

/**
 * The container image starts: its final stage copies only `dist`, `server`, `shared`, `schema.graphql` and the
 * `staff:add` script, so a server that imported client files at run time would not start (ERR_MODULE_NOT_FOUND). This test
 * assembles exactly what the Dockerfile's final stage contains (its COPY lines, production packages
 * only) and starts its CMD against PostgreSQL, as docker-compose.yml's test shop does, until healthy.
 */
const REPO = process.cwd();
let shop: ChildShop | undefined;
const root = path.join(TMP_DIR, `image-${process.pid}`);
afterAll(async () => {
  await shop?.stop('SIGTERM');
  fs.rmSync(root, { recursive: true, force: true });
});

describe('the production image', () => {
  it('starts from exactly what the final stage contains and answers healthy', async () => {
    const stage = readFinalStage(path.join(REPO, 'Dockerfile'));
    expect(stage.cmd.length).toBeGreaterThan(0);
    // The image runs the server with the same Node options as `npm start` (the bench measures with those), whose
    // scripts/start.mjs runs the same dist/server/index.js once the build is up to date.
    const start = (
      JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { scripts: { start: string } }
    ).scripts.start;
    expect(stage.cmd.at(-1)).toBe('dist/server/index.js');
    expect(start).toContain(`${stage.cmd.slice(0, -1).join(' ')} scripts/start.mjs`);
    const app = assembleFinalStage(REPO, stage, root);
    // Dev packages are not there: no Auth emulator, no Vite.
    expect(fs.existsSync(path.join(app, 'node_modules', 'firebase-tools'))).toBe(false);
    expect(fs.existsSync(path.join(app, 'node_modules', 'vite'))).toBe(false);
    expect(fs.existsSync(path.join(app, 'node_modules', 'tsx'))).toBe(true);

    const databaseUrl = await createTestDatabase(inject('pgServerUrl'));
    const [command, ...args] = stage.cmd;
    shop = await startChildShop(
      {
        ...stage.env,
        PORT: String(await freePort()),
        // What docker-compose.yml sets for its test shop (the Auth emulator runs beside the image there too).
        DATABASE_URL: databaseUrl,
        TEST_SHOP: 'true',
        DATA_DIR: path.join(root, 'data'),
        FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost'),
        SEED_ON_START: 'false',
      },
      { cwd: app, command: command!, args, timeoutMs: 180_000 },
    );
    const health = await fetch(`${shop.url}/healthz`);
    expect(health.status).toBe(200);
    const res = await gqlAt(
      shop.url,
      graphql(`
        query ImageCategories {
          categories {
            slug
          }
        }
      `),
    );
    expect(res.data?.categories.length).toBeGreaterThan(0);
    const page = await (await fetch(`${shop.url}/`, { headers: { accept: 'text/html' } })).text();
    expect(page).toContain('los pagos no son reales');

    // No owner yet: the start says how to create the first one, and that command runs from what the image holds.
    await vi.waitUntil(() => shop!.output().includes('no hay ninguna persona propietaria'), { timeout: 60_000 });
    expect(shop.output()).toContain('npm run staff:add -- <correo> <contraseña>');
    // Asynchronously: the shop's own output keeps flowing meanwhile (a full pipe would stall it).
    const added = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'scripts/staff-add.ts', 'imagen-duena@enzo.test', 'clave-imagen-segura'],
      {
        cwd: app,
        timeout: 120_000,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          ...stage.env,
          DATABASE_URL: databaseUrl,
          TEST_SHOP: 'true',
          DATA_DIR: path.join(root, 'data'),
          FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost'),
        },
      },
    );
    expect(added.stdout).toMatch(/Cuenta creada: imagen-duena@enzo\.test .* con el rol Propietario/);
  });
});
