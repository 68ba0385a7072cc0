import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../../server/src/db/embedded-postgres.js';
import { postGraphql } from './graphql-post.js';

export interface ChildShop {
  url: string;
  port: number;
  child: ChildProcess;
  /** Last few KB of the process's stdout and stderr. */
  output(): string;
  exited: Promise<number | null>;
  /** SIGTERM (clean stop) or SIGKILL (a crash), then waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

const alive = new Set<ChildProcess>();
process.once('exit', () => {
  for (const c of alive) c.kill('SIGKILL');
});

/**
 * The shop's real entry point (`server/src/index.ts`, as `npm start` runs it) in a child process,
 * waited for until /healthz answers. `env` is all it gets besides PATH and HOME (and PORT).
 */
export async function startChildShop(
  env: Record<string, string>,
  options: { cwd?: string; command?: string; args?: string[]; timeoutMs?: number } = {},
): Promise<ChildShop> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(options.command ?? process.execPath, options.args ?? ['--import', 'tsx', 'server/src/index.ts'], {
    cwd: options.cwd,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  alive.add(child);
  let out = '';
  const collect = (chunk: Buffer) => {
    out = (out + chunk.toString()).slice(-8000);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      alive.delete(child);
      exitCode = code;
      resolve(code);
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  for (;;) {
    if (exitCode !== undefined) throw new Error(`La tienda terminó al arrancar (código ${exitCode}):\n${out}`);
    if (
      await fetch(`${url}/healthz`)
        .then((r) => r.ok)
        .catch(() => false)
    )
      break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`La tienda no respondió en /healthz a tiempo:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    port,
    child,
    output: () => out,
    exited,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (exitCode === undefined) child.kill(signal);
      return exited;
    },
  };
}

/** POST /graphql to a running shop (typed by a graphql(`…`) document, see graphql-post.ts). */
export const gqlAt = postGraphql;
