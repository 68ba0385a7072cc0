#!/usr/bin/env node
// `npm test`: codegen, typecheck, lint, format check, the builds (client, server render bundle, precompiled server), then
// each vitest project on its own (unit, component, api, e2e), so the run says how long each one took (the README quotes
// these figures). Every project runs even when an earlier one failed. With arguments (`npm test -- tests/api/checkout.test.ts`),
// one vitest run receives them instead.
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const checks = [
  ['codegen', 'npm', ['run', '--silent', 'codegen']],
  ['typecheck', 'npm', ['run', '--silent', 'typecheck:only']],
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['format', 'npm', ['run', '--silent', 'format:check']],
  ['build', 'node', ['scripts/build.mjs']],
];
const projects =
  args.length > 0
    ? [['vitest', 'npx', ['vitest', 'run', ...args]]]
    : ['unit', 'component', 'api', 'e2e'].map((p) => [`vitest ${p}`, 'npx', ['vitest', 'run', '--project', p]]);

function run(name, cmd, cmdArgs) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const r = spawnSync(cmd, cmdArgs, {
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : process.env.FORCE_COLOR },
  });
  const secs = (Date.now() - started) / 1000;
  const ok = r.status === 0;
  console.log(ok ? `✔ ${name} (${secs.toFixed(1)} s)` : `✖ ${name} falló (${secs.toFixed(1)} s)`);
  return { name, ok, secs, status: r.status ?? 1 };
}

const started = Date.now();
const results = [];
for (const [name, cmd, cmdArgs] of checks) {
  const result = run(name, cmd, cmdArgs);
  results.push(result);
  if (!result.ok) process.exit(result.status);
}
for (const [name, cmd, cmdArgs] of projects) results.push(run(name, cmd, cmdArgs));

const minutes = (s) => `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
console.log(`\nDuración: ${results.map((r) => `${r.name} ${minutes(r.secs)}`).join(' · ')}`);
console.log(`Total: ${minutes((Date.now() - started) / 1000)}`);
const failed = results.filter((r) => !r.ok);
if (failed.length > 0) {
  console.error(`✖ Fallaron: ${failed.map((r) => r.name).join(', ')}`);
  process.exit(failed[0].status);
}
