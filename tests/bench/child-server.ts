import { fork, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from './bench-config.js';
import { onCleanup, sleep, withTimeout } from './lifecycle.js';
import { freePort } from '../../server/src/db/embedded-postgres.js';

export interface ChildServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

export interface ReadyMessage {
  type: 'ready';
  url: string;
}

/** Waits for the child to exit; SIGKILL if it ignores the signal for `graceMs`. */
export async function stopChild(
  child: ChildProcess,
  signal: NodeJS.Signals = 'SIGTERM',
  graceMs = 15_000,
): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  try {
    await withTimeout(exited, graceMs, `detener pid ${child.pid}`);
  } catch {
    child.kill('SIGKILL');
    await exited;
  }
}

/**
 * The Node options `npm start` runs the server with (`node <options> scripts/start.mjs` in package.json, which runs
 * dist/server/index.js in the same process): the shop and its baseline are measured under the same runtime settings
 * as a deployed shop.
 */
export function startNodeOptions(): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const match = /\bnode((?: --[\w-]+(?:=\S+)?)*) (?:scripts\/start\.mjs|dist\/server\/index\.js)/.exec(
    pkg.scripts.start ?? '',
  );
  if (!match) throw new Error('package.json: el script start no ejecuta node … scripts/start.mjs');
  return match[1]!.split(' ').filter(Boolean);
}

/**
 * Starts a bench server module (`baseline-server.ts`) in its own Node process
 * with tsx and the Node options of `npm start`, so the load generator (autocannon, in the parent) never shares its
 * event loop.
 * The child sends `{ type: 'ready', url }` over IPC once it listens.
 */
export async function startChildServer(
  moduleFile: string,
  env: Record<string, string>,
  label: string,
  timeoutMs = 120_000,
): Promise<ChildServer> {
  const entry = fileURLToPath(new URL(moduleFile, import.meta.url));
  const child = fork(entry, [], {
    execArgv: ['--import', 'tsx', ...startNodeOptions()],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const stop = onCleanup(label, () => stopChild(child));
  const ready = new Promise<string>((resolve, reject) => {
    child.on('message', (m: ReadyMessage) => {
      if (m?.type === 'ready') resolve(m.url);
    });
    child.once('exit', (code, signal) =>
      reject(new Error(`${label} terminó antes de estar listo (código ${code ?? signal})`)),
    );
    child.once('error', reject);
  });
  try {
    const url = await withTimeout(ready, timeoutMs, `arranque de ${label}`);
    return { url, pid: child.pid!, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** For child entries: reports the URL to the parent and stops cleanly on SIGTERM/SIGINT or when the parent goes away. */
export function serveAsChild(url: string, close: () => Promise<void>): void {
  let closing = false;
  const shutdown = () => {
    if (closing) return;
    closing = true;
    const timer = setTimeout(() => process.exit(1), 10_000);
    void close()
      .catch((err) => console.error(err))
      .finally(() => {
        clearTimeout(timer);
        process.exit(0);
      });
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  process.on('disconnect', shutdown);
  process.send?.({ type: 'ready', url } satisfies ReadyMessage);
}

/**
 * Starts the shop as `npm start` runs it: the precompiled server (`node <options> dist/server/index.js`, built by
 * `npm run bench` before it starts) with `shopEnv` as its environment, ready at its first 200 of /healthz. Every
 * figure measured against it (requests per second, pages, memory) is the deployed server's, not the TypeScript
 * source's under tsx, which compiles each module at load and holds that output in memory.
 */
export async function startShopChild(
  shopEnv: Record<string, string>,
  label: string,
  timeoutMs = 120_000,
): Promise<ChildServer> {
  const entry = path.join(ROOT, 'dist', 'server', 'index.js');
  if (!fs.existsSync(entry)) throw new Error(`${label}: falta ${entry} (node scripts/build.mjs)`);
  const port = await freePort();
  const child = spawn(process.execPath, [...startNodeOptions(), entry], {
    cwd: ROOT,
    env: { ...process.env, ...shopEnv, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // The URLs it prints on start are for a person; the bench waits for /healthz instead. Read, so it never blocks.
  child.stdout?.resume();
  const stop = onCleanup(label, () => stopChild(child));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code, signal) =>
      reject(new Error(`${label} terminó antes de estar listo (código ${code ?? signal})`)),
    ),
  );
  exited.catch(() => undefined);
  let waiting = true;
  const healthy = (async () => {
    while (waiting) {
      try {
        const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) });
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
  })();
  try {
    await withTimeout(Promise.race([healthy, exited]), timeoutMs, `arranque de ${label}`);
    return { url, pid: child.pid!, stop };
  } catch (err) {
    await stop();
    throw err;
  } finally {
    waiting = false;
  }
}
