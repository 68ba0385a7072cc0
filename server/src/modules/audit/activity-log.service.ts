import type { DataSource } from 'typeorm';
import { AUDIT_KINDS, type AuditKind } from '#shared/audit.js';
import { SHOP_TIME_ZONE } from '#shared/shop.js';
import { insertAuditEntries, type AuditEntryRow } from '../../common/audit.js';
import { checkPageSize } from '../../common/cursor.js';
import { badInput } from '../../common/errors.js';

export interface ActivityFilter {
  actorUid?: string | null;
  entityType?: string | null;
  entityId?: string | null;
  operation?: string | null;
  kind?: string | null;
  /** Calendar days in the shop's time zone, both included (`YYYY-MM-DD`). */
  from?: string | null;
  to?: string | null;
}

export interface AuditEntryRecord {
  id: string;
  at: Date;
  kind: AuditKind;
  actorUid: string;
  actorEmail: string | null;
  actorRole: string | null;
  operation: string;
  entityType: string | null;
  entityId: string | null;
  changes: Record<string, { before: unknown; after: unknown }> | null;
  detail: Record<string, unknown> | null;
  clientIp: string | null;
}

interface Row {
  id: string;
  at: Date;
  kind: AuditKind;
  actor_uid: string;
  actor_email: string | null;
  actor_role: string | null;
  operation: string;
  entity_type: string | null;
  entity_id: string | null;
  changes: Record<string, { before: unknown; after: unknown }> | null;
  detail: Record<string, unknown> | null;
  client_ip: string | null;
}

const toRecord = (r: Row): AuditEntryRecord => ({
  id: String(r.id),
  at: r.at,
  kind: r.kind,
  actorUid: r.actor_uid,
  actorEmail: r.actor_email,
  actorRole: r.actor_role,
  operation: r.operation,
  entityType: r.entity_type,
  entityId: r.entity_id,
  changes: r.changes,
  detail: r.detail,
  clientIp: r.client_ip,
});

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MAX_PAGE = 100;

/** A refused call repeated by the same person within this window is logged once (a loop cannot flood the log). */
const REFUSAL_WINDOW = '1 minute';

function text(value: string | null | undefined, max: number, field: string): string | null {
  if (value == null) return null;
  const cut = value.slice(0, max + 1).trim();
  if (cut === '') return null;
  if (cut.length > max) throw badInput('El filtro es demasiado largo.', field);
  return cut;
}

function day(value: string | null | undefined, field: string): string | null {
  const v = text(value, 10, field);
  if (v === null) return null;
  if (!DAY.test(v) || Number.isNaN(new Date(`${v}T00:00:00Z`).getTime()))
    throw badInput('Escribe la fecha como AAAA-MM-DD.', field);
  return v;
}

function encodeCursor(r: AuditEntryRecord): string {
  return Buffer.from(`${r.at.toISOString()}|${r.id}`).toString('base64url');
}

function decodeCursor(cursor: string | null | undefined): { at: string; id: string } | null {
  if (!cursor) return null;
  const raw = Buffer.from(cursor.slice(0, 200), 'base64url').toString('utf8');
  const match = /^(\d{4}-\d{2}-\d{2}T[\d:.]+Z)\|(\d{1,18})$/.exec(raw);
  if (!match) throw badInput('El cursor de paginación no es válido.', 'after');
  return { at: match[1]!, id: match[2]! };
}

/**
 * The staff activity log: entries written by staff mutations (common/audit.ts), sign-ins, refusals and exports.
 * Nothing here changes or deletes an entry except `prune`, past the retention period (the table refuses the rest).
 */
export class ActivityLog {
  constructor(private readonly ds: DataSource) {}

  /** Newest first, `first` at a time, filtered; `after` is the previous page's `endCursor`. */
  async list(
    filter: ActivityFilter | null | undefined,
    first: number | null | undefined,
    after: string | null | undefined,
  ): Promise<{ entries: AuditEntryRecord[]; hasNextPage: boolean; endCursor: string | null }> {
    const size = checkPageSize(first, MAX_PAGE, 50);
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: string, value: unknown) => {
      params.push(value);
      where.push(sql.replace('?', `$${params.length}`));
    };
    const f = filter ?? {};
    const actor = text(f.actorUid, 128, 'actorUid');
    if (actor) add('actor_uid = ?', actor);
    const entityType = text(f.entityType, 40, 'entityType');
    if (entityType) add('entity_type = ?', entityType);
    const entityId = text(f.entityId, 80, 'entityId');
    if (entityId) add('entity_id = ?', entityId);
    const operation = text(f.operation, 80, 'operation');
    if (operation) add('operation = ?', operation);
    const kind = text(f.kind, 10, 'kind');
    if (kind) {
      if (!(AUDIT_KINDS as readonly string[]).includes(kind)) throw badInput('Tipo de actividad desconocido.', 'kind');
      add('kind = ?', kind);
    }
    const from = day(f.from, 'from');
    const to = day(f.to, 'to');
    if (from && to && from > to) throw badInput('La fecha inicial debe ser anterior a la final.', 'from');
    if (from) add(`at >= (?::date::timestamp AT TIME ZONE '${SHOP_TIME_ZONE}')`, from);
    if (to) add(`at < ((?::date + 1)::timestamp AT TIME ZONE '${SHOP_TIME_ZONE}')`, to);
    const cursor = decodeCursor(after);
    if (cursor) {
      params.push(cursor.at, cursor.id);
      where.push(`(at, id) < ($${params.length - 1}::timestamptz, $${params.length}::bigint)`);
    }
    params.push(size + 1);
    const rows: Row[] = await this.ds.query(
      `SELECT id, at, kind, actor_uid, actor_email, actor_role, operation, entity_type, entity_id, changes, detail, client_ip
       FROM audit_entry ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY at DESC, id DESC LIMIT $${params.length}`,
      params,
    );
    const entries = rows.slice(0, size).map(toRecord);
    return {
      entries,
      hasNextPage: rows.length > size,
      endCursor: entries.length ? encodeCursor(entries.at(-1)!) : null,
    };
  }

  /** An entry on its own (sign-in, export), in its own statement. */
  async record(row: AuditEntryRow): Promise<void> {
    await insertAuditEntries(this.ds, [row]);
  }

  /** A refused call, unless the same person was refused the same operation within the last minute. */
  async recordRefusal(row: AuditEntryRow): Promise<void> {
    const recent: unknown[] = await this.ds.query(
      `SELECT 1 FROM audit_entry WHERE actor_uid = $1 AND kind = 'refused' AND operation = $2 AND at > now() - interval '${REFUSAL_WINDOW}' LIMIT 1`,
      [row.actor.uid.slice(0, 128), row.operation.slice(0, 80)],
    );
    if (recent.length === 0) await insertAuditEntries(this.ds, [row]);
  }

  /**
   * Deletes entries older than `retentionDays` (the prune job), a batch at a time. The table's trigger allows these
   * deletes only inside a transaction that sets `enzo.audit_prune`, and never for entries younger than 180 days.
   */
  async prune(retentionDays: number): Promise<number> {
    let total = 0;
    for (;;) {
      const deleted = await this.ds.transaction(async (m) => {
        await m.query(`SET LOCAL enzo.audit_prune = 'on'`);
        const result: unknown = await m.query(
          `DELETE FROM audit_entry WHERE id IN (
             SELECT id FROM audit_entry WHERE at < now() - make_interval(days => $1) ORDER BY at LIMIT 5000
           )`,
          [retentionDays],
        );
        return Array.isArray(result) && typeof result[1] === 'number' ? result[1] : 0;
      });
      total += deleted;
      if (deleted < 5000) return total;
    }
  }
}
