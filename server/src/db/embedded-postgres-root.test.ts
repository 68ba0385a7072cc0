import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { canReach, relocatedDataDir } from './embedded-postgres-root.js';

describe('embedded PostgreSQL as root', () => {
  it('knows when another user cannot walk into a private folder', () => {
    const me = { uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0 };
    const other = { uid: me.uid + 4242, gid: me.gid + 4242 };
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'enzo-reach-'));
    try {
      fs.mkdirSync(path.join(home, 'enzo', '.data'), { recursive: true });
      fs.chmodSync(home, 0o700);
      expect(canReach(path.join(home, 'enzo', '.data'), other)).toBe(false);
      expect(canReach(path.join(home, 'enzo', '.data'), me)).toBe(true);
      fs.chmodSync(home, 0o755);
      expect(canReach(path.join(home, 'enzo', '.data', 'postgres'), other)).toBe(true);
    } finally {
      fs.rmSync(home, { recursive: true, force: true });
    }
  });

  it('keeps one data folder per project, named after it', () => {
    const a = relocatedDataDir('/root/enzo/.data/postgres');
    expect(a).toMatch(/^\/var\/lib\/enzo\/data\/enzo-[0-9a-f]{10}\/postgres$/);
    expect(relocatedDataDir('/root/enzo/.data/postgres')).toBe(a);
    expect(relocatedDataDir('/root/otra/.data/postgres')).not.toBe(a);
  });
});
