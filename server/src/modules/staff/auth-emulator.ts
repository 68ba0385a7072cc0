import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { repoPath } from '../../common/repo-root.js';

/** A running Firebase Auth emulator (`firebase emulators:start --only auth`). */
export interface AuthEmulator {
  /** `127.0.0.1:<port>`, the value of FIREBASE_AUTH_EMULATOR_HOST. */
  host: string;
  /** False when an emulator was already running on that port and is reused. */
  startedHere: boolean;
  stop(): Promise<void>;
}

export const FIREBASE_BIN = repoPath('node_modules', '.bin', 'firebase');

/** True when an Auth emulator answers at host (its root answers `{ authEmulator: { ready } }`). */
export async function isAuthEmulatorUp(host: string): Promise<boolean> {
  try {
    const res = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1500) });
    if (!res.ok) return false;
    const body = (await res.json()) as { authEmulator?: { ready?: boolean } };
    return body.authEmulator?.ready === true;
  } catch {
    return false;
  }
}

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface StartAuthEmulatorOptions {
  port: number;
  projectId: string;
  /** Gives up after this long (the emulator needs several seconds even on a quiet machine). */
  timeoutMs?: number;
  log?: (message: string) => void;
  /** Keeps the emulator's accounts in this folder between runs (imported at start, exported on stop). */
  persistDir?: string;
  /** The shop is stopping: give up the start at once (nothing to export yet, so the CLI is killed). */
  signal?: AbortSignal;
}

/** The start was given up because the shop is stopping (not a failure worth reporting). */
export class AuthEmulatorStartAborted extends Error {}

/**
 * Starts the Auth emulator as a child process (or reuses one already on the port) and waits until
 * it answers. The config is written to a temporary folder with free hub/logging ports, so several
 * emulators (a dev server and test runs) can coexist.
 */
export async function startAuthEmulator({
  port,
  projectId,
  timeoutMs = 90_000,
  log = () => {},
  persistDir,
  signal,
}: StartAuthEmulatorOptions): Promise<AuthEmulator> {
  const host = `127.0.0.1:${port}`;
  if (await isAuthEmulatorUp(host)) {
    log(`Usando el emulador de Firebase Auth que ya corre en ${host}`);
    return { host, startedHere: false, stop: async () => {} };
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'enzo-auth-emulator-'));
  const [hubPort, loggingPort] = [await freePort(), await freePort()];
  const config = {
    emulators: {
      auth: { port, host: '127.0.0.1' },
      hub: { port: hubPort, host: '127.0.0.1' },
      logging: { port: loggingPort, host: '127.0.0.1' },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  };
  await fs.writeFile(path.join(dir, 'firebase.json'), JSON.stringify(config));
  log(`Iniciando el emulador de Firebase Auth en ${host}…`);
  const persistence: string[] = [];
  if (persistDir) {
    const target = path.resolve(persistDir);
    await fs.mkdir(target, { recursive: true });
    const exported = await fs
      .access(path.join(target, 'firebase-export-metadata.json'))
      .then(() => true)
      .catch(() => false);
    if (exported) persistence.push('--import', target);
    persistence.push('--export-on-exit', target);
  }
  const args = [
    'emulators:start',
    '--only',
    'auth',
    '--project',
    projectId,
    '--config',
    path.join(dir, 'firebase.json'),
    ...persistence,
  ];
  const child: ChildProcess = spawn(FIREBASE_BIN, args, {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (!exited) {
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), persistDir ? 15_000 : 5000);
      await exit;
      clearTimeout(timer);
    }
    await fs.rm(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + timeoutMs;
  const abort = () => child.kill('SIGKILL');
  signal?.addEventListener('abort', abort, { once: true });
  while (!(await isAuthEmulatorUp(host))) {
    if (signal?.aborted) {
      // Also when the shop stopped before this listener was added.
      abort();
      await exit;
      await stop();
      throw new AuthEmulatorStartAborted(
        'El emulador de Firebase Auth no terminó de iniciar: la tienda se detuvo antes.',
      );
    }
    if (exited || Date.now() > deadline) {
      signal?.removeEventListener('abort', abort);
      await stop();
      throw new Error(`No se pudo iniciar el emulador de Firebase Auth en ${host}.\n${output.trim()}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  signal?.removeEventListener('abort', abort);
  return { host, startedHere: true, stop };
}
