import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The `name` in the project's package.json. */
const PACKAGE_NAME = 'enzo-shop';

/**
 * The nearest folder at or above `from` whose package.json is the project's. Found by walking up instead of a fixed
 * `../../..`, so the same code works from its source file (tsx: server/src/…) and from the precompiled bundle
 * (dist/server/index.js), where every module shares one `import.meta.url`.
 */
export function findRepoRoot(from: string): string {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    try {
      const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: unknown };
      if (pkg.name === PACKAGE_NAME) return dir;
    } catch {
      // no package.json here (or not readable JSON): keep walking up
    }
    if (path.dirname(dir) === dir)
      throw new Error(
        `No se encontró la carpeta del proyecto (un package.json de ${PACKAGE_NAME}) por encima de ${from}`,
      );
  }
}

/** The project's folder (package.json, schema.graphql, dist/, node_modules/). */
export const REPO_ROOT = findRepoRoot(path.dirname(fileURLToPath(import.meta.url)));

/** A path inside the project's folder, e.g. `repoPath('dist', 'client')`. */
export function repoPath(...segments: string[]): string {
  return path.join(REPO_ROOT, ...segments);
}
