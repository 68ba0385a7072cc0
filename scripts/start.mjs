#!/usr/bin/env node
// `npm start`: builds whatever part changed (scripts/build.mjs) and runs the precompiled server
// (dist/server/index.js) in this same process, in production mode: when nothing changed, the check (the inputs'
// hashes, scripts/build-inputs.mjs) and the server share one Node process.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PARTS, SERVER_OUT, root, upToDate } from './build-inputs.mjs';

const stale = Object.keys(PARTS).filter((name) => !upToDate(name));
if (stale.length > 0) {
  // The build runs with the environment `npm start` was given (not NODE_ENV=production, set below for the server).
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs'), '--if-changed', ...stale], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
} else {
  console.log('Compilación al día: sin cambios en el cliente ni en el servidor.');
}
process.env.NODE_ENV = 'production';
await import(pathToFileURL(path.join(root, SERVER_OUT)).href);
