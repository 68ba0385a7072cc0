import { AsyncLocalStorage } from 'node:async_hooks';
import {
  EventSubscriber,
  type EntityManager,
  type EntitySubscriberInterface,
  type QueryRunner,
  type TransactionCommitEvent,
  type TransactionRollbackEvent,
} from 'typeorm';
import { AUDIT_REDACTED_FIELDS, REDACTED_VALUE, type AuditKind } from '#shared/audit.js';
import type { StaffRole } from '#shared/staff-access.js';

/**
 * The staff activity log, written where the change is made.
 *
 * `staffOnly` (common/access.ts) runs every staff mutation inside an audit scope (AsyncLocalStorage) that knows who
 * is acting, from which address, and the operation. Every transaction that commits inside that scope writes its
 * audit entries in that same transaction, just before COMMIT (AuditSubscriber, registered on the DataSource): the
 * change and its entry commit together or not at all. A service says what it changed with `auditChange(m, …)` on
 * the transaction's manager (the record, its id, the fields before and after); a transaction that commits without
 * saying still writes one entry with the operation alone, so a forgotten call leaves a trace instead of nothing,
 * and tests/api/staff-roles.test.ts fails for any staff mutation whose entry names no record.
 *
 * Outside a staff mutation (a shopper's order, a background job) `auditChange` does nothing.
 */

export interface AuditActor {
  uid: string;
  email: string | null;
  role: StaffRole | null;
}

/** One record a staff mutation changed. `before` is null for a new record, `after` null for a removed one. */
export interface AuditChange {
  entityType: string;
  entityId: string | number;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** Facts that are not fields of the record (a note, a bulk operation's size). */
  detail?: Record<string, unknown>;
}

export interface AuditEntryRow {
  kind: AuditKind;
  actor: AuditActor;
  operation: string;
  entityType?: string | null;
  entityId?: string | null;
  changes?: Record<string, { before: unknown; after: unknown }> | null;
  detail?: Record<string, unknown> | null;
  ip?: string | null;
  requestId?: string | null;
}

interface MutationScope {
  actor: AuditActor;
  operation: string;
  ip: string;
  requestId: string;
  pending: Map<QueryRunner, AuditChange[]>;
  written: number;
}

const scopes = new AsyncLocalStorage<MutationScope>();

/** Runs a staff mutation's resolver inside its audit scope (called by `staffOnly` for every Mutation field). */
export function runAudited<T>(
  scope: { actor: AuditActor; operation: string; ip: string; requestId: string },
  work: () => T,
): T {
  return scopes.run({ ...scope, pending: new Map(), written: 0 }, work);
}

/** The staff member acting in the current audit scope (null outside a staff mutation). */
export function auditActor(): AuditActor | null {
  return scopes.getStore()?.actor ?? null;
}

/**
 * Records what the current staff mutation changed; the entry is written in `m`'s transaction when it commits and
 * dropped if it rolls back. `m` must be the manager of an open transaction (the one making the change).
 */
export function auditChange(m: EntityManager, change: AuditChange): void {
  const scope = scopes.getStore();
  if (!scope) return;
  const runner = m.queryRunner;
  if (!runner?.isTransactionActive)
    throw new Error('auditChange needs the manager of the transaction that makes the change');
  const list = scope.pending.get(runner) ?? [];
  list.push(change);
  scope.pending.set(runner, list);
}

const MAX_TEXT = 500;

function plain(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' && value.length > MAX_TEXT) return `${value.slice(0, MAX_TEXT)}…`;
  if (typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, plain(v)]));
  }
  return value === undefined ? null : value;
}

const same = (a: unknown, b: unknown) => JSON.stringify(plain(a)) === JSON.stringify(plain(b));

/**
 * The fields that differ between `before` and `after` (all of them for a new or removed record), each with both
 * values; a shopper's document number and address only say that they changed.
 */
export function diffFields(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): Record<string, { before: unknown; after: unknown }> {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const out: Record<string, { before: unknown; after: unknown }> = {};
  for (const key of keys) {
    const b = before ? before[key] : undefined;
    const a = after ? after[key] : undefined;
    if (before && after && same(b, a)) continue;
    if (AUDIT_REDACTED_FIELDS.has(key)) {
      out[key] = { before: before ? REDACTED_VALUE : null, after: after ? REDACTED_VALUE : null };
    } else {
      out[key] = { before: before ? plain(b) : null, after: after ? plain(a) : null };
    }
  }
  return out;
}

const cut = (text: string | null | undefined, max: number) => (text == null || text === '' ? null : text.slice(0, max));

/** Inserts entries with `q` (a transaction's runner or manager, or the DataSource for an entry on its own). */
export async function insertAuditEntries(
  q: Pick<QueryRunner, 'query'> | Pick<EntityManager, 'query'>,
  rows: AuditEntryRow[],
): Promise<void> {
  if (rows.length === 0) return;
  const values: unknown[] = [];
  const tuples = rows.map((r) => {
    const base = values.length;
    values.push(
      r.kind,
      cut(r.actor.uid, 128) ?? 'desconocido',
      cut(r.actor.email, 254),
      r.actor.role,
      cut(r.operation, 80),
      cut(r.entityType, 40),
      cut(r.entityId, 80),
      r.changes && Object.keys(r.changes).length ? JSON.stringify(r.changes) : null,
      r.detail && Object.keys(r.detail).length ? JSON.stringify(plain(r.detail)) : null,
      cut(r.ip, 64),
      cut(r.requestId, 80),
    );
    return `(${Array.from({ length: 11 }, (_, i) => `$${base + i + 1}`).join(', ')})`;
  });
  await q.query(
    `INSERT INTO audit_entry (kind, actor_uid, actor_email, actor_role, operation, entity_type, entity_id, changes, detail, client_ip, request_id)
     VALUES ${tuples.join(', ')}`,
    values,
  );
}

function rowsOf(scope: MutationScope, changes: AuditChange[]): AuditEntryRow[] {
  const base = {
    kind: 'change' as const,
    actor: scope.actor,
    operation: scope.operation,
    ip: scope.ip,
    requestId: scope.requestId,
  };
  if (changes.length === 0) return [base];
  return changes.map((c) => ({
    ...base,
    entityType: c.entityType,
    entityId: String(c.entityId),
    changes: diffFields(c.before, c.after),
    detail: c.detail ?? null,
  }));
}

/**
 * Writes the current staff mutation's entries into each transaction just before it commits (the outermost commit
 * only: a savepoint's release is not a commit), and forgets them when the transaction rolls back.
 */
// Registered by name in the DataSource's `subscribers` (TypeORM only builds decorated subscribers).
@EventSubscriber()
export class AuditSubscriber implements EntitySubscriberInterface {
  async beforeTransactionCommit(event: TransactionCommitEvent): Promise<void> {
    const scope = scopes.getStore();
    const runner = event.queryRunner;
    if (!scope || !runner || (runner as { transactionDepth?: number }).transactionDepth !== 1) return;
    const changes = scope.pending.get(runner) ?? [];
    scope.pending.delete(runner);
    const rows = rowsOf(scope, changes);
    await insertAuditEntries(runner, rows);
    scope.written += rows.length;
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    const scope = scopes.getStore();
    if (scope && event.queryRunner && !event.queryRunner.isTransactionActive) scope.pending.delete(event.queryRunner);
  }
}

/** One row as an activity-log entry shows it: `sql` selects it by `$1` (null when there is none). */
export async function rowSnapshot(m: EntityManager, sql: string, id: unknown): Promise<Record<string, unknown> | null> {
  const rows: Array<Record<string, unknown>> = await m.query(sql, [id]);
  return rows[0] ?? null;
}
