import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../../server/src/db/embedded-postgres.js';
import { startTestShop, type TestShop } from '../setup/test-shop.js';
import { bearer, craftToken } from '../setup/staff-tokens.js';
import { TEST_SHOP_NOTICE } from '../../server/src/common/test-shop-notice.js';
import { graphql } from '../gql/index.js';

/**
 * A deployment never fails open: the sandbox gateway is not active on a deployment without Wompi keys (anyone
 * could pay with nothing) unless it says TEST_SHOP=true, and FIREBASE_AUTH_EMULATOR_HOST never outranks
 * FIREBASE_PROJECT_ID (a hand-edited unsigned token with `staff: true` must not be accepted).
 */
const shops: TestShop[] = [];
afterAll(async () => {
  for (const s of shops) await s.close();
});

/** `npm start`'s server as a child process with only these variables (plus PATH/HOME). */
function startProcess(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'enzo-failclosed-'));
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/index.ts'], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      fs.rmSync(dataDir, { recursive: true, force: true });
      resolve({ code, stdout, stderr });
    });
  });
}

describe('a deployment fails closed', () => {
  it('refuses to start when reachable from other machines without real payments and Firebase, in Spanish, without a stack trace', async () => {
    const run = await startProcess({ HOST: '0.0.0.0', PORT: String(await freePort()) });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/La tienda no arranca: esta ejecución es un despliegue \(HOST=0\.0\.0\.0/);
    for (const name of [
      'WOMPI_PUBLIC_KEY',
      'WOMPI_INTEGRITY_SECRET',
      'WOMPI_EVENTS_SECRET',
      'FIREBASE_PROJECT_ID',
      'SMTP_URL',
      'PUBLIC_URL',
    ])
      expect(run.stderr).toContain(`- ${name}`);
    expect(run.stderr).toContain('TEST_SHOP=true');
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(run.stdout).not.toMatch(/Tienda:/);
  });

  it('refuses an external database the same way', async () => {
    const run = await startProcess({
      DATABASE_URL: 'postgres://enzo:x@127.0.0.1:1/enzo',
      PORT: String(await freePort()),
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/usa una base de datos externa \(DATABASE_URL\)/);
  });

  it('refuses the Auth emulator beside a real Firebase project', async () => {
    const run = await startProcess({
      FIREBASE_PROJECT_ID: 'enzo-tienda',
      FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost'),
      PORT: String(await freePort()),
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/FIREBASE_AUTH_EMULATOR_HOST: con un proyecto de Firebase real/);
  });

  it('never accepts an unsigned emulator token for a real project, even if the emulator address is in the environment', async () => {
    // A previous start in this process exported the emulator address for firebase-admin.
    const test = await startTestShop();
    shops.push(test);
    const live = await startTestShop({
      TEST_SHOP: 'false',
      FIREBASE_AUTH_EMULATOR_HOST: '',
      FIREBASE_PROJECT_ID: 'enzo-tienda-real',
      FIREBASE_WEB_API_KEY: 'AIzaSyExample',
      WOMPI_PUBLIC_KEY: 'pub_prod_example',
      WOMPI_INTEGRITY_SECRET: 'prod_integrity_example',
      WOMPI_EVENTS_SECRET: 'prod_events_example',
      SMTP_URL: 'smtp://127.0.0.1:1',
      PUBLIC_URL: 'https://enzo.example.co',
      EINVOICE_PROVIDER: 'alegra',
      ALEGRA_EINVOICE_TOKEN: 'token-real',
      ALEGRA_EINVOICE_COMPANY_ID: '01FCYA9GSSNT2674KGJV2V0NS9',
      ALEGRA_EINVOICE_API_URL: 'http://127.0.0.1:1',
      DIAN_ENVIRONMENT: 'produccion',
    });
    shops.push(live);
    const forged = craftToken({
      uid: 'intruso',
      project: 'enzo-tienda-real',
      staff: true,
      email: 'intruso@correo.com',
    });
    const res = await live.gql(
      graphql(`
        query ForgedTokenMe {
          me {
            uid
          }
        }
      `),
      {},
      bearer(forged),
    );
    expect(res.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

    // A live shop: real payments, so no sandbox and no test notice.
    const sandbox = await live.gql(
      graphql(`
        mutation LiveSandboxPay {
          sandboxPay(input: { session: "abcdefghijklmnop", decision: APPROVE }) {
            status
          }
        }
      `),
    );
    expect(sandbox.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const page = await (await fetch(`${live.url}/`, { headers: { accept: 'text/html' } })).text();
    expect(page).not.toContain(TEST_SHOP_NOTICE);
  });

  it('refuses a live deployment whose electronic invoicing is on without a real provider, in Spanish', async () => {
    const live = {
      TEST_SHOP: 'false',
      FIREBASE_AUTH_EMULATOR_HOST: '',
      FIREBASE_PROJECT_ID: 'enzo-tienda-real',
      FIREBASE_WEB_API_KEY: 'AIzaSyExample',
      WOMPI_PUBLIC_KEY: 'pub_prod_example',
      WOMPI_INTEGRITY_SECRET: 'prod_integrity_example',
      WOMPI_EVENTS_SECRET: 'prod_events_example',
      SMTP_URL: 'smtp://127.0.0.1:1',
      PUBLIC_URL: 'https://enzo.example.co',
    };
    await expect(startTestShop(live)).rejects.toThrow(
      /^La tienda no arranca: es un despliegue con la facturación electrónica encendida[\s\S]*EINVOICE_PROVIDER=alegra[\s\S]*npm run einvoicing -- off/,
    );
  });

  it('a test shop says on every page that payments are not real', async () => {
    const test = shops[0] ?? (await startTestShop());
    for (const p of ['/', '/collares', '/carrito', '/pasarela-sandbox?session=x']) {
      const html = await (await fetch(`${test.url}${p}`, { headers: { accept: 'text/html' } })).text();
      expect(html, p).toMatch(
        new RegExp(`<body[^>]*><div class="test-shop-notice" role="note"[^>]*>${TEST_SHOP_NOTICE}`),
      );
    }
  });
  it('reports itself unhealthy when its server render bundle cannot be loaded, instead of serving error pages', async () => {
    // A client build whose render bundle (dist/ssr beside dist/client) is broken, as after a half-copied deploy.
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'enzo-broken-ssr-'));
    fs.mkdirSync(path.join(root, 'client'));
    fs.mkdirSync(path.join(root, 'ssr'));
    fs.writeFileSync(
      path.join(root, 'client', 'index.html'),
      '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
    );
    fs.writeFileSync(path.join(root, 'ssr', 'entry-server.js'), 'export const nothing = 1;');
    const shop = await startTestShop({ CLIENT_DIST_DIR: path.join(root, 'client') });
    shops.push(shop);
    await expect.poll(async () => (await fetch(`${shop.url}/healthz`)).status, { timeout: 10_000 }).toBe(503);
    expect(await (await fetch(`${shop.url}/healthz`)).json()).toEqual({ status: 'error', render: 'unavailable' });
    fs.rmSync(root, { recursive: true, force: true });
  });
});
