import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript module of the build scripts, without types
import { PARTS, inputsHash, upToDate, writeStamp } from './build-inputs.mjs';

type Part = { stamp: string; dirs: string[]; files: string[]; outputs: string[] };
const server = (PARTS as Record<string, Part>).server!;

let dir: string;
/** A file of the part's first folder (the server's sources), in the temporary project. */
const source = (name: string) => `${server.dirs[0]}/${name}`;
const write = (rel: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  fs.writeFileSync(path.join(dir, rel), text);
};

/** A project folder with the server part's inputs and outputs, built (stamped) from its current inputs. */
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'enzo-build-inputs-'));
  write(source('a.ts'), 'export const a = 1;\n');
  write('shared/money.ts', 'export const b = 2;\n');
  for (const f of server.files) write(f, `${f}\n`);
  for (const f of server.outputs) write(f, 'built\n');
  writeStamp('server', inputsHash('server', dir), dir);
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const fresh = () => upToDate('server', inputsHash('server', dir), dir) as boolean;

describe('the build check of npm start', () => {
  it('is up to date when nothing changed, also when a file is only touched', () => {
    expect(fresh()).toBe(true);
    const file = path.join(dir, source('a.ts'));
    fs.utimesSync(file, new Date(), new Date(Date.now() + 60_000));
    expect(fresh()).toBe(true);
  });

  it('rebuilds when a source changes, appears or goes away, or a listed file changes', () => {
    write(source('a.ts'), 'export const a = 2;\n');
    expect(fresh()).toBe(false);
    writeStamp('server', inputsHash('server', dir), dir);
    write(source('new.ts'), 'export {};\n');
    expect(fresh()).toBe(false);
    writeStamp('server', inputsHash('server', dir), dir);
    fs.rmSync(path.join(dir, source('new.ts')));
    expect(fresh()).toBe(false);
    writeStamp('server', inputsHash('server', dir), dir);
    write('schema.graphql', 'type Query { x: Int }\n');
    expect(fresh()).toBe(false);
  });

  it('ignores tests and generated code, and rebuilds when an output or the stamp is missing', () => {
    write(source('a.test.ts'), 'test\n');
    write('server/src/generated/graphql.ts', 'generated\n');
    expect(fresh()).toBe(true);
    fs.rmSync(path.join(dir, server.outputs[0]!));
    expect(fresh()).toBe(false);
    write(server.outputs[0]!, 'built\n');
    expect(fresh()).toBe(true);
    fs.rmSync(path.join(dir, server.stamp));
    expect(fresh()).toBe(false);
  });
});
