import type { EntityManager } from 'typeorm';
import type { ImageVariant } from '../media/index.js';
import type { ImageSource, PlannedProduct, StockChange } from './catalog-import-plan.js';

/** A picture fetched and stored before the transaction, by the URL the file gave. */
export interface StoredPicture {
  key: string;
  url: string;
  width: number;
  height: number;
  variants: ImageVariant[];
}

export interface ApplyCounts {
  created: number;
  updated: number;
  archived: number;
  stockChanges: number;
}

/** A stock change that would leave a size below zero once the sales since the preview are counted. */
export interface StockRefusal {
  line: number;
  message: string;
}

const statusColumns = (status: string) =>
  status === 'ARCHIVED'
    ? { active: false, archived: true }
    : status === 'PUBLISHED'
      ? { active: true, archived: false }
      : { active: false, archived: false };

async function insertImages(
  m: EntityManager,
  productId: number,
  alt: string,
  sources: ImageSource[],
  fetched: Map<string, StoredPicture>,
) {
  for (const [position, source] of sources.entries()) {
    if (source.kind === 'keep') {
      await m.query(`UPDATE product_image SET position = $3 WHERE id = $1 AND product_id = $2`, [
        source.imageId,
        productId,
        position,
      ]);
    } else if (source.kind === 'copy') {
      const i = source.image;
      await m.query(
        `INSERT INTO product_image (product_id, storage_key, url, alt, width, height, position, variants) VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb)`,
        [
          productId,
          i.storageKey,
          i.url,
          alt,
          i.width,
          i.height,
          position,
          i.variants ? JSON.stringify(i.variants) : null,
        ],
      );
    } else {
      const stored = fetched.get(source.url)!;
      await m.query(
        `INSERT INTO product_image (product_id, storage_key, url, alt, width, height, position, variants, source_url) VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9)`,
        [
          productId,
          stored.key,
          stored.url,
          alt,
          stored.width,
          stored.height,
          position,
          JSON.stringify(stored.variants),
          source.url,
        ],
      );
    }
  }
}

/** New products, their sizes (statements for all of them at once) and pictures. */
async function create(m: EntityManager, products: PlannedProduct[], fetched: Map<string, StoredPicture>) {
  if (products.length === 0) return;
  const positions = new Map<string, number>(
    (
      (await m.query(
        `SELECT category_slug, COALESCE(MAX(position), 0) AS top FROM product GROUP BY category_slug`,
      )) as Array<{
        category_slug: string;
        top: number;
      }>
    ).map((r) => [r.category_slug, r.top]),
  );
  const position = (category: string) => {
    const next = (positions.get(category) ?? 0) + 1;
    positions.set(category, next);
    return next;
  };
  const f = products.map((p) => p.final);
  const inserted = (await m.query(
    `INSERT INTO product (slug, name, description, price, category_slug, collections, pets, active, archived_at, position)
     SELECT slug, name, description, price, category_slug, ARRAY(SELECT jsonb_array_elements_text(collections)),
            ARRAY(SELECT jsonb_array_elements_text(pets)), active, CASE WHEN archived THEN now() END, position
       FROM unnest($1::varchar[], $2::varchar[], $3::text[], $4::int[], $5::varchar[], $6::jsonb[], $7::jsonb[], $8::bool[], $9::bool[], $10::int[])
         AS t(slug, name, description, price, category_slug, collections, pets, active, archived, position)
     RETURNING id, slug`,
    [
      f.map((p) => p.slug),
      f.map((p) => p.name),
      f.map((p) => p.description),
      f.map((p) => p.price),
      f.map((p) => p.categorySlug),
      f.map((p) => JSON.stringify(p.collections)),
      f.map((p) => JSON.stringify(p.pets)),
      f.map((p) => statusColumns(p.status).active),
      f.map((p) => statusColumns(p.status).archived),
      f.map((p) => position(p.categorySlug)),
    ],
  )) as Array<{ id: number; slug: string }>;
  const idOf = new Map(inserted.map((r) => [r.slug, r.id]));
  const sizes = products.flatMap((p) =>
    p.sizes.map((s, i) => ({
      productId: idOf.get(p.final.slug)!,
      label: s.label,
      sku: s.sku,
      stock: s.stock,
      position: i,
    })),
  );
  await m.query(
    `INSERT INTO product_size (product_id, label, sku, stock, position)
     SELECT * FROM unnest($1::int[], $2::varchar[], $3::varchar[], $4::int[], $5::int[])`,
    [
      sizes.map((s) => s.productId),
      sizes.map((s) => s.label),
      sizes.map((s) => s.sku),
      sizes.map((s) => s.stock),
      sizes.map((s) => s.position),
    ],
  );
  for (const p of products) {
    if (p.images?.length) await insertImages(m, idOf.get(p.final.slug)!, p.final.name, p.images, fetched);
  }
}

/** One existing product: its fields (slug history like the editor), its sizes and its pictures. */
async function update(m: EntityManager, p: PlannedProduct, fetched: Map<string, StoredPicture>) {
  const id = p.productId!;
  const e = p.before!;
  const f = p.final;
  if (f.slug !== e.slug || f.categorySlug !== e.categorySlug) {
    await m.query(
      `INSERT INTO product_slug_history (product_id, slug, category_slug) VALUES ($1, $2, $3)
       ON CONFLICT (product_id, category_slug, slug) DO UPDATE SET replaced_at = now()`,
      [id, e.slug, e.categorySlug],
    );
  }
  const { active, archived } = statusColumns(f.status);
  await m.query(
    `UPDATE product SET slug = $2, name = $3, description = $4, price = $5, category_slug = $6::varchar, collections = $7, pets = $8,
            active = $9, archived_at = CASE WHEN $10 THEN COALESCE(archived_at, now()) END,
            position = CASE WHEN category_slug = $6::varchar THEN position ELSE (SELECT COALESCE(MAX(position), 0) + 1 FROM product WHERE category_slug = $6::varchar) END
      WHERE id = $1`,
    [id, f.slug, f.name, f.description, f.price, f.categorySlug, f.collections, f.pets, active, archived],
  );
  const current = new Map(e.sizes.map((s) => [s.id, s]));
  const changed = p.sizes.filter(
    (s) => s.id !== null && (current.get(s.id)!.label !== s.label || current.get(s.id)!.sku !== s.sku),
  );
  // Labels are unique per product and SKUs in the shop: sizes that trade them pass through placeholders first.
  for (const s of changed)
    await m.query(`UPDATE product_size SET label = $2, sku = $3 WHERE id = $1`, [
      s.id,
      `#${s.id}`.slice(0, 10),
      `~${s.id}`,
    ]);
  for (const s of changed)
    await m.query(`UPDATE product_size SET label = $2, sku = $3 WHERE id = $1`, [s.id, s.label, s.sku]);
  const top = Math.max(-1, ...e.sizes.map((s) => s.position));
  const added = p.sizes.filter((s) => s.id === null);
  for (const [i, s] of added.entries()) {
    await m.query(`INSERT INTO product_size (product_id, label, sku, stock, position) VALUES ($1, $2, $3, $4, $5)`, [
      id,
      s.label,
      s.sku,
      s.stock,
      top + 1 + i,
    ]);
  }
  if (p.images) {
    const kept = p.images.flatMap((s) => (s.kind === 'keep' ? [s.imageId] : []));
    await m.query(`DELETE FROM product_image WHERE product_id = $1 AND NOT (id = ANY($2::int[]))`, [id, kept]);
    await insertImages(m, id, f.name, p.images, fetched);
  }
}

/**
 * Stock changes as deltas: each size gets `target - seen` added to the stock it has now (the stock the preview saw,
 * less what shoppers bought since). Refused when a size would go below zero.
 */
async function applyStock(m: EntityManager, changes: StockChange[]): Promise<StockRefusal[]> {
  if (changes.length === 0) return [];
  const rows = (await m.query(
    `UPDATE product_size s SET stock = s.stock + d.delta
       FROM unnest($1::int[], $2::int[]) AS d(id, delta)
      WHERE s.id = d.id AND s.stock + d.delta >= 0
      RETURNING s.id`,
    [changes.map((c) => c.sizeId), changes.map((c) => c.target - c.seen)],
  )) as [Array<{ id: number }>, number] | Array<{ id: number }>;
  const updated = new Set(
    (Array.isArray(rows[0]) ? (rows[0] as Array<{ id: number }>) : (rows as Array<{ id: number }>)).map((r) => r.id),
  );
  const missing = changes.filter((c) => !updated.has(c.sizeId));
  if (missing.length === 0) return [];
  const now = new Map(
    (
      (await m.query(`SELECT id, stock FROM product_size WHERE id = ANY($1::int[])`, [
        missing.map((c) => c.sizeId),
      ])) as Array<{
        id: number;
        stock: number;
      }>
    ).map((r) => [r.id, r.stock]),
  );
  return missing.map((c) => ({
    line: c.line,
    message: `El inventario de la talla ${c.label} bajó de ${c.seen} a ${now.get(c.sizeId) ?? 0} desde la vista previa (ventas): con el cambio a ${c.target} quedaría por debajo de 0. Vuelva a generar la vista previa.`,
  }));
}

/** Writes a plan inside the caller's transaction. Answers the stock refusals (the caller then rolls back). */
export async function applyPlan(
  m: EntityManager,
  products: PlannedProduct[],
  stock: StockChange[],
  fetched: Map<string, StoredPicture>,
): Promise<ApplyCounts | StockRefusal[]> {
  const creates = products.filter((p) => p.kind === 'CREATE');
  const updates = products.filter((p) => p.kind === 'UPDATE' && p.changes.some((c) => !c.stock));
  const archives = products.filter((p) => p.kind === 'ARCHIVE');
  await create(m, creates, fetched);
  for (const p of updates) await update(m, p, fetched);
  if (archives.length)
    await m.query(
      `UPDATE product SET archived_at = COALESCE(archived_at, now()), active = false WHERE id = ANY($1::int[])`,
      [archives.map((p) => p.productId)],
    );
  const refused = await applyStock(m, stock);
  if (refused.length) return refused;
  return {
    created: creates.length,
    updated: products.filter((p) => p.kind === 'UPDATE').length,
    archived: archives.length,
    stockChanges: stock.length,
  };
}
