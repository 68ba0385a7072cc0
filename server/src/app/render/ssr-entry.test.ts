import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { deferSsrEntry } from './ssr-entry.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'enzo-ssr-entry-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function bundle(name: string, source: string): string {
  const dir = path.join(tmp, name);
  fs.mkdirSync(dir);
  fs.writeFileSync(path.join(dir, 'entry-server.js'), source);
  return dir;
}

describe('the deferred render bundle', () => {
  it('is absent without dist/ssr', () => {
    expect(deferSsrEntry(path.join(tmp, 'missing'))).toBeNull();
  });

  it('imports the bundle once, on load() or on the first page, and renders with it', async () => {
    const dir = bundle(
      'ok',
      `globalThis.__enzoSsrImports = (globalThis.__enzoSsrImports ?? 0) + 1;
       export async function render(request) { return { kind: 'redirect', status: 302, location: request.url }; }`,
    );
    const entry = deferSsrEntry(dir)!;
    const imports = () => (globalThis as { __enzoSsrImports?: number }).__enzoSsrImports ?? 0;
    expect(imports()).toBe(0);
    const [page] = await Promise.all([entry.render({ url: '/collares', execute: async () => ({}) }), entry.load()]);
    expect(page).toEqual({ kind: 'redirect', status: 302, location: '/collares' });
    await entry.load();
    expect(imports()).toBe(1);
  });

  it('fails the pages (not the start) when the bundle has no render()', async () => {
    const entry = deferSsrEntry(bundle('broken', 'export const nothing = 1;'))!;
    await expect(entry.load()).rejects.toThrow(/no exporta render\(\)/);
    await expect(entry.render({ url: '/', execute: async () => ({}) })).rejects.toThrow(/no exporta render\(\)/);
  });
});
