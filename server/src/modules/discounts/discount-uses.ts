import type { EntityManager } from 'typeorm';
import { changedRows } from '../../common/db.js';

/**
 * A discount use is held by an order while it can still be paid, like its stock: taken when it is
 * placed (within the code's usage limit), returned when it ends unpaid and taken again if it comes
 * back (retry, late approval) without the limit, since the shopper already had the code.
 */
export async function takeDiscountUse(
  m: EntityManager,
  code: string | null,
  options: { withinLimit: boolean },
): Promise<boolean> {
  if (!code) return true;
  const sql = options.withinLimit
    ? `UPDATE discount_code SET uses = uses + 1 WHERE code = $1 AND active AND (usage_limit IS NULL OR uses < usage_limit)`
    : `UPDATE discount_code SET uses = uses + 1 WHERE code = $1`;
  const changed = await changedRows(m, sql, [code]);
  return changed > 0 || !options.withinLimit;
}

export async function returnDiscountUse(m: EntityManager, code: string | null): Promise<void> {
  if (code) await m.query(`UPDATE discount_code SET uses = GREATEST(uses - 1, 0) WHERE code = $1`, [code]);
}
