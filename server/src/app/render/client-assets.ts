import fs from 'node:fs';
import path from 'node:path';

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
  /** The app the tiny entry imports once the page is painted (client/src/main.tsx → boot.tsx), on every page. */
  #app: string[];
  #memo = new Map<string, RouteAssets>();
  /** The script that records taps until the page has hydrated (client/src/early-clicks.ts); null in a build without it. */
  readonly earlyClicks: string | null;

  constructor(clientDist: string) {
    try {
      this.#manifest = JSON.parse(fs.readFileSync(path.join(clientDist, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
    } catch {
      this.#manifest = {};
    }
    this.#closure('index.html', this.#entry);
    this.#app = this.#manifest['index.html']?.dynamicImports ?? [];
    const early = this.#manifest['src/early-clicks.ts'];
    this.earlyClicks = early ? `/${early.file}` : null;
  }

  #closure(key: string, seen: Set<string>) {
    if (seen.has(key) || !this.#manifest[key]) return;
    seen.add(key);
    for (const dep of this.#manifest[key].imports ?? []) this.#closure(dep, seen);
  }

  /** What the route modules (manifest keys such as `src/features/catalog/routes.ts`) need. */
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
