import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PAGE_START_FILE } from '#shared/ssr-contract.js';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export interface RouteAssets {
  /** JS chunks the page runs beyond the entry's (already in index.html): the app's and the route's. */
  scripts: string[];
  /** Stylesheets the route needs beyond the entry's (so the HTML is styled before any JavaScript runs). */
  styles: string[];
}

/** Route chunks and CSS from the client build's Vite manifest (dist/client/.vite/manifest.json). */
export class ClientAssets {
  #manifest: Record<string, ManifestChunk>;
  #entry = new Set<string>();
  /** The app the tiny entry imports once the page is painted (client/src/main.tsx → start/boot.tsx), on every page. */
  #app: string[];
  #memo = new Map<string, RouteAssets>();
  /** The browser entry (client/src/main.tsx) and the chunks it imports; null in a build without a manifest. */
  readonly entry: { file: string; imports: string[] } | null;

  constructor(clientDist: string) {
    try {
      this.#manifest = JSON.parse(fs.readFileSync(path.join(clientDist, '.vite', 'manifest.json'), 'utf8')) as Record<
        string,
        ManifestChunk
      >;
    } catch {
      this.#manifest = {};
    }
    this.#closure('index.html', this.#entry);
    this.#app = this.#manifest['index.html']?.dynamicImports ?? [];
    const entry = this.#manifest['index.html'];
    this.entry = entry
      ? {
          file: `/${entry.file}`,
          imports: [...this.#entry].filter((k) => k !== 'index.html').map((k) => `/${this.#manifest[k]!.file}`),
        }
      : null;
  }

  #closure(key: string, seen: Set<string>) {
    if (seen.has(key) || !this.#manifest[key]) return;
    seen.add(key);
    for (const dep of this.#manifest[key].imports ?? []) this.#closure(dep, seen);
  }

  /** What the route modules (manifest keys such as `src/features/catalog/index.ts`) need. */
  forModules(modules: readonly string[]): RouteAssets {
    const memoKey = modules.join('|');
    const known = this.#memo.get(memoKey);
    if (known) return known;
    const own = new Set<string>();
    for (const m of [...this.#app, ...modules]) this.#closure(m, own);
    const chunks = [...own].filter((k) => !this.#entry.has(k));
    const assets = {
      scripts: chunks.map((k) => `/${this.#manifest[k]!.file}`),
      styles: [...new Set(chunks.flatMap((k) => this.#manifest[k]!.css ?? []))].map((f) => `/${f}`),
    };
    this.#memo.set(memoKey, assets);
    return assets;
  }
}

/** The first script of a server-rendered page, as the page inlines it, and its hash for the CSP. */
export interface PageStartScript {
  code: string;
  /** `'sha256-…'`: script-src allows this inline script and no other. */
  cspSource: string;
}

/** Reads the first script of a server-rendered page from the client build (client/src/start/page-start.ts); null if absent. */
export function readPageStart(clientDist: string): PageStartScript | null {
  let code: string;
  try {
    code = fs
      .readFileSync(path.join(clientDist, PAGE_START_FILE), 'utf8')
      .trim()
      .replace(/<\/script/gi, '<\\/script');
  } catch {
    return null;
  }
  if (!code) return null;
  return { code, cspSource: `'sha256-${createHash('sha256').update(code).digest('base64')}'` };
}
