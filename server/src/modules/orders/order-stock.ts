import type { EntityManager } from 'typeorm';

/** Units per size for one order (sizes in ascending id order, so concurrent updates never deadlock). */
export type SizeQuantities = Array<{ sizeId: number; quantity: number }>;

export function groupBySize(lines: Array<{ sizeId: number | string; quantity: number }>): SizeQuantities {
  const totals = new Map<number, number>();
  for (const l of lines) totals.set(Number(l.sizeId), (totals.get(Number(l.sizeId)) ?? 0) + l.quantity);
  return [...totals.entries()].sort((a, b) => a[0] - b[0]).map(([sizeId, quantity]) => ({ sizeId, quantity }));
}

/**
 * Rows changed by an UPDATE/INSERT. TypeORM's postgres driver answers UPDATE with
 * `[rows, rowCount]` and INSERT … RETURNING with the rows, so both shapes are handled.
 */
export async function changedRows(manager: EntityManager, sql: string, params: unknown[]): Promise<number> {
  const result: unknown = await manager.query(sql, params);
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[1];
  return Array.isArray(result) ? result.length : 0;
}

function affected(manager: EntityManager, sql: string, params: unknown[]): Promise<number> {
  return changedRows(manager, sql, params);
}

/**
 * Moves units from `stock` to `reserved`, atomically per size. Returns the first size that ran out
 * (the caller rolls the transaction back), or null when everything was reserved.
 */
export async function reserveStock(manager: EntityManager, items: SizeQuantities): Promise<number | null> {
  for (const { sizeId, quantity } of items) {
    const n = await affected(manager, `UPDATE product_size SET stock = stock - $1, reserved = reserved + $1 WHERE id = $2 AND stock >= $1`, [quantity, sizeId]);
    if (n === 0) return sizeId;
  }
  return null;
}

/** Gives reserved units back to `stock` (declined, voided, expired). */
export async function releaseStock(manager: EntityManager, items: SizeQuantities): Promise<void> {
  for (const { sizeId, quantity } of items) {
    await manager.query(`UPDATE product_size SET stock = stock + $1, reserved = GREATEST(reserved - $1, 0) WHERE id = $2`, [quantity, sizeId]);
  }
}

/** Reserved units leave the shop for good (paid). */
export async function sellReserved(manager: EntityManager, items: SizeQuantities): Promise<void> {
  for (const { sizeId, quantity } of items) {
    await manager.query(`UPDATE product_size SET reserved = GREATEST(reserved - $1, 0) WHERE id = $2`, [quantity, sizeId]);
  }
}

/** Whether every size still has the units (a read, for `canRetryPayment`). */
export async function stockAvailable(manager: EntityManager, items: SizeQuantities): Promise<boolean> {
  if (items.length === 0) return true;
  const rows: Array<{ id: number; stock: number }> = await manager.query(`SELECT id, stock FROM product_size WHERE id = ANY($1::int[])`, [items.map((i) => i.sizeId)]);
  const stock = new Map(rows.map((r) => [r.id, r.stock]));
  return items.every((i) => (stock.get(i.sizeId) ?? 0) >= i.quantity);
}

/**
 * A discount use is held by an order while it can still be paid, like its stock: it goes back when
 * the order ends unpaid (declined, expired, cancelled) and is taken again if the order comes back
 * (retry, late approval) — without the usage limit, since the shopper already had the code.
 */
export async function releaseDiscountUses(manager: EntityManager, orderIds: number[]): Promise<void> {
  if (orderIds.length === 0) return;
  await manager.query(
    `UPDATE discount_code d SET uses = GREATEST(d.uses - c.n, 0)
       FROM (SELECT discount_code, count(*)::int AS n FROM shop_order
              WHERE id = ANY($1::int[]) AND discount_code IS NOT NULL GROUP BY discount_code) c
      WHERE d.code = c.discount_code`,
    [orderIds],
  );
}

export async function retakeDiscountUse(manager: EntityManager, code: string | null): Promise<void> {
  if (code) await manager.query(`UPDATE discount_code SET uses = uses + 1 WHERE code = $1`, [code]);
}
