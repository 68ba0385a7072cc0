import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SsrEntry } from '#shared/ssr-contract.js';

/** dist/ssr, written by `vite build --ssr` (npm run build). */
export const DEFAULT_SSR_DIST = path.resolve(new URL('../../../../dist/ssr', import.meta.url).pathname);

/**
 * Loads the server render bundle at run time. The server never imports client/ sources: it runs the built
 * bundle, as it serves the built client.
 */
export async function loadSsrEntry(ssrDist: string): Promise<SsrEntry | null> {
  const file = path.join(ssrDist, 'entry-server.js');
  if (!fs.existsSync(file)) return null;
  const mod = (await import(pathToFileURL(file).href)) as Partial<SsrEntry>;
  if (typeof mod.render !== 'function') throw new Error(`${file} no exporta render()`);
  return { render: mod.render };
}
