#!/usr/bin/env node
// `npm run build`: both parts of the shop.
//   client: GraphQL codegen, the client build (dist/client) and the server render bundle (dist/ssr), the slow part;
//   server: server/src bundled with esbuild into dist/server (`npm start` runs dist/server/index.js), quick.
// `--if-changed` (used by `npm start`) rebuilds only the parts whose inputs changed since their last build: each part
// keeps a hash of its input files (dist/.build-inputs, dist/server/.build-inputs), so a server-only change never
// waits for Vite. `node scripts/build.mjs server` (or `client`) builds one part only.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(new URL('..', import.meta.url).pathname);
/** Outputs of codegen that live among the inputs. */
const GENERATED = /\.generated\.ts$|^client\/src\/gql\/|^server\/src\/generated\//;
/** What `npm start` runs (a launcher, written by writeLauncher) and the bundle it runs. */
const SERVER_OUT = 'dist/server/index.js';
const SERVER_BUNDLE = 'dist/server/server.js';

const PARTS = {
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
    build: buildClient,
  },
  server: {
    stamp: 'dist/server/.build-inputs',
    dirs: ['server', 'shared'],
    // schema.graphql is read at run time (not bundled); it is here so a schema change always gives a fresh server.
    files: ['schema.graphql', 'package.json', 'package-lock.json', 'tsconfig.json', 'scripts/build.mjs'],
    outputs: [SERVER_OUT, SERVER_BUNDLE, `${SERVER_BUNDLE}.map`],
    build: buildServer,
  },
};

function walk(dir, out) {
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) walk(rel, out);
    else if (!GENERATED.test(rel) && !/\.test\.tsx?$/.test(rel)) out.push(rel);
  }
  return out;
}

function inputsHash(part) {
  const files = [...part.dirs.flatMap((d) => walk(d, [])), ...part.files].sort();
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

function buildClient() {
  run('npx', ['graphql-codegen', '--config', 'codegen.yml', '--silent']);
  run('npx', ['vite', 'build', '--config', 'client/vite.config.ts', '--logLevel', 'error']);
  run('npx', [
    'vite',
    'build',
    '--config',
    'client/vite.config.ts',
    '--ssr',
    'src/entry-server.tsx',
    '--logLevel',
    'error',
  ]);
}

/**
 * server/src bundled into dist/server/server.js: ESM, every package left external (node_modules is there at run time),
 * a linked source map and the same TypeScript settings as tsx (tsconfig.json: legacy decorators, no define semantics
 * for class fields). `npm start` runs the launcher beside it, dist/server/index.js (see writeLauncher).
 */
async function buildServer() {
  const { build } = await import('esbuild');
  fs.rmSync(path.join(root, 'dist/server'), { recursive: true, force: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: { server: 'server/src/index.ts', 'tracing-start': 'server/src/tracing-start.ts' },
    outdir: 'dist/server',
    entryNames: '[name]',
    chunkNames: 'chunks/[name]-[hash]',
    // Modules the server imports lazily (firebase-admin for staff sign-in, Firebase Storage) stay separate chunks:
    // in one file their packages' imports would be hoisted to the top and loaded on every start.
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    tsconfig: 'tsconfig.json',
    sourcemap: 'linked',
    sourcesContent: false,
    metafile: true,
    charset: 'utf8',
    logLevel: 'warning',
  });
  // Codegen output is types only (erased): the bundle must not need it, or a fresh clone could not start before codegen.
  const generated = Object.keys(result.metafile.inputs).filter((f) => GENERATED.test(f));
  if (generated.length > 0) {
    console.error(`El servidor compilado no debe depender del código generado (solo tipos): ${generated.join(', ')}`);
    process.exit(1);
  }
  writeLauncher(result.metafile.outputs[SERVER_BUNDLE]);
}

/**
 * dist/server/index.js: loads the packages the server imports at start (in the bundle's order), then turns source
 * maps on and runs the bundle, so stack traces name server/src/*.ts. Turned on before the packages
 * (--enable-source-maps), Node would also read every package's own source maps (typeorm alone ships about a
 * thousand), a noticeable part of each start (tests/bench/README.md).
 */
function writeLauncher(bundle) {
  if (!bundle) throw new Error(`esbuild no produjo ${SERVER_BUNDLE}`);
  const packages = [
    ...new Set(
      bundle.imports
        .filter((i) => i.external && i.kind === 'import-statement' && !i.path.startsWith('node:'))
        .map((i) => i.path),
    ),
  ];
  // Tracing (only with OTEL_EXPORTER_OTLP_ENDPOINT) must start before the packages it instruments load: the packages
  // are a second file, imported after it.
  fs.writeFileSync(
    path.join(root, 'dist/server/packages.js'),
    [
      '// Generated by scripts/build.mjs: the packages the server imports at start.',
      ...packages.map((p) => `import ${JSON.stringify(p)};`),
      '',
    ].join('\n'),
  );
  const lines = [
    '// Generated by scripts/build.mjs (npm start runs this file): tracing if asked for, the packages, then source maps on, then the server.',
    "import module from 'node:module';",
    "await import('./tracing-start.js');",
    "await import('./packages.js');",
    '',
    'if (module.setSourceMapsSupport) module.setSourceMapsSupport(true);',
    'else process.setSourceMapsEnabled(true);',
    `await import('./${path.basename(SERVER_BUNDLE)}');`,
    '',
  ];
  fs.writeFileSync(path.join(root, SERVER_OUT), lines.join('\n'));
}

const args = process.argv.slice(2);
const ifChanged = args.includes('--if-changed');
const named = args.filter((a) => !a.startsWith('--'));
for (const name of named) {
  if (!(name in PARTS)) {
    console.error(`Parte desconocida: ${name} (use ${Object.keys(PARTS).join(' o ')})`);
    process.exit(1);
  }
}
const upToDate = [];
for (const [name, part] of Object.entries(PARTS)) {
  if (named.length > 0 && !named.includes(name)) continue;
  const stamp = path.join(root, part.stamp);
  const hash = inputsHash(part);
  if (
    ifChanged &&
    part.outputs.every((f) => fs.existsSync(path.join(root, f))) &&
    fs.existsSync(stamp) &&
    fs.readFileSync(stamp, 'utf8') === hash
  ) {
    upToDate.push(name);
    continue;
  }
  fs.rmSync(stamp, { force: true });
  await part.build();
  fs.mkdirSync(path.dirname(stamp), { recursive: true });
  fs.writeFileSync(stamp, hash);
}
if (upToDate.length > 0) {
  const labels = { client: 'el cliente', server: 'el servidor' };
  console.log(`Compilación al día: sin cambios en ${upToDate.map((n) => labels[n]).join(' ni en ')}.`);
}
