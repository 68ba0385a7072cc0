import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A client build stand-in (the real index.html template) so storefront URLs answer as in production: 200, 301 or 404 with head tags. */
export function clientStandIn(): { dir: string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'enzo-client-'));
  fs.copyFileSync(new URL('../../client/index.html', import.meta.url), path.join(dir, 'index.html'));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
