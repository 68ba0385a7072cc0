import type { EntityManager } from 'typeorm';
import { auditChange } from '../../common/audit.js';

/** A product as its activity-log entries show it (sizes with their stock, images by alt text, in order). */
export async function productSnapshot(m: EntityManager, id: number): Promise<Record<string, unknown> | null> {
  const rows: Array<Record<string, unknown>> = await m.query(
    `SELECT p.name, p.slug, p.description, p.price, p.active, p.archived_at IS NOT NULL AS archived,
            p.category_slug AS category, p.collections, p.pets, p.size_guide AS "sizeGuide",
            (SELECT string_agg(s.label || ': ' || s.stock, ', ' ORDER BY s.position, s.id) FROM product_size s WHERE s.product_id = p.id) AS sizes,
            (SELECT string_agg(i.alt, ' | ' ORDER BY i.position, i.id) FROM product_image i WHERE i.product_id = p.id) AS images
     FROM product p WHERE p.id = $1`,
    [id],
  );
  return rows[0] ?? null;
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
