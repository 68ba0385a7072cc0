import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildSchema, isEnumType } from 'graphql';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { repoPath } from '../../server/src/common/repo-root.js';
import {
  DOCUMENT_TYPES,
  ONLINE_PAYMENT_METHODS,
  ORDER_EVENTS,
  ORDER_FLAGS,
  ORDER_STATUSES,
  PAYMENT_METHODS,
} from '../../shared/orders.js';
import { REFUND_METHOD_LABELS, RETURN_KIND_LABELS, RETURN_STATUS_LABELS } from '../../shared/returns.js';
import { SIZE_MEASUREMENTS } from '../../shared/size-guide.js';
import { DISCOUNT_CODE_STATES, DISCOUNT_PROBLEM_REASONS } from '../../shared/discount-codes.js';
import { EINVOICE_KINDS, EINVOICE_STATUSES, ORGANIZATION_TYPES, TAX_REGIMES } from '../../shared/einvoicing.js';
import { BACKUP_STATUSES, BACKUP_TRIGGERS } from '../../shared/operations.js';
import { STAFF_ROLES } from '../../shared/staff-access.js';
import { AUDIT_KINDS } from '../../shared/audit.js';
import { createTestDatabase } from '../setup/test-database.js';

/**
 * A closed list of values (order statuses, payment methods, document types, return states…) is written in up to
 * three places that nothing else ties: the rule both sides use (`shared/`), the GraphQL enum (`schema.graphql`)
 * and a `CHECK` constraint that a migration wrote into the database. Each tie below names the places of one list;
 * the test reads the schema and the live constraints of a migrated database and requires the same values
 * everywhere. It also fails when a list appears somewhere new without a tie: a database `CHECK … IN (…)` on a
 * column no tie names, or a `shared/` export with exactly a schema enum's values while that enum has no tie.
 */
interface Tie {
  /** The values in `shared/` (the source of truth when there is one). */
  shared?: readonly string[];
  /** The GraphQL enum with the same values. */
  schemaEnum?: string;
  /** Database columns whose CHECK constraint allows exactly these values (`table.column`). */
  columns?: string[];
}

const TIES: Record<string, Tie> = {
  'order status': {
    shared: ORDER_STATUSES,
    schemaEnum: 'OrderStatus',
    columns: ['shop_order.status', 'order_transition.from_status', 'order_transition.to_status'],
  },
  'payment method': { shared: PAYMENT_METHODS, schemaEnum: 'PaymentMethod', columns: ['shop_order.payment_method'] },
  'online payment method (sandbox gateway)': {
    shared: ONLINE_PAYMENT_METHODS,
    columns: ['sandbox_session.payment_method'],
  },
  'document type': { shared: DOCUMENT_TYPES, schemaEnum: 'DocumentType', columns: ['shop_order.document_type'] },
  'return kind': {
    shared: Object.keys(RETURN_KIND_LABELS),
    schemaEnum: 'ReturnKind',
    columns: ['return_request.kind'],
  },
  'return status': {
    shared: Object.keys(RETURN_STATUS_LABELS),
    schemaEnum: 'ReturnStatus',
    columns: ['return_request.status'],
  },
  'refund method': {
    shared: Object.keys(REFUND_METHOD_LABELS),
    schemaEnum: 'RefundMethod',
    columns: ['return_request.refund_method'],
  },
  'size measurement': { shared: SIZE_MEASUREMENTS, schemaEnum: 'SizeMeasurement' },
  'discount problem': { shared: DISCOUNT_PROBLEM_REASONS, schemaEnum: 'DiscountProblemReason' },
  'discount code state': { shared: DISCOUNT_CODE_STATES, schemaEnum: 'DiscountCodeState' },
  'order flag': { shared: ORDER_FLAGS, schemaEnum: 'OrderFlag', columns: ['shop_order.flags'] },
  'order timeline event': { shared: ORDER_EVENTS, schemaEnum: 'OrderEvent', columns: ['order_transition.event'] },
  pet: { schemaEnum: 'Pet', columns: ['product.pets'] },
  'staff role': {
    shared: STAFF_ROLES,
    schemaEnum: 'StaffRole',
    columns: ['staff_member.role', 'audit_entry.actor_role'],
  },
  'activity entry kind': { shared: AUDIT_KINDS, schemaEnum: 'AuditKind', columns: ['audit_entry.kind'] },
  'electronic document kind': {
    shared: EINVOICE_KINDS,
    schemaEnum: 'EinvoiceKind',
    columns: ['einvoice_document.kind', 'einvoice_numbering.kind'],
  },
  'electronic document status': {
    shared: EINVOICE_STATUSES,
    schemaEnum: 'EinvoiceStatus',
    columns: ['einvoice_document.status'],
  },
  'organization type (legal settings)': {
    shared: ORGANIZATION_TYPES,
    schemaEnum: 'OrganizationType',
    columns: ['legal_settings.organization_type'],
  },
  'tax regime (legal settings)': {
    shared: TAX_REGIMES,
    schemaEnum: 'TaxRegime',
    columns: ['legal_settings.tax_regime'],
  },
  'backup status': { shared: BACKUP_STATUSES, schemaEnum: 'BackupStatus', columns: ['backup_run.status'] },
  'backup trigger': { shared: BACKUP_TRIGGERS, schemaEnum: 'BackupTrigger', columns: ['backup_run.trigger'] },
};

/**
 * Database columns whose CHECK lists values that are not one of the lists above, with the reason. Keep it short:
 * a list the code also knows belongs in TIES.
 */
const CHECKS_WITHOUT_TIE: Record<string, string> = {};

const schema = buildSchema(fs.readFileSync(repoPath('schema.graphql'), 'utf8'));

function schemaEnumValues(name: string): string[] {
  const type = schema.getType(name);
  if (!isEnumType(type)) throw new Error(`schema.graphql no tiene el enum ${name}`);
  return type.getValues().map((v) => v.name);
}

const sorted = (values: Iterable<string>) => [...values].sort();

interface EnumCheck {
  column: string;
  constraint: string;
  values: string[];
}

/**
 * CHECK constraints of public tables that list string values (`col IN ('A', 'B')`, `col <@ ARRAY['A', 'B']`), one
 * per column they constrain, with the values as PostgreSQL stores them.
 */
async function enumChecks(db: pg.Client): Promise<EnumCheck[]> {
  const { rows } = await db.query<{ table: string; columns: string[]; constraint: string; definition: string }>(
    `SELECT c.relname AS table, con.conname AS constraint, pg_get_constraintdef(con.oid) AS definition,
            array(SELECT a.attname::text FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attnum = ANY (con.conkey)) AS columns
       FROM pg_constraint con
       JOIN pg_class c ON c.oid = con.conrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE con.contype = 'c' AND n.nspname = 'public'`,
  );
  const checks: EnumCheck[] = [];
  for (const row of rows) {
    const values = [...row.definition.matchAll(/'((?:[^']|'')*)'::/g)].map((m) => m[1]!.replace(/''/g, "'"));
    if (values.length < 2 || !/ANY \(|<@/.test(row.definition)) continue;
    for (const column of row.columns)
      checks.push({ column: `${row.table}.${column}`, constraint: row.constraint, values });
  }
  return checks;
}

/** Every way the places of a tie disagree, in words. */
function tieProblems(ties: Record<string, Tie>, checks: EnumCheck[], schemaValues = schemaEnumValues): string[] {
  const problems: string[] = [];
  for (const [name, tie] of Object.entries(ties)) {
    const reference = tie.shared ?? (tie.schemaEnum ? schemaValues(tie.schemaEnum) : []);
    const where = tie.shared ? 'shared/' : `schema ${tie.schemaEnum}`;
    if (tie.schemaEnum && tie.shared && sorted(schemaValues(tie.schemaEnum)).join() !== sorted(reference).join())
      problems.push(
        `${name}: schema ${tie.schemaEnum} = [${sorted(schemaValues(tie.schemaEnum))}], ${where} = [${sorted(reference)}]`,
      );
    for (const column of tie.columns ?? []) {
      const found = checks.filter((c) => c.column === column);
      if (found.length === 0) problems.push(`${name}: ${column} no tiene un CHECK con la lista`);
      for (const check of found)
        if (sorted(check.values).join() !== sorted(reference).join())
          problems.push(
            `${name}: ${column} (${check.constraint}) = [${sorted(check.values)}], ${where} = [${sorted(reference)}]`,
          );
    }
  }
  const tied = new Set(Object.values(ties).flatMap((t) => t.columns ?? []));
  for (const check of checks)
    if (!tied.has(check.column) && !(check.column in CHECKS_WITHOUT_TIE))
      problems.push(`${check.column} (${check.constraint}) lista [${check.values}] sin un lazo en TIES`);
  return problems;
}

/** Exported string lists of `shared/` (arrays, and the keys of records of labels), by `file:name`. */
async function sharedLists(): Promise<Map<string, string[]>> {
  const lists = new Map<string, string[]>();
  const dir = repoPath('shared');
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const module = (await import(pathToFileURL(path.join(dir, file)).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      if (Array.isArray(value) && value.length > 1 && value.every((v) => typeof v === 'string'))
        lists.set(`${file}:${name}`, value);
      else if (value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Set)) {
        const keys = Object.keys(value);
        if (keys.length > 1 && keys.every((k) => /^[A-Z][A-Z0-9_]*$/.test(k))) lists.set(`${file}:${name}`, keys);
      }
    }
  }
  return lists;
}

let db: pg.Client;
beforeAll(async () => {
  db = new pg.Client({ connectionString: await createTestDatabase(inject('pgServerUrl')) });
  await db.connect();
});
afterAll(() => db?.end());

describe('closed lists are the same in shared/, the schema and the database', () => {
  it('each tie holds: shared list, GraphQL enum and live CHECK constraints agree', async () => {
    const checks = await enumChecks(db);
    expect(checks.map((c) => c.column)).toEqual(expect.arrayContaining(['shop_order.status', 'product.pets']));
    expect(tieProblems(TIES, checks)).toEqual([]);
    for (const column of Object.keys(CHECKS_WITHOUT_TIE)) expect(checks.map((c) => c.column)).toContain(column);
  });

  it('every schema enum that shared/ also lists has a tie', async () => {
    const tiedEnums = new Set(Object.values(TIES).map((t) => t.schemaEnum));
    const lists = await sharedLists();
    expect(lists.get('orders.ts:ORDER_STATUSES')).toEqual([...ORDER_STATUSES]);
    const untied: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (!isEnumType(type) || type.name.startsWith('__') || tiedEnums.has(type.name)) continue;
      const values = sorted(type.getValues().map((v) => v.name)).join();
      for (const [where, list] of lists)
        if (sorted(list).join() === values) untied.push(`${type.name} = ${where} (agregue un lazo en TIES)`);
    }
    expect(untied).toEqual([]);
  });

  it('finds a planted disagreement (the checks can fail)', async () => {
    await db.query('BEGIN');
    try {
      // A migration that adds a status to the database only.
      await db.query(`ALTER TABLE shop_order DROP CONSTRAINT shop_order_status_check`);
      await db.query(
        `ALTER TABLE shop_order ADD CONSTRAINT shop_order_status_check CHECK (status IN (${[...ORDER_STATUSES, 'DEVUELTO'].map((s) => `'${s}'`).join(', ')}))`,
      );
      // A new list in the database that no tie names.
      await db.query(`ALTER TABLE product ADD COLUMN finish varchar(10) CHECK (finish IN ('MATE', 'BRILLANTE'))`);
      const problems = tieProblems(TIES, await enumChecks(db));
      expect(problems).toEqual([
        expect.stringMatching(/^order status: shop_order\.status .*DEVUELTO/),
        expect.stringMatching(/^product\.finish .* sin un lazo/),
      ]);
    } finally {
      await db.query('ROLLBACK');
    }
    // A schema enum that lost a value.
    const withoutCancelled = (name: string) =>
      schemaEnumValues(name).filter((v) => !(name === 'OrderStatus' && v === 'CANCELADO'));
    expect(tieProblems(TIES, await enumChecks(db), withoutCancelled)).toEqual([
      expect.stringMatching(/^order status: schema OrderStatus/),
    ]);
  });
});
