/**
 * Cleanup registry for the benchmark: every server, emulator, database and temp folder registers
 * how to stop itself, and everything is undone in reverse order on success, failure, a signal or
 * the global time limit.
 */
type Cleanup = () => Promise<void> | void;

interface Entry {
  name: string;
  fn: Cleanup;
}

const entries: Entry[] = [];
let running: Promise<void> | undefined;

/** Registers a cleanup; the returned function runs it now (once) and unregisters it. */
export function onCleanup(name: string, fn: Cleanup): () => Promise<void> {
  const entry: Entry = { name, fn };
  entries.push(entry);
  return async () => {
    const i = entries.indexOf(entry);
    if (i === -1) return;
    entries.splice(i, 1);
    await runOne(entry);
  };
}

async function runOne(entry: Entry): Promise<void> {
  try {
    await withTimeout(Promise.resolve(entry.fn()), 20_000, `limpieza de ${entry.name}`);
  } catch (err) {
    console.error(`  ⚠ ${entry.name}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** Runs every registered cleanup, newest first. Safe to call more than once. */
export function cleanupAll(): Promise<void> {
  running ??= (async () => {
    while (entries.length > 0) {
      const entry = entries.pop()!;
      await runOne(entry);
    }
  })();
  return running;
}

export function installSignalHandlers(hardLimitMs: number): void {
  const bail = (reason: string, code: number) => {
    console.error(`\n✖ ${reason}: limpiando…`);
    void cleanupAll().finally(() => process.exit(code));
  };
  process.once('SIGINT', () => bail('SIGINT', 130));
  process.once('SIGTERM', () => bail('SIGTERM', 143));
  const timer = setTimeout(
    () => bail(`límite global de ${Math.round(hardLimitMs / 60_000)} min alcanzado`, 1),
    hardLimitMs,
  );
  timer.unref();
}

export async function withTimeout<T>(promise: Promise<T>, ms: number, label: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${label}: tiempo agotado (${Math.round(ms / 1000)} s)`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
