import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { onCleanup, withTimeout } from './lifecycle.js';

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
export async function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM', graceMs = 15_000): Promise<void> {
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
 * Starts a bench server module (`shop-process.ts`, `baseline-server.ts`) in its own Node process
 * with tsx, so the load generator (autocannon, in the parent) never shares its event loop.
 * The child sends `{ type: 'ready', url }` over IPC once it listens.
 */
export async function startChildServer(moduleFile: string, env: Record<string, string>, label: string, timeoutMs = 120_000): Promise<ChildServer> {
  const entry = fileURLToPath(new URL(moduleFile, import.meta.url));
  const child = fork(entry, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const stop = onCleanup(label, () => stopChild(child));
  const ready = new Promise<string>((resolve, reject) => {
    child.on('message', (m: ReadyMessage) => {
      if (m?.type === 'ready') resolve(m.url);
    });
    child.once('exit', (code, signal) => reject(new Error(`${label} terminó antes de estar listo (código ${code ?? signal})`)));
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
