import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The repository explains itself. A comment, test, script, config file or doc never sends the reader to what
 * a clone does not hold (a design document's sections, a product spec, a tracker's issue numbers): it says
 * why, or names a file of the repository (`docs/…`). And every repository path or migration it names exists,
 * so a reference cannot silently go stale when a file moves.
 */
const ROOT = path.resolve(import.meta.dirname, '..');

/** Files no person reads as prose. */
const SKIPPED = [/^package-lock\.json$/, /\.(png|jpe?g|webp|gif|ico|mp4|woff2?|br|gz)$/i, /^shared\/divipola\.json$/];

const OUTSIDE: Array<{ what: string; pattern: RegExp }> = [
  { what: 'a section of a document outside the repository', pattern: /§\s*\d/ },
  { what: 'a design or spec section', pattern: /\b(?:design|spec)(?:\.md)?\s*(?:§|section\s+\d)/i },
  { what: 'the design document', pattern: /\bdesign\.md\b/i },
  { what: 'the product spec', pattern: /\bproduct[-_]spec\b|\bspec (?:wording|message)\b/i },
  { what: 'an issue number', pattern: /\bissues?\s+#?\d+/i },
  { what: "an issue's finding", pattern: /\bfindings?\s+\d+/i },
  { what: 'a ticket number', pattern: /\btickets?\s+#?\d+/i },
  { what: 'a folder outside the repository', pattern: /\/work\/(?:shared|wt|main)\b/ },
];

export interface Finding {
  line: number;
  what: string;
  text: string;
}

/** Lines of `text` that point outside the repository. */
export function outsideReferences(text: string): Finding[] {
  const found: Finding[] = [];
  text.split('\n').forEach((line, i) => {
    for (const { what, pattern } of OUTSIDE) {
      if (pattern.test(line)) found.push({ line: i + 1, what, text: line.trim() });
    }
  });
  return found;
}

/**
 * Repository paths a text names (`docs/runbook.md`, `server/src/modules/cache/catalog-cache.ts`, a `.js` import
 * of a `.ts` file…) and migrations it names by timestamp and title (`1765300000000-catalog-change-notify`).
 */
const REPO_PATH =
  /(?<![\w./#@-])((?:docs|server|client|shared|tests|scripts)\/[\w./-]*\w\.(?:md|ts|tsx|mjs|js|graphql|json|css))\b/g;
const MIGRATION = /(?<![\w/-])(\d{13}-[a-z][a-z0-9-]*[a-z0-9])(?:\.ts)?\b/g;

export function namedPaths(text: string): { paths: string[]; migrations: string[] } {
  return {
    paths: [...text.matchAll(REPO_PATH)].map((m) => m[1]!),
    migrations: [...text.matchAll(MIGRATION)].map((m) => m[1]!),
  };
}

/** Relative links of a Markdown file (`[texto](decisions/0001-x.md)`), resolved from the file's folder. */
export function markdownLinks(file: string, text: string): string[] {
  return [...text.matchAll(/\]\(([^)\s#]+)(?:#[^)\s]*)?\)/g)]
    .map((m) => m[1]!)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target))
    .map((target) => path.posix.normalize(path.posix.join(path.posix.dirname(file), target)));
}

/** A named path exists: as written, or as the `.ts`/`.tsx` source of a `.js` import. */
function pathExists(p: string): boolean {
  const candidates = [p];
  if (p.endsWith('.js')) candidates.push(p.replace(/\.js$/, '.ts'), p.replace(/\.js$/, '.tsx'));
  return candidates.some((c) => fs.existsSync(path.join(ROOT, c)));
}

/** Tracked files and new ones not ignored: what a commit would hold. */
function repositoryFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return out
    .split('\0')
    .filter(Boolean)
    .filter((f) => !SKIPPED.some((s) => s.test(f)))
    .filter((f) => fs.existsSync(path.join(ROOT, f)));
}

function readText(file: string): string | null {
  const buf = fs.readFileSync(path.join(ROOT, file));
  return buf.includes(0) ? null : buf.toString('utf8');
}

/** This file holds the patterns and their examples; the lint-boundaries test names probe files it never writes. */
const OWN_EXAMPLES = 'scripts/repo-references.test.ts';
const PROBES = 'scripts/lint-boundaries.test.ts';

const MIGRATIONS_DIR = path.join(ROOT, 'server/src/db/migrations');
const migrationNames = new Set(fs.readdirSync(MIGRATIONS_DIR).map((f) => f.replace(/\.ts$/, '')));

describe('the repository explains itself', () => {
  const files = repositoryFiles();

  it('reads the files a commit holds', () => {
    expect(files).toContain('README.md');
    expect(files).toContain('server/src/modules/orders/order-lifecycle.ts');
  });

  it('never points outside the repository (design or spec sections, issue numbers)', () => {
    const found: string[] = [];
    for (const file of files.filter((f) => f !== OWN_EXAMPLES)) {
      const text = readText(file);
      if (text === null) continue;
      for (const f of outsideReferences(text)) found.push(`${file}:${f.line}: ${f.what}: ${f.text}`);
    }
    expect(found, 'Say why in the comment, or point to a file of the repository (docs/…)').toEqual([]);
  });

  it('names only repository files and migrations that exist', () => {
    const missing: string[] = [];
    for (const file of files.filter((f) => f !== OWN_EXAMPLES && f !== PROBES)) {
      const text = readText(file);
      if (text === null) continue;
      const { paths, migrations } = namedPaths(text);
      for (const p of paths) if (!pathExists(p)) missing.push(`${file}: ${p}`);
      for (const m of migrations) if (!migrationNames.has(m)) missing.push(`${file}: migración ${m}`);
      if (file.endsWith('.md'))
        for (const link of markdownLinks(file, text)) if (!pathExists(link)) missing.push(`${file}: enlace ${link}`);
    }
    expect(missing).toEqual([]);
  });
});

describe('the checks find what they look for', () => {
  it.each([
    [`/** Prices a cart (design.md §2). */`, 'a design or spec section'],
    [`// Product detail on every route shape of spec §2`, 'a design or spec section'],
    [`// Layers point down (design §7.5)`, 'a design or spec section'],
    ['// see the product-spec for the wording', 'the product spec'],
    ["it('shows exactly the spec message for an unknown code')", 'the product spec'],
    ['/** Finding 3 of issue 14: emails were lost. */', "an issue's finding"],
    ["// discount conditions (issue 11's conditions)", 'an issue number'],
    ["// Issue 15's targets", 'an issue number'],
    ['// as written in /work/shared/design.md', 'a folder outside the repository'],
  ])('%s → %s', (line, what) => {
    expect(outsideReferences(`const a = 1;\n${line}\n`).map((f) => f.what)).toContain(what);
  });

  it('leaves ordinary words alone', () => {
    expect(
      outsideReferences(
        [
          'for (const issue of error.issues) seen.set(issue.path, issue.message);',
          '// Derecho de retracto (art. 47): business days from delivery.',
          '// See docs/decisions/0004-disparadores-por-sentencia.md.',
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('resolves the relative links of a Markdown file from its folder', () => {
    expect(
      markdownLinks(
        'docs/arquitectura.md',
        'Ver [0002](decisions/0002-x.md#contexto), el [README](../README.md) y [Wompi](https://wompi.co).',
      ),
    ).toEqual(['docs/decisions/0002-x.md', 'README.md']);
  });

  it('names the paths and migrations a comment cites', () => {
    const text =
      '/** Channel the catalog triggers notify (migration 1764500000000-catalog-change-notify). */\n' +
      "// see docs/runbook.md and server/src/modules/cache/catalog-cache.ts; import x from '../../server/src/a.js';";
    expect(namedPaths(text)).toEqual({
      paths: ['docs/runbook.md', 'server/src/modules/cache/catalog-cache.ts'],
      migrations: ['1764500000000-catalog-change-notify'],
    });
    expect(migrationNames.has('1764500000000-catalog-change-notify')).toBe(false);
    expect(pathExists('server/src/modules/cache/catalog-cache.js')).toBe(true);
    expect(pathExists('docs/no-such-page.md')).toBe(false);
  });
});
