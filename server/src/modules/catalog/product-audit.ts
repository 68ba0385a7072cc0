import type { EntityManager } from 'typeorm';
import { auditChange } from '../../common/audit.js';

const SNAPSHOT = `SELECT p.id, p.name, p.slug, p.description, p.price, p.active, p.archived_at IS NOT NULL AS archived,
       p.category_slug AS category, p.collections, p.pets, p.size_guide AS "sizeGuide",
       (SELECT string_agg(s.label || ': ' || s.stock, ', ' ORDER BY s.position, s.id) FROM product_size s WHERE s.product_id = p.id) AS sizes,
       (SELECT string_agg(i.alt, ' | ' ORDER BY i.position, i.id) FROM product_image i WHERE i.product_id = p.id) AS images
   FROM product p WHERE p.id = ANY($1::int[])`;

/** Products as their activity-log entries show them (sizes with their stock, images by alt text, in order), by id. */
export async function productSnapshots(m: EntityManager, ids: number[]): Promise<Map<number, Record<string, unknown>>> {
  if (ids.length === 0) return new Map();
  const rows: Array<Record<string, unknown> & { id: number }> = await m.query(SNAPSHOT, [ids]);
  return new Map(rows.map(({ id, ...row }) => [id, row]));
}

/** One product as its activity-log entries show it. */
export async function productSnapshot(m: EntityManager, id: number): Promise<Record<string, unknown> | null> {
  return (await productSnapshots(m, [id])).get(id) ?? null;
}

/**
 * Runs a product change inside its transaction and notes it for the activity log: the product before (null for a
 * new one, read by `id` when known) and after.
 */
export async function auditedProductChange<T>(
  m: EntityManager,
  id: number | null,
  change: () => Promise<T>,
  idOf: (result: T) => number | null = () => id,
): Promise<T> {
  const before = id === null ? null : await productSnapshot(m, id);
  const result = await change();
  const changed = idOf(result);
  if (changed !== null)
    auditChange(m, { entityType: 'product', entityId: changed, before, after: await productSnapshot(m, changed) });
  return result;
}
