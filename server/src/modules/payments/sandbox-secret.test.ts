import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSandboxEventsSecret } from './sandbox-secret.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'enzo-sandbox-secret-'));
  dirs.push(d);
  return d;
};

describe('the sandbox events secret', () => {
  it('is created once per DATA_DIR, whole, and read back the same; no draft is left behind', () => {
    const dir = tempDir();
    const first = loadSandboxEventsSecret(dir);
    expect(first).toMatch(/^test_events_[0-9a-f]{48}$/);
    expect(loadSandboxEventsSecret(dir)).toBe(first);
    expect(fs.readdirSync(dir)).toEqual(['sandbox-events-secret']);
    expect(fs.statSync(path.join(dir, 'sandbox-events-secret')).mode & 0o777).toBe(0o600);
  });

  it('keeps the secret another instance linked first', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'sandbox-events-secret'), 'test_events_de_otra_instancia\n');
    expect(loadSandboxEventsSecret(dir)).toBe('test_events_de_otra_instancia');
  });

  it('says so in Spanish when the file is there but empty', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'sandbox-events-secret'), '');
    expect(() => loadSandboxEventsSecret(dir)).toThrow(/No se pudo leer el secreto de eventos/);
  });
});
