import pg from 'pg';

/**
 * Counts SQL statements at the pg level, without touching server code: `pg.Client.prototype.query`
 * is wrapped inside this process, so every statement any DataSource/pool here sends is seen
 * (TypeORM loads the same `pg` module). Only recorded while a capture is open.
 */
export interface StatementCapture {
  statements: string[];
  stop(): string[];
}

let current: string[] | null = null;
let installed = false;

function install(): void {
  if (installed) return;
  installed = true;
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function patchedQuery(this: unknown, ...args: unknown[]) {
    if (current) {
      const first = args[0];
      const text = typeof first === 'string' ? first : String((first as { text?: string } | undefined)?.text ?? '');
      current.push(text.replace(/\s+/g, ' ').trim());
    }
    return original.apply(this, args);
  };
}

export function captureStatements(): StatementCapture {
  install();
  if (current) throw new Error('Ya hay una captura de sentencias abierta');
  const statements: string[] = [];
  current = statements;
  return {
    statements,
    stop() {
      if (current === statements) current = null;
      return statements;
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
