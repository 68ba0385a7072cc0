import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SsrEntry } from '#shared/ssr-contract.js';

export interface DeferredSsrEntry extends SsrEntry {
  /** Imports the bundle (once); resolves when pages can be rendered. */
  load(): Promise<SsrEntry>;
}

/**
 * The server render bundle (dist/ssr, written by `vite build --ssr`), imported at run time: the server never imports
 * client/ sources, it runs the built bundle as it serves the built client. Imported when asked for instead of before
 * the shop listens: it brings React, Apollo Client and every storefront route (0.3–0.5 s of start-up on a small
 * machine). The shop calls `load()` as soon as it listens; a page asked for before that finishes waits for it.
 * Null without dist/ssr.
 */
export function deferSsrEntry(ssrDist: string): DeferredSsrEntry | null {
  const file = path.join(ssrDist, 'entry-server.js');
  if (!fs.existsSync(file)) return null;
  let loading: Promise<SsrEntry> | undefined;
  const load = () =>
    (loading ??= import(pathToFileURL(file).href).then((mod: Partial<SsrEntry>) => {
      if (typeof mod.render !== 'function') throw new Error(`${file} no exporta render()`);
      return { render: mod.render };
    }));
  return { load, render: async (request) => (await load()).render(request) };
}
