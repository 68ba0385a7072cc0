// The inputs of each part of the build and whether a part's last build is still up to date. scripts/build.mjs writes
// the stamps; `npm start` (scripts/start.mjs) asks before running the server, so this module loads nothing but Node.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
/** Outputs of codegen that live among the inputs. */
export const GENERATED = /\.generated\.ts$|^client\/src\/gql\/|^server\/src\/generated\//;
/** What `npm start` runs (a launcher, written by scripts/build.mjs) and the bundle it runs. */
export const SERVER_OUT = 'dist/server/index.js';
export const SERVER_BUNDLE = 'dist/server/server.js';

export const PARTS = {
  client: {
    stamp: 'dist/.build-inputs',
    dirs: ['client', 'shared'],
    files: ['schema.graphql', 'codegen.yml', 'package-lock.json', 'tsconfig.json', 'tsconfig.client.json'],
    outputs: [
      'dist/client/index.html',
      'dist/client/.vite/manifest.json',
      'dist/ssr/entry-server.js',
      'client/src/gql/types.ts',
      'server/src/generated/graphql.ts',
    ],
  },
  server: {
    stamp: 'dist/server/.build-inputs',
    dirs: ['server', 'shared'],
    // schema.graphql is read at run time (not bundled); it is here so a schema change always gives a fresh server.
    files: [
      'schema.graphql',
      'package.json',
      'package-lock.json',
      'tsconfig.json',
      'scripts/build.mjs',
      'scripts/build-inputs.mjs',
    ],
    outputs: [SERVER_OUT, SERVER_BUNDLE, `${SERVER_BUNDLE}.map`],
  },
};

function walk(base, dir, out) {
  for (const entry of fs.readdirSync(path.join(base, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) walk(base, rel, out);
    else if (!GENERATED.test(rel) && !/\.test\.tsx?$/.test(rel)) out.push(rel);
  }
  return out;
}

/**
 * The hash of a part's input files, names and contents (all of them cached by the system after a first read).
 * `base` is the project folder.
 */
export function inputsHash(name, base = root) {
  const part = PARTS[name];
  const files = [...part.dirs.flatMap((d) => walk(base, d, [])), ...part.files].sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(file).update('\0');
    try {
      hash.update(fs.readFileSync(path.join(base, file)));
    } catch {
      hash.update('(missing)');
    }
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Records what the part was built from. */
export function writeStamp(name, hash, base = root) {
  const stamp = path.join(base, PARTS[name].stamp);
  fs.mkdirSync(path.dirname(stamp), { recursive: true });
  fs.writeFileSync(stamp, hash);
}

/** Whether the part's outputs exist and were built from inputs with this hash. */
export function upToDate(name, hash = inputsHash(name), base = root) {
  const part = PARTS[name];
  if (!part.outputs.every((f) => fs.existsSync(path.join(base, f)))) return false;
  try {
    return fs.readFileSync(path.join(base, part.stamp), 'utf8') === hash;
  } catch {
    return false;
  }
}
