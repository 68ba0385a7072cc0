#!/usr/bin/env node
// `npm run build`: GraphQL codegen, the client build (dist/client) and the server render bundle (dist/ssr).
// `--if-changed` (used by `npm start`) skips all of it when none of the inputs changed since the last build:
// a hash of every input file is kept in dist/.build-inputs.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(new URL('..', import.meta.url).pathname);
const STAMP = path.join(root, 'dist', '.build-inputs');
const INPUT_DIRS = ['client', 'shared'];
const INPUT_FILES = ['schema.graphql', 'codegen.yml', 'package-lock.json', 'tsconfig.json', 'tsconfig.client.json'];
const OUTPUTS = ['dist/client/index.html', 'dist/client/.vite/manifest.json', 'dist/ssr/entry-server.js', 'client/src/gql/types.ts', 'server/src/generated/graphql.ts'];
/** Outputs of codegen that live among the inputs. */
const GENERATED = /(\.generated\.ts$|^client\/src\/gql\/)/;

function walk(dir, out) {
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) walk(rel, out);
    else if (!GENERATED.test(rel) && !/\.test\.tsx?$/.test(rel)) out.push(rel);
  }
  return out;
}

function inputsHash() {
  const files = [...INPUT_DIRS.flatMap((d) => walk(d, [])), ...INPUT_FILES].sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(file).update('\0');
    try {
      hash.update(fs.readFileSync(path.join(root, file)));
    } catch {
      hash.update('(missing)');
    }
    hash.update('\0');
  }
  return hash.digest('hex');
}

function run(cmd, args) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: root });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const ifChanged = process.argv.includes('--if-changed');
const hash = inputsHash();
if (ifChanged && OUTPUTS.every((f) => fs.existsSync(path.join(root, f))) && fs.existsSync(STAMP) && fs.readFileSync(STAMP, 'utf8') === hash) {
  console.log('Compilación al día: sin cambios en el cliente, shared/ ni el esquema.');
  process.exit(0);
}
fs.rmSync(STAMP, { force: true });
run('npx', ['graphql-codegen', '--config', 'codegen.yml', '--silent']);
run('npx', ['vite', 'build', '--config', 'client/vite.config.ts', '--logLevel', 'error']);
run('npx', ['vite', 'build', '--config', 'client/vite.config.ts', '--ssr', 'src/entry-server.tsx', '--logLevel', 'error']);
fs.writeFileSync(STAMP, hash);
