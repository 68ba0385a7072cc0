import pg from 'pg';

/**
 * Counts SQL statements at the pg level, without touching server code: `pg.Client.prototype.query`
 * is wrapped inside this process, so every statement any DataSource/pool here sends is seen
 * (TypeORM loads the same `pg` module). Only recorded while a capture is open.
 */
export interface StatementCapture {
  statements: string[];
  /** The statements sent without a name: PostgreSQL parses and plans each of these every time. */
  unnamed: string[];
  stop(): string[];
}

let current: { statements: string[]; unnamed: string[] } | null = null;
let installed = false;

function install(): void {
  if (installed) return;
  installed = true;
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function patchedQuery(this: unknown, ...args: unknown[]) {
    if (current) {
      const first = args[0];
      const config = typeof first === 'string' ? null : (first as { text?: string; name?: string } | undefined);
      const text = (typeof first === 'string' ? first : String(config?.text ?? '')).replace(/\s+/g, ' ').trim();
      current.statements.push(text);
      if (!config?.name) current.unnamed.push(text);
    }
    return original.apply(this, args);
  };
}

export function captureStatements(): StatementCapture {
  install();
  if (current) throw new Error('Ya hay una captura de sentencias abierta');
  const capture = { statements: [] as string[], unnamed: [] as string[] };
  current = capture;
  return {
    ...capture,
    stop() {
      if (current === capture) current = null;
      return capture.statements;
    },
  };
}

/**
 * The job queue's own statements (graphile-worker starting up after the shop listens, polling, LISTEN): they run on
 * the same pool whenever they run, and are not a request's.
 */
const JOB_QUEUE = /graphile_worker|'enzo-job-pool'|LISTEN "jobs:insert"/;

/** The statements of a capture that a request sent (without the job queue's). */
export const requestStatements = (statements: readonly string[]): string[] =>
  statements.filter((q) => !JOB_QUEUE.test(q));
