import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { initializeApp, deleteApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { freePort } from '../../server/src/db/embedded-postgres.js';
import { exportAuthEmulatorHost } from '../../server/src/config/env.js';
import { ROOT } from './bench-config.js';
import { onCleanup, sleep } from './lifecycle.js';

export const PROJECT_ID = 'demo-enzo';

export interface BenchAuthEmulator {
  /** `127.0.0.1:<port>` (FIREBASE_AUTH_EMULATOR_HOST). */
  host: string;
  stop(): Promise<void>;
}

async function isUp(host: string): Promise<boolean> {
  try {
    const res = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1500) });
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * The Firebase Auth emulator on free ports (auth, hub, logging), with a temporary firebase.json,
 * in its own process group so stopping it leaves nothing behind.
 */
export async function startBenchAuthEmulator(timeoutMs = 120_000): Promise<BenchAuthEmulator> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'enzo-bench-auth-'));
  onCleanup('carpeta del emulador', () => fs.rm(dir, { recursive: true, force: true }));
  const [port, hub, logging] = [await freePort(), await freePort(), await freePort()];
  const host = `127.0.0.1:${port}`;
  const firebaseJson = {
    emulators: {
      auth: { host: '127.0.0.1', port },
      hub: { host: '127.0.0.1', port: hub },
      logging: { host: '127.0.0.1', port: logging },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  };
  await fs.writeFile(path.join(dir, 'firebase.json'), JSON.stringify(firebaseJson));
  const child = spawn(
    path.join(ROOT, 'node_modules', '.bin', 'firebase'),
    ['emulators:start', '--only', 'auth', '--project', PROJECT_ID],
    {
      cwd: dir,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true', NO_UPDATE_NOTIFIER: '1', CI: '1' },
    },
  );
  let output = '';
  const keep = (c: Buffer) => (output = (output + c.toString()).slice(-3000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once('exit', () => ((exited = true), resolve())));
  const stop = onCleanup('emulador de Firebase Auth', async () => {
    if (exited || !child.pid) return;
    try {
      process.kill(-child.pid, 'SIGINT');
    } catch {
      return;
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // gone
      }
    }, 8000);
    await exit;
    clearTimeout(timer);
  });
  const deadline = Date.now() + timeoutMs;
  while (!(await isUp(host))) {
    if (exited || Date.now() > deadline) {
      await stop();
      throw new Error(`El emulador de Firebase Auth no arrancó en ${host}:\n${output.trim()}`);
    }
    await sleep(300);
  }
  return { host, stop };
}

/** Creates a staff user (claim `staff: true` set with firebase-admin) and returns a fresh ID token. */
export async function staffIdToken(host: string): Promise<string> {
  exportAuthEmulatorHost(host);
  const base = `http://${host}/identitytoolkit.googleapis.com/v1`;
  const email = `bench-staff-${process.pid}@enzo.test`;
  const password = 'bench-staff-123';
  const post = async (pathAndQuery: string, body: unknown) => {
    const res = await fetch(`${base}/${pathAndQuery}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { localId?: string; idToken?: string; error?: { message: string } };
    if (!res.ok) throw new Error(`Emulador de Auth (${pathAndQuery}): ${json.error?.message ?? res.status}`);
    return json;
  };
  const { localId } = await post('accounts:signUp?key=demo-key', { email, password, returnSecureToken: true });
  const app = initializeApp({ projectId: PROJECT_ID }, `enzo-bench-${process.pid}`);
  try {
    await getAuth(app).setCustomUserClaims(localId!, { staff: true });
  } finally {
    await deleteApp(app);
  }
  const { idToken } = await post('accounts:signInWithPassword?key=demo-key', {
    email,
    password,
    returnSecureToken: true,
  });
  return idToken!;
}
