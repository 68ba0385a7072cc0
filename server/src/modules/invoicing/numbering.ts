import type { EntityManager } from 'typeorm';
import type { EinvoiceKindValue } from '#shared/einvoicing.js';
import { bogotaDate } from '../../common/business-days.js';
import type { Reason } from './dian-rules.js';

/** The numbering of one kind of document as stored (invoices: a DIAN resolution; credit notes: a prefix). */
export interface NumberingRow {
  kind: EinvoiceKindValue;
  resolution_number: string | null;
  prefix: string;
  range_from: string | null;
  range_to: string | null;
  valid_from: string | null;
  valid_to: string | null;
  technical_key: string | null;
  next_number: string;
  updated_at: Date;
  updated_by: string | null;
}

/** What a document keeps of the resolution its number came from (the CUFE and InvoiceControl need it later). */
export interface NumberingSnapshot {
  resolutionNumber: string;
  prefix: string;
  from: number;
  to: number;
  validFrom: string;
  validTo: string;
  technicalKey: string;
}

/** The resolution of an invoice numbering row (an invoice's row always has one: the table's CHECK requires it). */
export function resolutionFromRow(row: NumberingRow): NumberingSnapshot {
  return {
    resolutionNumber: row.resolution_number!,
    prefix: row.prefix,
    from: Number(row.range_from),
    to: Number(row.range_to),
    validFrom: row.valid_from!,
    validTo: row.valid_to!,
    technicalKey: row.technical_key!,
  };
}

/** The DIAN's test-set resolution (habilitación): the shop numbers with it until the owner registers its own. */
export function testResolution(technicalKey: string) {
  return {
    resolutionNumber: '18760000001',
    prefix: 'SETP',
    from: 990000000,
    to: 995000000,
    validFrom: '2019-01-19',
    validTo: '2030-01-19',
    technicalKey,
  };
}

const SELECT = `SELECT kind, resolution_number, prefix, range_from::text, range_to::text, to_char(valid_from, 'YYYY-MM-DD') AS valid_from,
  to_char(valid_to, 'YYYY-MM-DD') AS valid_to, technical_key, next_number::text, updated_at, updated_by FROM einvoice_numbering`;

export async function readNumbering(
  m: EntityManager,
  kind: EinvoiceKindValue,
  lock = false,
): Promise<NumberingRow | null> {
  const rows: NumberingRow[] = await m.query(`${SELECT} WHERE kind = $1${lock ? ' FOR UPDATE' : ''}`, [kind]);
  return rows[0] ?? null;
}

export type Allocation =
  { ok: true; prefix: string; number: number; snapshot: NumberingSnapshot | null } | { ok: false; reasons: Reason[] };

export interface AllocationSettings {
  /** '2': the DIAN's test environment, where the test-set resolution applies until the owner saves one. */
  environment: '1' | '2';
  testTechnicalKey: string;
}

/**
 * Gives the next number of `kind` in the caller's transaction: the numbering row is locked until that transaction
 * ends, so two instances never give the same number, and a number is used only if the document that takes it
 * commits (no gaps). An invoice's number must be inside its resolution's range and validity; otherwise nothing is
 * given and the reasons say why, in Spanish.
 */
export async function allocateNumber(
  m: EntityManager,
  kind: EinvoiceKindValue,
  on: Date,
  settings: AllocationSettings,
): Promise<Allocation> {
  let row = await readNumbering(m, kind, true);
  if (!row && kind === 'INVOICE' && settings.environment === '2') {
    const t = testResolution(settings.testTechnicalKey);
    await m.query(
      `INSERT INTO einvoice_numbering (kind, resolution_number, prefix, range_from, range_to, valid_from, valid_to, technical_key, next_number)
       VALUES ('INVOICE', $1, $2, $3, $4, $5, $6, $7, $3) ON CONFLICT (kind) DO NOTHING`,
      [t.resolutionNumber, t.prefix, t.from, t.to, t.validFrom, t.validTo, t.technicalKey],
    );
    row = await readNumbering(m, kind, true);
  }
  if (!row)
    return {
      ok: false,
      reasons: [
        { code: 'NUM01', message: 'Falta la resolución de numeración de la DIAN: regístrala en Panel › Facturación.' },
      ],
    };
  const next = Number(row.next_number);
  if (kind === 'INVOICE') {
    const day = bogotaDate(on);
    if (day < row.valid_from!)
      return {
        ok: false,
        reasons: [
          {
            code: 'NUM03',
            message: `La resolución ${row.resolution_number} rige desde el ${row.valid_from}: aún no se puede facturar con ella.`,
          },
        ],
      };
    if (day > row.valid_to!)
      return {
        ok: false,
        reasons: [
          {
            code: 'NUM02',
            message: `La resolución ${row.resolution_number} venció el ${row.valid_to}: registra la nueva en Panel › Facturación.`,
          },
        ],
      };
    if (next > Number(row.range_to))
      return {
        ok: false,
        reasons: [
          {
            code: 'NUM04',
            message: `Se agotó el rango de numeración ${row.prefix} ${row.range_from} a ${row.range_to}: registra una nueva resolución en Panel › Facturación.`,
          },
        ],
      };
  }
  await m.query(`UPDATE einvoice_numbering SET next_number = next_number + 1 WHERE kind = $1`, [kind]);
  return {
    ok: true,
    prefix: row.prefix,
    number: next,
    snapshot: kind === 'INVOICE' ? resolutionFromRow(row) : null,
  };
}
