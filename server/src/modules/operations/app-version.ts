import fs from 'node:fs';
import { repoPath } from '../../common/repo-root.js';

/** The shop's name and version from its package.json (recorded in every backup). */
export function appVersion(): { name: string; version: string } {
  const pkg = JSON.parse(fs.readFileSync(repoPath('package.json'), 'utf8')) as { name: string; version: string };
  return { name: pkg.name, version: pkg.version };
}
