#!/usr/bin/env node
// `npm test`: codegen, then the checks that need only the generated types (typecheck, lint, format check, the builds:
// client, server render bundle, precompiled server) two at a time, then each vitest project on its own (unit,
// component, api, e2e), so the run says how long each one took (the README quotes these figures). Every project runs
// even when an earlier one failed. With arguments (`npm test -- tests/api/checkout.test.ts`), one vitest run receives
// them instead.
//
// At the very end the run names every failed test with the first lines of its error, so a log that keeps only its
// last part (a CI summary) still says what failed: each vitest run also writes vitest's JSON report to a temporary file.
//
// The checks run in pairs because each of them keeps one core busy at most (tsc, eslint and prettier are
// single-threaded) and these machines have two. A pair's output is held and printed whole when the step ends, so the
// two never interleave.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const args = process.argv.slice(2);
/** Steps in one inner list run at the same time; the lists run one after another. */
const checks = [
  [['codegen', 'npm', ['run', '--silent', 'codegen']]],
  [
    ['typecheck', 'npm', ['run', '--silent', 'typecheck:only']],
    ['lint', 'npm', ['run', '--silent', 'lint']],
  ],
  [
    ['build', 'node', ['scripts/build.mjs']],
    ['format', 'npm', ['run', '--silent', 'format:check']],
  ],
];
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'enzo-test-'));
/** vitest with its usual output, plus the JSON report the summary reads. */
const vitest = (name, vitestArgs) => {
  const report = path.join(reports, `${name.replace(/\W+/g, '-')}.json`);
  return [
    name,
    'npx',
    ['vitest', 'run', ...vitestArgs, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    report,
  ];
};
const projects =
  args.length > 0
    ? [vitest('vitest', args)]
    : ['unit', 'component', 'api', 'e2e'].map((p) => vitest(`vitest ${p}`, ['--project', p]));

const env = { ...process.env, FORCE_COLOR: process.env.CI ? '0' : process.env.FORCE_COLOR };

/** Runs one step; with `hold`, its output is kept and printed when it ends (for steps that run side by side). */
function run([name, cmd, cmdArgs, report], hold = false) {
  const started = Date.now();
  if (!hold) console.log(`\n▶ ${name}`);
  const child = spawn(cmd, cmdArgs, { stdio: hold ? ['ignore', 'pipe', 'pipe'] : 'inherit', env });
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const secs = (Date.now() - started) / 1000;
      const ok = code === 0;
      if (hold) {
        console.log(`\n▶ ${name}`);
        process.stdout.write(Buffer.concat(output));
      }
      console.log(ok ? `✔ ${name} (${secs.toFixed(1)} s)` : `✖ ${name} falló (${secs.toFixed(1)} s)`);
      resolve({ name, ok, secs, status: ok ? 0 : code || 1, report });
    });
  });
}

const started = Date.now();
const results = [];
for (const group of checks) {
  const done = await Promise.all(group.map((step) => run(step, group.length > 1)));
  results.push(...done);
  const failed = done.find((r) => !r.ok);
  if (failed) process.exit(failed.status);
}
for (const step of projects) results.push(await run(step));

const minutes = (s) => `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
console.log(`\nDuración: ${results.map((r) => `${r.name} ${minutes(r.secs)}`).join(' · ')}`);
console.log(`Total: ${minutes((Date.now() - started) / 1000)}`);
const failed = results.filter((r) => !r.ok);
for (const r of failed) for (const line of failedTests(r)) console.error(line);
fs.rmSync(reports, { recursive: true, force: true });
if (failed.length > 0) {
  console.error(`✖ Fallaron: ${failed.map((r) => r.name).join(', ')}`);
  process.exit(failed[0].status);
}

/** The failed tests of a vitest step, from its JSON report: file › test, and the first lines of the error. */
function failedTests({ name, report }) {
  let json;
  try {
    json = JSON.parse(fs.readFileSync(report, 'utf8'));
  } catch {
    return [];
  }
  const lines = [];
  for (const file of json.testResults ?? []) {
    const rel = path.relative(process.cwd(), file.name);
    const tests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    // A file that failed before any test ran (an import or a beforeAll) has its message on the file.
    if (tests.length === 0 && file.status === 'failed') lines.push(`✖ ${name} › ${rel}`, ...excerpt(file.message));
    for (const t of tests) lines.push(`✖ ${name} › ${rel} › ${t.fullName}`, ...excerpt(t.failureMessages?.[0]));
  }
  return lines;
}

/** The first lines of an error, indented, without the stack frames of libraries and of Node itself. */
function excerpt(message) {
  if (!message) return [];
  return message
    .split('\n')
    .filter((l) => l.trim() !== '' && !/node_modules|node:internal|<anonymous>/.test(l))
    .slice(0, 8)
    .map((l) => `    ${l.slice(0, 300)}`);
}
