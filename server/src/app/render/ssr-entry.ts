import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SsrEntry } from '#shared/ssr-contract.js';
import { repoPath } from '../../common/repo-root.js';

/** dist/ssr, written by `vite build --ssr` (npm run build). */
export const DEFAULT_SSR_DIST = repoPath('dist', 'ssr');

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

export interface DeferredSsrEntry extends SsrEntry {
  /** Imports the bundle (once); resolves when pages can be rendered. */
  load(): Promise<SsrEntry>;
}

/**
 * The render bundle, imported when asked for instead of before the shop listens: it brings React, Apollo Client and
 * every storefront route (0.3–0.5 s of start-up on a small machine). The shop calls `load()` as soon as it listens;
 * a page asked for before that finishes waits for it. Null without dist/ssr.
 */
export function deferSsrEntry(ssrDist: string): DeferredSsrEntry | null {
  if (!fs.existsSync(path.join(ssrDist, 'entry-server.js'))) return null;
  let loading: Promise<SsrEntry> | undefined;
  const load = () =>
    (loading ??= loadSsrEntry(ssrDist).then((entry) => {
      if (!entry) throw new Error(`Falta ${path.join(ssrDist, 'entry-server.js')}`);
      return entry;
    }));
  return { load, render: async (request) => (await load()).render(request) };
}
