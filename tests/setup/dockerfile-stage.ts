import fs from 'node:fs';
import path from 'node:path';

/**
 * Reads a Dockerfile's final stage and assembles exactly what it copies into a folder, without a
 * Docker engine: `COPY` from the build context (minus .dockerignore) or from the build stage (which
 * is the context after `npm ci` and `npm run build`, i.e. this working tree once built), `RUN npm ci
 * --omit=dev` as the production packages of package-lock.json (hard-linked from node_modules), and
 * `mkdir`. Any other instruction it does not understand fails, so the test follows the Dockerfile.
 */
export interface FinalStage {
  workdir: string;
  env: Record<string, string>;
  cmd: string[];
  copies: Array<{ from: 'context' | 'build'; sources: string[]; dest: string }>;
  runs: string[];
}

function instructions(text: string): Array<{ op: string; args: string }> {
  const joined = text.replace(/\\\r?\n/g, ' ');
  return joined
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => {
      const [op, ...rest] = l.split(/\s+/);
      return { op: op!.toUpperCase(), args: rest.join(' ') };
    });
}

function parseEnv(args: string, into: Record<string, string>) {
  for (const m of args.matchAll(/(\w+)=("[^"]*"|\S+)/g)) into[m[1]!] = m[2]!.replace(/^"|"$/g, '');
}

export function readFinalStage(dockerfile: string): FinalStage & { buildWorkdir: string } {
  const all = instructions(fs.readFileSync(dockerfile, 'utf8'));
  const froms = all.map((ins, i) => (ins.op === 'FROM' ? i : -1)).filter((i) => i >= 0);
  const build = all.slice(froms[0]!, froms[froms.length - 1]!);
  const buildWorkdir = build.filter((i) => i.op === 'WORKDIR').pop()?.args ?? '/';
  const stage: FinalStage & { buildWorkdir: string } = {
    workdir: '/',
    env: {},
    cmd: [],
    copies: [],
    runs: [],
    buildWorkdir,
  };
  for (const { op, args } of all.slice(froms[froms.length - 1]! + 1)) {
    if (op === 'WORKDIR') stage.workdir = args;
    else if (op === 'ENV') parseEnv(args, stage.env);
    else if (op === 'COPY') {
      const parts = args.split(/\s+/);
      const fromFlag = parts.find((p) => p.startsWith('--from='));
      const rest = parts.filter((p) => !p.startsWith('--'));
      stage.copies.push({
        from: fromFlag ? 'build' : 'context',
        sources: rest.slice(0, -1),
        dest: rest[rest.length - 1]!,
      });
    } else if (op === 'RUN') stage.runs.push(args);
    else if (op === 'CMD') stage.cmd = JSON.parse(args) as string[];
    else if (op === 'EXPOSE' || op === 'USER' || op === 'HEALTHCHECK' || op === 'LABEL') continue;
    else throw new Error(`Instrucción del Dockerfile que la prueba no sabe reproducir: ${op} ${args}`);
  }
  return stage;
}

function ignoredBy(patterns: string[]) {
  const res = patterns.map(
    (p) => new RegExp(`^${p.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}(/|$)`),
  );
  return (rel: string) => res.some((r) => r.test(rel));
}

function copyInto(src: string, dest: string, skip: (abs: string) => boolean) {
  const st = fs.statSync(src);
  if (st.isDirectory()) {
    fs.mkdirSync(dest, { recursive: true });
    for (const entry of fs.readdirSync(src)) {
      const abs = path.join(src, entry);
      if (!skip(abs)) copyInto(abs, path.join(dest, entry), skip);
    }
  } else {
    fs.mkdirSync(path.dirname(dest), { recursive: true });
    fs.copyFileSync(src, dest);
  }
}

/** Hard-links a package's files (not its nested node_modules, which are packages of their own). */
function linkPackage(src: string, dest: string) {
  fs.mkdirSync(dest, { recursive: true });
  for (const entry of fs.readdirSync(src, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const from = path.join(src, entry.name);
    const to = path.join(dest, entry.name);
    if (entry.isDirectory()) linkPackage(from, to);
    else if (entry.isSymbolicLink()) fs.symlinkSync(fs.readlinkSync(from), to);
    else fs.linkSync(from, to);
  }
}

/** `npm ci --omit=dev`: every package of the lockfile not marked dev, with the top-level bins. */
function installProduction(repo: string, app: string) {
  const lock = JSON.parse(fs.readFileSync(path.join(repo, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { dev?: boolean; link?: boolean; bin?: Record<string, string> | string }>;
  };
  const bins = path.join(app, 'node_modules', '.bin');
  fs.mkdirSync(bins, { recursive: true });
  for (const [key, pkg] of Object.entries(lock.packages)) {
    if (!key.startsWith('node_modules/') || pkg.dev || pkg.link) continue;
    const src = path.join(repo, key);
    if (!fs.existsSync(src)) continue; // an optional package for another platform
    linkPackage(src, path.join(app, key));
    const topLevel = key.split('node_modules/').length === 2;
    if (topLevel && pkg.bin) {
      const name = key.slice('node_modules/'.length);
      const entries = typeof pkg.bin === 'string' ? { [name.split('/').pop()!]: pkg.bin } : pkg.bin;
      for (const [bin, file] of Object.entries(entries)) {
        const link = path.join(bins, bin);
        if (!fs.existsSync(link)) fs.symlinkSync(path.join('..', name, file), link);
      }
    }
  }
}

/** Assembles the final stage into `root` (the image's filesystem root); returns the app folder. */
export function assembleFinalStage(repo: string, stage: FinalStage & { buildWorkdir: string }, root: string): string {
  const app = path.join(root, stage.workdir);
  fs.mkdirSync(app, { recursive: true });
  const ignorePatterns = fs.existsSync(path.join(repo, '.dockerignore'))
    ? fs
        .readFileSync(path.join(repo, '.dockerignore'), 'utf8')
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter((l) => l && !l.startsWith('#'))
    : [];
  const ignored = ignoredBy(ignorePatterns);
  const runs = [...stage.runs];
  // Instructions run in order: the RUN after the first COPY of package files installs the packages.
  for (const copy of stage.copies) {
    for (const source of copy.sources) {
      const rel = copy.from === 'build' ? path.relative(stage.buildWorkdir, source) : source;
      if (rel.startsWith('..')) throw new Error(`COPY --from=build fuera de ${stage.buildWorkdir}: ${source}`);
      const src = path.join(repo, rel);
      if (!fs.existsSync(src)) throw new Error(`El Dockerfile copia ${source}, que no existe (¿falta npm run build?)`);
      // A folder's contents go into dest; a file goes into dest/ (ending in / or with several sources) or becomes dest.
      const intoFolder = fs.statSync(src).isDirectory() || !(copy.dest.endsWith('/') || copy.sources.length > 1);
      const dest = intoFolder ? path.join(app, copy.dest) : path.join(app, copy.dest, path.basename(rel));
      copyInto(src, dest, (abs) => copy.from === 'context' && ignored(path.relative(repo, abs)));
    }
    if (copy.sources.includes('package-lock.json') && runs.length > 0) {
      for (const command of runs
        .shift()!
        .split('&&')
        .map((c) => c.trim())) {
        if (/^npm ci\b/.test(command) && command.includes('--omit=dev')) installProduction(repo, app);
        else if (/^mkdir -p /.test(command))
          for (const dir of command.slice('mkdir -p '.length).split(/\s+/))
            fs.mkdirSync(path.join(root, dir), { recursive: true });
        else if (/^chown /.test(command))
          continue; // ownership: the test runs as whoever runs it
        else throw new Error(`RUN que la prueba no sabe reproducir: ${command}`);
      }
    }
  }
  if (runs.length > 0) throw new Error(`RUN que la prueba no sabe reproducir: ${runs.join('; ')}`);
  return app;
}
