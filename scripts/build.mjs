#!/usr/bin/env node
// `npm run build`: both parts of the shop.
//   client: GraphQL codegen, the client build (dist/client) and the server render bundle (dist/ssr), the slow part;
//   server: server/src bundled with esbuild into dist/server (`npm start` runs dist/server/index.js), quick.
// `--if-changed` (used by `npm start`) rebuilds only the parts whose inputs changed since their last build: each part
// keeps a hash of its input files (dist/.build-inputs, dist/server/.build-inputs; scripts/build-inputs.mjs), so a
// server-only change never waits for Vite. `node scripts/build.mjs server` (or `client`) builds one part only.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
  GENERATED,
  PARTS,
  SERVER_BUNDLE,
  SERVER_OUT,
  inputsHash,
  root,
  upToDate,
  writeStamp,
} from './build-inputs.mjs';

const BUILDERS = { client: buildClient, server: buildServer };

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
    entryPoints: { server: 'server/src/main.ts', 'tracing-start': 'server/src/tracing-start.ts' },
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
  writeLauncher(result.metafile);
}

/** Modules the server imports dynamically on every start: the database's first (server/src/main.ts), then the shop. */
const DATABASE_START = 'server/src/app/start-database.ts';
const SHOP_START = 'server/src/app/start-shop.ts';

/** The packages an output and the chunks it imports statically import, in import order. */
function staticPackages(outputs, file, seen = new Set(), out = []) {
  if (seen.has(file)) return out;
  seen.add(file);
  const output = outputs[file];
  if (!output) throw new Error(`esbuild no produjo ${file}`);
  for (const i of output.imports) {
    if (i.kind !== 'import-statement') continue;
    if (!i.external) staticPackages(outputs, i.path, seen, out);
    else if (!i.path.startsWith('node:') && !out.includes(i.path)) out.push(i.path);
  }
  return out;
}

/** The output esbuild made for a module the server imports dynamically. */
function chunkOf(outputs, source) {
  const file = Object.keys(outputs).find((f) => outputs[f].entryPoint === source);
  if (!file) throw new Error(`esbuild no produjo un chunk para ${source}`);
  return file;
}

/**
 * dist/server/index.js runs the server (server/src/main.ts) with every package loaded while source maps are off and
 * the server's own code while they are on, so stack traces name server/src/*.ts without Node reading every package's
 * own source maps (typeorm alone ships about a thousand, a noticeable part of each start: tests/bench/README.md).
 * The few packages the bootstrap and the database start need load first; the shop's packages load (main's
 * `beforeShopModules`) while embedded PostgreSQL, a process of its own, comes up.
 */
function writeLauncher(metafile) {
  const { outputs } = metafile;
  const early = [
    ...new Set([
      ...staticPackages(outputs, SERVER_BUNDLE),
      ...staticPackages(outputs, chunkOf(outputs, DATABASE_START)),
    ]),
  ];
  const shop = staticPackages(outputs, chunkOf(outputs, SHOP_START)).filter((p) => !early.includes(p));
  // Tracing (only with OTEL_EXPORTER_OTLP_ENDPOINT) must start before the packages it instruments load: the packages
  // are other files, imported after it.
  const packageFile = (name, packages) =>
    fs.writeFileSync(
      path.join(root, 'dist/server', name),
      [
        '// Generated by scripts/build.mjs: packages the server imports at start, in its order (see index.js).',
        ...packages.map((p) => `import ${JSON.stringify(p)};`),
        '',
      ].join('\n'),
    );
  packageFile('early-packages.js', early);
  packageFile('shop-packages.js', shop);
  const lines = [
    '// Generated by scripts/build.mjs (npm start runs this file): tracing if asked for, then the server, whose packages',
    '// load with source maps off and whose own code loads with them on.',
    "import module from 'node:module';",
    '',
    'const sourceMaps = (on) =>',
    '  module.setSourceMapsSupport ? module.setSourceMapsSupport(on) : process.setSourceMapsEnabled(on);',
    "await import('./tracing-start.js');",
    "await import('./early-packages.js');",
    'sourceMaps(true);',
    `const { main } = await import('./${path.basename(SERVER_BUNDLE)}');`,
    'await main({',
    '  async beforeShopModules() {',
    '    sourceMaps(false);',
    '    try {',
    "      await import('./shop-packages.js');",
    '    } finally {',
    '      sourceMaps(true);',
    '    }',
    '  },',
    '});',
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
const current = [];
for (const name of Object.keys(PARTS)) {
  if (named.length > 0 && !named.includes(name)) continue;
  // Hashed before the build: an input written while it runs makes the next check build again.
  const hash = inputsHash(name);
  if (ifChanged && upToDate(name, hash)) {
    current.push(name);
    continue;
  }
  fs.rmSync(path.join(root, PARTS[name].stamp), { force: true });
  await BUILDERS[name]();
  writeStamp(name, hash);
}
if (current.length > 0) {
  const labels = { client: 'el cliente', server: 'el servidor' };
  console.log(`Compilación al día: sin cambios en ${current.map((n) => labels[n]).join(' ni en ')}.`);
}
