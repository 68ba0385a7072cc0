import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { freePort } from '../../server/src/db/embedded-postgres.js';
import { isAuthEmulatorUp } from '../../server/src/modules/staff/auth-emulator.js';
import { createTestDatabase } from '../setup/test-database.js';

/**
 * Ctrl+C right after the shop answers, while the Auth emulator it starts in the background is still starting
 * (it needs several seconds): the shop gives that start up at once instead of waiting for the CLI, reports no
 * error for it, and leaves no emulator behind.
 */
describe('stopping while the Auth emulator is still starting', () => {
  it('stops cleanly, without an error about staff sign-in, and leaves no emulator running', async () => {
    const databaseUrl = await createTestDatabase(inject('pgServerUrl'));
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'enzo-stop-starting-'));
    const [port, authPort] = [await freePort(), await freePort()];
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/index.ts'], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        TEST_SHOP: 'true',
        SEED_ON_START: 'false',
        LOG_LEVEL: 'info',
        // No emulator host: the shop starts its own, on this port.
        FIREBASE_AUTH_EMULATOR_PORT: String(authPort),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      await expect
        .poll(
          () =>
            fetch(`http://127.0.0.1:${port}/healthz`).then(
              (r) => r.ok,
              () => false,
            ),
          { timeout: 60_000, interval: 100 },
        )
        .toBe(true);
      expect(await isAuthEmulatorUp(`127.0.0.1:${authPort}`)).toBe(false);
      child.kill('SIGINT');
      // Given up, not finished: the emulator never comes up while the shop stops.
      let cameUp = false;
      let done = false;
      const code = exited.finally(() => (done = true));
      while (!done) {
        cameUp ||= await isAuthEmulatorUp(`127.0.0.1:${authPort}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(await code).toBe(0);
      expect(cameUp).toBe(false);
      expect(output).toContain('Recibida SIGINT');
      expect(output).not.toContain('No se pudo iniciar el inicio de sesión del personal');
      expect(output).not.toContain('no pudo iniciar');
      expect(await isAuthEmulatorUp(`127.0.0.1:${authPort}`)).toBe(false);
    } finally {
      child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
