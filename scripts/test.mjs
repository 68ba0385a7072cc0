#!/usr/bin/env node
// `npm test`: codegen, typecheck, lint, format check, the builds (client, server render bundle, precompiled server), then every vitest project.
import { spawnSync } from 'node:child_process';

const steps = [
  ['codegen', 'npm', ['run', '--silent', 'codegen']],
  ['typecheck', 'npm', ['run', '--silent', 'typecheck:only']],
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['format', 'npm', ['run', '--silent', 'format:check']],
  ['build', 'node', ['scripts/build.mjs']],
  ['vitest', 'npx', ['vitest', 'run', ...process.argv.slice(2)]],
];

for (const [name, cmd, args] of steps) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const r = spawnSync(cmd, args, {
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : process.env.FORCE_COLOR },
  });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (r.status !== 0) {
    console.error(`✖ ${name} falló (${secs} s)`);
    process.exit(r.status ?? 1);
  }
  console.log(`✔ ${name} (${secs} s)`);
}
