import { startNodeOptions } from './child-server.js';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../server/src/db/embedded-postgres.js';
import { ROOT } from './bench-config.js';
import { onCleanup, sleep, withTimeout } from './lifecycle.js';

export interface StartupRun {
  variant: string;
  run: 'primer arranque' | 'reinicio';
  ms: number | null;
  exitCode: number | null;
  stopMs: number | null;
  leftovers: string[];
  error?: string;
}

/** This process's environment without what would change the shop's defaults (the bench exports the emulator host). */
function cleanEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of [
    'FIREBASE_AUTH_EMULATOR_HOST',
    'FIREBASE_PROJECT_ID',
    'TEST_SHOP',
    'HOST',
    'DATABASE_URL',
    'EMBEDDED_PG_PORT',
    'PUBLIC_URL',
    'SEED_ON_START',
    'CLIENT_DIST_DIR',
  ])
    delete env[name];
  return env;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function postmasterPid(dataDir: string): Promise<number | null> {
  try {
    const pid = Number.parseInt(
      (await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0] ?? '',
      10,
    );
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * One start of the shop with NODE_ENV=production (`npm start`, or the precompiled server it runs), from spawn to
 * the first 200 of /healthz; then SIGINT and a check that neither PostgreSQL nor the Auth emulator it started is
 * left running.
 */
async function startOnce(
  variant: string,
  run: StartupRun['run'],
  dataDir: string,
  extraEnv: Record<string, string>,
  command: readonly string[],
): Promise<StartupRun> {
  const port = await freePort();
  const authPort = await freePort();
  const started = performance.now();
  const child: ChildProcess = spawn(command[0]!, command.slice(1), {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...cleanEnv(),
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      FIREBASE_AUTH_EMULATOR_PORT: String(authPort),
      ...extraEnv,
    },
  });
  // Logs (pino, JSON on stdout) and errors: the tail explains a failed start.
  let output = '';
  const keep = (c: Buffer) => (output = (output + c.toString()).slice(-2000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  // Ctrl+C ends npm by the signal itself: the conventional 130.
  const exit = new Promise<number | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? (signal === 'SIGINT' ? 130 : null))),
  );
  let done = false;
  exit.then(() => (done = true));
  const killGroup = onCleanup(`tienda (${variant}, ${run})`, async () => {
    if (!done && child.pid) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // gone
      }
    }
  });
  const result: StartupRun = { variant, run, ms: null, exitCode: null, stopMs: null, leftovers: [] };
  try {
    const deadline = Date.now() + 180_000;
    while (!(await answers(`http://127.0.0.1:${port}/healthz`))) {
      if (done) throw new Error(`la tienda terminó antes de estar sana: ${output.trim().slice(-400)}`);
      if (Date.now() > deadline) throw new Error('sin /healthz 200 en 180 s');
      await sleep(50);
    }
    result.ms = performance.now() - started;
    const pgPid = await postmasterPid(dataDir);
    const stopStarted = performance.now();
    // `npm start`: the whole process group, as Ctrl+C in a terminal (npm, sh, the server and PostgreSQL);
    // the server alone otherwise, as a process manager stops it.
    if (command[0] === 'npm') process.kill(-child.pid!, 'SIGINT');
    else child.kill('SIGINT');
    result.exitCode = await withTimeout(exit, 30_000, 'detener la tienda con SIGINT');
    result.stopMs = performance.now() - stopStarted;
    // npm returns as soon as it has passed the signal on: give the server its shutdown (at most 10 s).
    for (let waited = 0; waited < 10_000 && pgPid && isAlive(pgPid); waited += 100) await sleep(100);
    if (pgPid && isAlive(pgPid)) {
      result.leftovers.push(`postgres pid ${pgPid}`);
      process.kill(pgPid, 'SIGTERM');
    }
    if (await answers(`http://127.0.0.1:${authPort}/`)) result.leftovers.push(`emulador de Auth en ${authPort}`);
  } catch (err) {
    result.error = err instanceof Error ? err.message : String(err);
  } finally {
    await killGroup();
  }
  return result;
}

export async function runStartup(benchAuthHost: string | null): Promise<StartupRun[]> {
  const variants: Array<{ name: string; env: Record<string, string>; command: readonly string[] }> = [
    // What a person runs: checks whether the build is up to date (it is: the bench built it), then the server.
    {
      name: 'npm start (valores por defecto, inicia su emulador de Auth)',
      env: {},
      command: ['npm', 'start', '--silent'],
    },
  ];
  if (benchAuthHost) {
    // The precompiled server alone (dist/server, built by `npm start` above), as a process manager or the image runs it.
    variants.push({
      name: 'node dist/server/index.js, FIREBASE_AUTH_EMULATOR_HOST externo',
      env: { FIREBASE_AUTH_EMULATOR_HOST: benchAuthHost },
      command: [process.execPath, ...startNodeOptions(), 'dist/server/index.js'],
    });
  }
  const runs: StartupRun[] = [];
  for (const v of variants) {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'enzo-bench-start-'));
    await fs.chmod(dataDir, 0o755);
    const removeDir = onCleanup('DATA_DIR de arranque', () => fs.rm(dataDir, { recursive: true, force: true }));
    try {
      for (const run of ['primer arranque', 'reinicio'] as const) {
        process.stdout.write(`  · ${v.name}, ${run}… `);
        const r = await startOnce(v.name, run, dataDir, v.env, v.command);
        process.stdout.write(r.ms !== null ? `${(r.ms / 1000).toFixed(1)} s\n` : `✖ ${r.error}\n`);
        runs.push(r);
        if (r.ms === null) break;
      }
    } finally {
      await removeDir();
    }
  }
  return runs;
}
