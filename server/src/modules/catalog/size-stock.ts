import type { EntityManager } from 'typeorm';
import { changedRows, queryOn } from '../../common/db.js';

/**
 * The inventory of each size (`product_size.stock` and `reserved`): the only code that changes them for
 * orders, called by the order lifecycle inside its transaction with its EntityManager.
 * Units per size are handled in ascending size id order, so concurrent orders never deadlock. Every statement runs
 * prepared on the transaction's connection (queryOn): at peak these run once per order.
 */
export type SizeQuantities = Array<{ sizeId: number; quantity: number }>;

export function groupBySize(lines: Array<{ sizeId: number | string; quantity: number }>): SizeQuantities {
  const totals = new Map<number, number>();
  for (const l of lines) totals.set(Number(l.sizeId), (totals.get(Number(l.sizeId)) ?? 0) + l.quantity);
  return [...totals.entries()].sort((a, b) => a[0] - b[0]).map(([sizeId, quantity]) => ({ sizeId, quantity }));
}

/** Locks the sizes (ascending id) and returns the first one without enough stock, or null. */
async function lockAndCheck(m: EntityManager, items: SizeQuantities): Promise<number | null> {
  const { rows } = await queryOn<{ id: number; stock: number }>(
    m,
    `SELECT id, stock FROM product_size WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE`,
    [items.map((i) => i.sizeId)],
  );
  const stock = new Map(rows.map((r) => [r.id, r.stock]));
  return items.find((i) => (stock.get(i.sizeId) ?? 0) < i.quantity)?.sizeId ?? null;
}

/** One statement for every size: `set` reads the size as `s` and its quantity as `r.qty` (rows already locked). */
async function updateSizes(m: EntityManager, items: SizeQuantities, set: string): Promise<void> {
  await queryOn(
    m,
    `UPDATE product_size s SET ${set} FROM unnest($1::int[], $2::int[]) AS r(id, qty) WHERE s.id = r.id`,
    [items.map((i) => i.sizeId), items.map((i) => i.quantity)],
  );
}

/** Locks the sizes in ascending id order, then changes them all in one statement. */
async function lockAndUpdate(m: EntityManager, items: SizeQuantities, set: string): Promise<void> {
  if (items.length === 0) return;
  await queryOn(m, `SELECT id FROM product_size WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE`, [
    items.map((i) => i.sizeId),
  ]);
  await updateSizes(m, items, set);
}

/**
 * Moves units from `stock` to `reserved`, all sizes or none: returns the first size that ran out
 * (nothing written) or null when everything was reserved. One size (the common order) is one conditional UPDATE:
 * PostgreSQL re-checks `stock >= qty` on the newest row once it holds the row lock, so the hold is atomic and the
 * lock lasts from this statement to the commit. Several sizes are locked in ascending id order first, so that two
 * orders sharing sizes never deadlock and a short size leaves nothing written.
 */
export async function reserveStock(m: EntityManager, items: SizeQuantities): Promise<number | null> {
  if (items.length === 0) return null;
  if (items.length === 1) {
    const [item] = items;
    const reserved = await changedRows(
      m,
      `UPDATE product_size SET stock = stock - $2, reserved = reserved + $2 WHERE id = $1 AND stock >= $2`,
      [item!.sizeId, item!.quantity],
    );
    return reserved === 1 ? null : item!.sizeId;
  }
  const short = await lockAndCheck(m, items);
  if (short === null) await updateSizes(m, items, 'stock = s.stock - r.qty, reserved = s.reserved + r.qty');
  return short;
}

/** Takes units straight off the shelf (stock − n), all sizes or none: a payment approved after the hold was released. */
export async function takeFromShelf(m: EntityManager, items: SizeQuantities): Promise<number | null> {
  if (items.length === 0) return null;
  const short = await lockAndCheck(m, items);
  if (short === null) await updateSizes(m, items, 'stock = s.stock - r.qty');
  return short;
}

/** Gives reserved units back to `stock` (declined, voided, expired, cancelled unpaid). */
export async function releaseStock(m: EntityManager, items: SizeQuantities): Promise<void> {
  await lockAndUpdate(m, items, 'stock = s.stock + r.qty, reserved = GREATEST(s.reserved - r.qty, 0)');
}

/** Reserved units leave the shop for good (paid). */
export async function sellReserved(m: EntityManager, items: SizeQuantities): Promise<void> {
  await lockAndUpdate(m, items, 'reserved = GREATEST(s.reserved - r.qty, 0)');
}

/** Units that came back to the shop (a return received): sold units go back on the shelf. */
export async function restockReturned(m: EntityManager, items: SizeQuantities): Promise<void> {
  await lockAndUpdate(m, items, 'stock = s.stock + r.qty');
}

/**
 * Whether every size still has the free units asked in the data committed now (a missing size has none): a plain read,
 * no lock. `canRetryPayment` asks before offering a retry; placeOrder asks before opening its transaction, to refuse a
 * sold-out size instead of queueing behind the buyers holding the size's row. The hold itself (`reserveStock`)
 * decides, as the read can be stale.
 */
export async function stockAvailable(m: EntityManager, items: SizeQuantities): Promise<boolean> {
  if (items.length === 0) return true;
  const { rows } = await queryOn<{ id: number; stock: number }>(
    m,
    `SELECT id, stock FROM product_size WHERE id = ANY($1::int[])`,
    [items.map((i) => i.sizeId)],
  );
  const stock = new Map(rows.map((r) => [r.id, r.stock]));
  return items.every((i) => (stock.get(i.sizeId) ?? 0) >= i.quantity);
}
