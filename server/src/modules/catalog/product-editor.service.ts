import type { DataSource, EntityManager } from 'typeorm';
import {
  productInputSchema,
  PRODUCT_MESSAGES,
  slugify,
  type ProductFormInput,
  type ValidProduct,
} from '#shared/product-form.js';
import { checkGuideSizes, type SizeGuide } from '#shared/size-guide.js';
import { commit, inTransaction, isUniqueViolation, rollback, type Outcome } from '../../common/db.js';
import { auditChange } from '../../common/audit.js';
import { productSnapshot } from './product-audit.js';
import {
  invalidField,
  notFoundResult,
  validationErrors,
  type NotFound,
  type ValidationErrors,
} from '../../common/results.js';
import { ProductEntity } from './product.entity.js';

type Refusal = ValidationErrors | NotFound;

export const PRODUCT_MISSING = 'El producto no existe.';
const COLLECTION = /^[a-z0-9][a-z0-9-]{0,39}$/;

/** A unique index refused the save: which field, in the staff's words (anything else is rethrown). */
export function uniqueRefusal(err: unknown): ValidationErrors {
  if (!isUniqueViolation(err)) throw err;
  const constraint = (err as { constraint?: string; driverError?: { constraint?: string } }).driverError?.constraint;
  return constraint === 'product_size_sku_key' || (err as { constraint?: string }).constraint === 'product_size_sku_key'
    ? invalidField('sizes', PRODUCT_MESSAGES.skuTaken)
    : invalidField('slug', PRODUCT_MESSAGES.slugTaken);
}

export function parseProductId(id: string | number): number | null {
  const n = Number(id);
  return Number.isInteger(n) && n >= 1 && n <= 2_147_483_647 ? n : null;
}

interface SizeRow {
  id: number;
  label: string;
  sku: string;
  stock: number;
  reserved: number;
}

/**
 * Staff create and edit whole products: name, slug, category, description, price, sizes with stock,
 * size guide, collections and published flag, each save in one transaction. A changed slug or
 * category is written to the slug history so old URLs answer 301 to the current one; the slug
 * never changes by itself when the name does.
 */
export class ProductEditorService {
  constructor(private readonly ds: DataSource) {}

  async create(input: ProductFormInput): Promise<Outcome<number, Refusal>> {
    const parsed = this.parse(input);
    if ('__typename' in parsed) return rollback(parsed);
    const p = parsed;
    const guide = this.guideFor(
      p.sizeGuide,
      p.sizes.map((s) => s.label),
    );
    if (guide && 'errors' in guide) return rollback(guide);
    try {
      return await inTransaction<number, Refusal>(this.ds, async (m) => {
        if (!(await this.categoryExists(m, p.categorySlug)))
          return rollback(invalidField('categorySlug', PRODUCT_MESSAGES.category));
        const slug = p.slug ?? (await this.freeSlug(m, slugify(p.name)));
        if (!slug) return rollback(invalidField('slug', PRODUCT_MESSAGES.slug));
        const inserted: Array<{ id: number }> = await m.query(
          `INSERT INTO product (slug, name, description, price, category_slug, collections, size_guide, active, pets, position)
           VALUES ($1, $2, $3, $4, $5::varchar, $6, $7, $8, $9, (SELECT COALESCE(MAX(position), 0) + 1 FROM product WHERE category_slug = $5::varchar))
           ON CONFLICT (slug) DO NOTHING RETURNING id`,
          [
            slug,
            p.name,
            p.description,
            p.price,
            p.categorySlug,
            p.collections,
            guide ? JSON.stringify(guide) : null,
            p.active,
            p.pets,
          ],
        );
        const id = inserted[0]?.id;
        if (id === undefined) return rollback(invalidField('slug', PRODUCT_MESSAGES.slugTaken));
        for (const [position, s] of p.sizes.entries()) {
          await m.query(
            `INSERT INTO product_size (product_id, label, position, stock, sku) VALUES ($1, $2, $3, $4, $5)`,
            [id, s.label, position, s.stock, s.sku],
          );
        }
        auditChange(m, { entityType: 'product', entityId: id, before: null, after: await productSnapshot(m, id) });
        return commit(id);
      });
    } catch (err) {
      return rollback(uniqueRefusal(err));
    }
  }

  async save(productIdValue: string, input: ProductFormInput): Promise<Outcome<number, Refusal>> {
    const id = parseProductId(productIdValue);
    if (id === null) return rollback(notFoundResult(PRODUCT_MISSING));
    const parsed = this.parse(input);
    if ('__typename' in parsed) return rollback(parsed);
    const p = parsed;
    const guide = this.guideFor(
      p.sizeGuide,
      p.sizes.map((s) => s.label),
    );
    if (guide && 'errors' in guide) return rollback(guide);
    try {
      return await inTransaction<number, Refusal>(this.ds, async (m) => {
        const current = await m
          .getRepository(ProductEntity)
          .findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
        if (!current) return rollback(notFoundResult(PRODUCT_MISSING));
        if (current.archivedAt && p.active)
          return rollback(invalidField('active', 'El producto está archivado: restáuralo antes de publicarlo.'));
        const before = await productSnapshot(m, id);
        if (!(await this.categoryExists(m, p.categorySlug)))
          return rollback(invalidField('categorySlug', PRODUCT_MESSAGES.category));
        const slug = p.slug ?? current.slug;
        if (slug !== current.slug || p.categorySlug !== current.categorySlug) {
          await m.query(
            `INSERT INTO product_slug_history (product_id, slug, category_slug) VALUES ($1, $2, $3)
             ON CONFLICT (product_id, category_slug, slug) DO UPDATE SET replaced_at = now()`,
            [id, current.slug, current.categorySlug],
          );
        }
        const sizes = await this.saveSizes(m, id, p.sizes);
        if (sizes) return rollback(sizes);
        await m.query(
          `UPDATE product SET slug = $2, name = $3, description = $4, price = $5, category_slug = $6::varchar, collections = $7, size_guide = $8, active = $9, pets = $10,
                  position = CASE WHEN category_slug = $6::varchar THEN position ELSE (SELECT COALESCE(MAX(position), 0) + 1 FROM product WHERE category_slug = $6::varchar) END
            WHERE id = $1`,
          [
            id,
            slug,
            p.name,
            p.description,
            p.price,
            p.categorySlug,
            p.collections,
            guide ? JSON.stringify(guide) : null,
            p.active,
            p.pets,
          ],
        );
        auditChange(m, { entityType: 'product', entityId: id, before, after: await productSnapshot(m, id) });
        return commit(id);
      });
    } catch (err) {
      return rollback(uniqueRefusal(err));
    }
  }

  private parse(input: ProductFormInput): ValidProduct | ValidationErrors {
    const parsed = productInputSchema.safeParse(input);
    if (!parsed.success) return validationErrors(parsed.error);
    const bad = parsed.data.collections.find((c) => !COLLECTION.test(c));
    return bad === undefined ? parsed.data : invalidField('collections', PRODUCT_MESSAGES.collection);
  }

  private guideFor(guide: SizeGuide | null, labels: string[]): SizeGuide | ValidationErrors | null {
    if (!guide) return null;
    const checked = checkGuideSizes(guide, labels);
    return 'message' in checked ? invalidField('sizeGuide', checked.message) : checked.guide;
  }

  private async categoryExists(m: EntityManager, slug: string): Promise<boolean> {
    return (await m.query(`SELECT 1 FROM category WHERE slug = $1`, [slug])).length > 0;
  }

  /** `base`, else `base-2`, `base-3`… (the first one no product has). */
  private async freeSlug(m: EntityManager, base: string): Promise<string | null> {
    if (!base) return null;
    const taken = new Set(
      (
        (await m.query(`SELECT slug FROM product WHERE slug = $1 OR slug LIKE $2`, [base, `${base}-%`])) as Array<{
          slug: string;
        }>
      ).map((r) => r.slug),
    );
    if (!taken.has(base)) return base;
    for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }

  /**
   * Sizes in the order given: known ids keep their reserved units and get the new label and stock
   * (refused when orders moved the stock since the form was opened), new ones are added, missing ones
   * are removed unless pending orders hold units of them.
   */
  private async saveSizes(
    m: EntityManager,
    productId: number,
    sizes: ValidProduct['sizes'],
  ): Promise<ValidationErrors | null> {
    const existing: SizeRow[] = await m.query(
      `SELECT id, label, sku, stock, reserved FROM product_size WHERE product_id = $1 ORDER BY id FOR UPDATE`,
      [productId],
    );
    const byId = new Map(existing.map((s) => [String(s.id), s]));
    for (const s of sizes) {
      if (s.id === null) continue;
      const row = byId.get(s.id);
      if (!row) return invalidField('sizes', 'Una de las tallas no pertenece a este producto.');
      if (s.expectedStock !== null && s.expectedStock !== row.stock) {
        return invalidField(
          'sizes',
          `El inventario de la talla ${row.label} cambió mientras editabas (ahora hay ${row.stock}): revisa y guarda de nuevo.`,
        );
      }
    }
    const kept = new Set(sizes.flatMap((s) => (s.id ? [s.id] : [])));
    const removed = existing.filter((s) => !kept.has(String(s.id)));
    const held = removed.find((s) => s.reserved > 0);
    if (held)
      return invalidField(
        'sizes',
        `La talla ${held.label} tiene unidades reservadas por órdenes pendientes de pago: no se puede quitar todavía.`,
      );
    if (removed.length) await m.query(`DELETE FROM product_size WHERE id = ANY($1::int[])`, [removed.map((s) => s.id)]);
    // Labels move through placeholders first, so swapping two names never trips the unique (product, label) index.
    const renamed = sizes.filter((s) => s.id !== null && byId.get(s.id)!.label !== s.label);
    for (const [i, s] of renamed.entries())
      await m.query(`UPDATE product_size SET label = $2 WHERE id = $1`, [Number(s.id), `#${i}`]);
    // SKUs are unique shop-wide: sizes trading codes pass through a placeholder of their own id first.
    const recoded = sizes.filter((s) => s.id !== null && s.sku !== null && byId.get(s.id)!.sku !== s.sku);
    for (const s of recoded)
      await m.query(`UPDATE product_size SET sku = $2 WHERE id = $1`, [Number(s.id), `~${s.id}`]);
    for (const [position, s] of sizes.entries()) {
      if (s.id === null) {
        await m.query(
          `INSERT INTO product_size (product_id, label, position, stock, sku) VALUES ($1, $2, $3, $4, $5)`,
          [productId, s.label, position, s.stock, s.sku],
        );
      } else {
        await m.query(
          `UPDATE product_size SET label = $2, position = $3, stock = $4, sku = COALESCE($5, sku) WHERE id = $1`,
          [Number(s.id), s.label, position, s.stock, s.sku],
        );
      }
    }
    return null;
  }
}
