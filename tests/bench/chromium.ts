import { spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { config } from './bench-config.js';
import { onCleanup, withTimeout } from './lifecycle.js';

export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-dev-shm-usage',
];

export interface Chromium {
  /** Remote debugging port on 127.0.0.1 (for Lighthouse). */
  port: number;
  stop(): Promise<void>;
}

/** Headless Chromium with a temporary profile and remote debugging on 127.0.0.1 (port chosen by Chromium). */
export async function launchChromium(): Promise<Chromium> {
  if (!fs.existsSync(config.chromePath)) {
    throw new Error(
      `No se encontró Chromium en ${config.chromePath} (instálalo con apt-get install -y chromium o define CHROME_PATH)`,
    );
  }
  const profile = await fsp.mkdtemp(path.join(os.tmpdir(), 'enzo-bench-chrome-'));
  onCleanup('perfil de Chromium', () => fsp.rm(profile, { recursive: true, force: true }));
  const child = spawn(
    config.chromePath,
    [
      ...CHROME_FLAGS,
      '--remote-debugging-address=127.0.0.1',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = onCleanup('Chromium', async () => {
    if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return;
    }
    try {
      await withTimeout(exited, 5000, 'cerrar Chromium');
    } catch {
      process.kill(-child.pid, 'SIGKILL');
    }
  });
  let stderr = '';
  const port = new Promise<number>((resolve, reject) => {
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
      const m = /DevTools listening on ws:\/\/127\.0\.0\.1:(\d+)\//.exec(stderr);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`Chromium terminó (código ${code}): ${stderr.slice(-500)}`)));
  });
  try {
    return { port: await withTimeout(port, 30_000, 'arranque de Chromium'), stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
