import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findRepoRoot, REPO_ROOT, repoPath } from './repo-root.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'enzo-repo-root-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('the project folder', () => {
  it('is the folder of the project package.json, from the sources as from the precompiled server', () => {
    expect(fs.existsSync(path.join(REPO_ROOT, 'schema.graphql'))).toBe(true);
    expect(repoPath('dist', 'client')).toBe(path.join(REPO_ROOT, 'dist', 'client'));
    // dist/server/index.js and server/src/common/repo-root.ts walk up to the same folder.
    expect(findRepoRoot(path.join(REPO_ROOT, 'dist', 'server'))).toBe(REPO_ROOT);
  });

  it('skips other packages on the way up and says so when there is none', () => {
    const project = path.join(tmp, 'enzo');
    const nested = path.join(project, 'node_modules', 'some-package', 'lib');
    fs.mkdirSync(nested, { recursive: true });
    fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'enzo-shop' }));
    fs.writeFileSync(
      path.join(project, 'node_modules', 'some-package', 'package.json'),
      JSON.stringify({ name: 'some-package' }),
    );
    expect(findRepoRoot(nested)).toBe(project);
    expect(() => findRepoRoot(path.join(tmp))).toThrow(/No se encontró la carpeta del proyecto/);
  });
});
