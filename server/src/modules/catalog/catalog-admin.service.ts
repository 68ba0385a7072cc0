import type { DataSource } from 'typeorm';
import { In } from 'typeorm';
import { MAX_PRODUCT_SIZES, PRODUCT_MESSAGES, type ProductFormInput } from '#shared/product-form.js';
import { commit, inTransaction, returningRows, rollback, type Outcome } from '../../common/db.js';
import { invalidField, notFoundResult, ok, type NotFound, type ValidationErrors } from '../../common/results.js';
import {
  checkImageUpload,
  createImageVariants,
  storeImageVariants,
  uploadKey,
  type MediaStore,
} from '../media/index.js';
import { ProductEntity, type Pet } from './product.entity.js';
import { CatalogService } from './catalog.service.js';
import { parseSearchText } from './search-input.js';
import { ProductSizeEntity } from './product-size.entity.js';
import { ProductImageEntity } from './product-image.entity.js';
import { parseProductId as productId, PRODUCT_MISSING, ProductEditorService } from './product-editor.service.js';
import { auditChange } from '../../common/audit.js';
import { auditedProductChange, productSnapshot } from './product-audit.js';

export interface UpdateProductInput {
  productId: string;
  price?: number | null;
  active?: boolean | null;
  pets?: readonly Pet[] | null;
  /** `expectedStock`: the stock staff saw; the change is refused when orders moved it since. */
  sizes?: Array<{ sizeId: string; stock: number; expectedStock?: number | null }> | null;
}

export interface AddImageInput {
  productId: string;
  dataBase64: string;
  contentType: string;
  alt: string;
}

/** A staff change to a product: the product as it now is, or why nothing changed. */
export type ProductChangeResult = (ProductEntity & { __typename: 'StaffProduct' }) | ValidationErrors | NotFound;

export interface ImageOrderInput {
  id: string;
  alt: string;
}

/** Staff management of the catalogue: whole products, quick price/stock edits, archive and restore, images. */
export class CatalogAdminService {
  private readonly editor: ProductEditorService;
  private readonly catalog: CatalogService;

  constructor(
    private readonly ds: DataSource,
    private readonly media: MediaStore,
  ) {
    this.editor = new ProductEditorService(ds);
    this.catalog = new CatalogService(ds);
  }

  /**
   * Products for staff (drafts too; archived ones only when asked for: they are kept apart) in menu
   * order; with `search`, the shop's own matching (accents, plurals, typos), most relevant first.
   */
  async list(search?: string | null, category?: string | null, archived = false): Promise<ProductEntity[]> {
    const qb = this.ds.getRepository(ProductEntity).createQueryBuilder('p').leftJoinAndSelect('p.category', 'c');
    qb.where(archived ? 'p.archived_at IS NOT NULL' : 'p.archived_at IS NULL');
    const text = parseSearchText(search);
    if (!text) {
      if (category) qb.andWhere('p.category_slug = :category', { category });
      return qb.orderBy('c.position', 'ASC').addOrderBy('p.position', 'ASC').addOrderBy('p.id', 'ASC').getMany();
    }
    const ids = await this.catalog.search.matchingProductIds(text, category ?? null);
    if (ids.length === 0) return [];
    const rank = new Map(ids.map((id, i) => [id, i]));
    const products = await qb.andWhere('p.id IN (:...ids)', { ids }).getMany();
    return products.sort((a, b) => rank.get(a.id)! - rank.get(b.id)!);
  }

  create(input: ProductFormInput): Promise<ProductChangeResult> {
    return this.editor.create(input).then((o) => this.answer(o));
  }

  save(id: string, input: ProductFormInput): Promise<ProductChangeResult> {
    return this.editor.save(id, input).then((o) => this.answer(o));
  }

  private async answer(outcome: Outcome<number, ValidationErrors | NotFound>): Promise<ProductChangeResult> {
    return outcome.commit ? this.found(outcome.value) : outcome.failure;
  }

  /** Leaves the storefront and the cart (pending carts see it as unavailable); old orders keep their lines. */
  async archive(id: string): Promise<ProductChangeResult> {
    const n = productId(id);
    if (n === null) return notFoundResult(PRODUCT_MISSING);
    const changed = await inTransaction(this.ds, (m) =>
      auditedProductChange(m, n, async () => {
        const rows = await returningRows(
          m,
          `UPDATE product SET archived_at = COALESCE(archived_at, now()), active = false WHERE id = $1 RETURNING id`,
          [n],
        );
        return rows.length ? commit(n) : rollback(null);
      }),
    );
    return changed.commit ? this.found(n) : notFoundResult(PRODUCT_MISSING);
  }

  /** Back in the shop as it was before archiving, published. */
  async restore(id: string): Promise<ProductChangeResult> {
    const n = productId(id);
    if (n === null) return notFoundResult(PRODUCT_MISSING);
    const changed = await inTransaction(this.ds, (m) =>
      auditedProductChange(m, n, async () => {
        const rows = await returningRows(
          m,
          `UPDATE product SET archived_at = NULL, active = true WHERE id = $1 RETURNING id`,
          [n],
        );
        return rows.length ? commit(n) : rollback(null);
      }),
    );
    return changed.commit ? this.found(n) : notFoundResult(PRODUCT_MISSING);
  }

  /** Former slugs and categories of products (URLs that now answer 301), newest first. */
  async slugHistory(productIds: readonly number[]): Promise<Array<Array<{ slug: string; categorySlug: string }>>> {
    const rows: Array<{ product_id: number; slug: string; category_slug: string }> = await this.ds.query(
      `SELECT product_id, slug, category_slug FROM product_slug_history WHERE product_id = ANY($1::int[]) ORDER BY replaced_at DESC, id DESC`,
      [productIds],
    );
    return productIds.map((pid) =>
      rows.filter((r) => r.product_id === pid).map((r) => ({ slug: r.slug, categorySlug: r.category_slug })),
    );
  }

  async byId(id: string | number): Promise<ProductEntity | null> {
    const n = productId(id);
    return n === null
      ? null
      : this.ds.getRepository(ProductEntity).findOne({ where: { id: n }, relations: { category: true } });
  }

  private async found(id: number): Promise<ProductChangeResult> {
    const product = await this.byId(id);
    return product ? ok(product, 'StaffProduct') : notFoundResult(PRODUCT_MISSING);
  }

  /** Price (integer COP > 0), stock per size (integer ≥ 0; `reserved` untouched) and active, in one transaction. */
  async update(input: UpdateProductInput): Promise<ProductChangeResult> {
    const id = productId(input.productId);
    if (id === null) return notFoundResult(PRODUCT_MISSING);
    if (input.price != null && (!Number.isInteger(input.price) || input.price <= 0 || input.price > 100_000_000)) {
      return invalidField('price', 'El precio debe ser un número entero de pesos mayor que 0.');
    }
    const sizes = input.sizes ?? [];
    // Each size once, and no more than a product may have: a repeated size would be written twice, the last winning.
    if (sizes.length > MAX_PRODUCT_SIZES || new Set(sizes.map((s) => s.sizeId.trim())).size !== sizes.length)
      return invalidField('sizes', PRODUCT_MESSAGES.sizeRepeated);
    for (const s of sizes) {
      if (!Number.isInteger(s.stock) || s.stock < 0 || s.stock > 1_000_000)
        return invalidField('sizes', 'El inventario debe ser un número entero mayor o igual a 0.');
    }
    const outcome = await inTransaction<number, NotFound | ValidationErrors>(this.ds, async (em) => {
      const product = await em
        .getRepository(ProductEntity)
        .findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!product) return rollback(notFoundResult(PRODUCT_MISSING));
      if (product.archivedAt && input.active)
        return rollback(invalidField('active', 'El producto está archivado: restáuralo antes de publicarlo.'));
      const before = await productSnapshot(em, id);
      const changes: Partial<ProductEntity> = {};
      if (input.price != null) changes.price = input.price;
      if (input.active != null) changes.active = input.active;
      if (input.pets != null) changes.pets = (['DOG', 'CAT'] as const).filter((pet) => input.pets!.includes(pet));
      if (Object.keys(changes).length) await em.getRepository(ProductEntity).update({ id }, changes);
      if (input.sizes?.length) {
        const sizeIds = input.sizes.map((s) => Number(s.sizeId));
        const owned = await em.getRepository(ProductSizeEntity).find({
          where: { productId: id, id: In(sizeIds.filter(Number.isInteger)) },
          lock: { mode: 'pessimistic_write' },
          order: { id: 'ASC' },
        });
        if (owned.length !== new Set(sizeIds).size)
          return rollback(invalidField('sizes', 'Una de las tallas no pertenece a este producto.'));
        for (const s of input.sizes) {
          const row = owned.find((o) => o.id === Number(s.sizeId))!;
          if (s.expectedStock != null && s.expectedStock !== row.stock) {
            return rollback(
              invalidField(
                'sizes',
                `El inventario de la talla ${row.label} cambió mientras editabas (ahora hay ${row.stock}): revisa y guarda de nuevo.`,
              ),
            );
          }
        }
        for (const s of input.sizes)
          await em.getRepository(ProductSizeEntity).update({ id: Number(s.sizeId), productId: id }, { stock: s.stock });
      }
      auditChange(em, { entityType: 'product', entityId: id, before, after: await productSnapshot(em, id) });
      return commit(id);
    });
    return outcome.commit ? this.found(id) : outcome.failure;
  }

  /** Validates type and size, stores the file under `products/<slug>-<random>.<ext>` and appends it. */
  async addImage(input: AddImageInput): Promise<ProductChangeResult> {
    const product = await this.byId(input.productId);
    if (!product) return notFoundResult(PRODUCT_MISSING);
    const image = await checkImageUpload(input);
    if ('__typename' in image) return image;
    const size = image;
    const alt = input.alt.trim().slice(0, 200) || product.name;
    const key = uploadKey('products', product.slug, image.ext);
    // Phones get a WebP of their width (JPEG where WebP is missing) instead of the full upload. They are made
    // before anything is stored: a picture that cannot be processed leaves nothing behind.
    let rendered = null;
    if (image.contentType !== 'image/svg+xml') {
      try {
        rendered = await createImageVariants(image.data, size);
      } catch {
        return invalidField('dataBase64', 'No pudimos procesar la imagen: revisa que el archivo no esté dañado.');
      }
    }
    const url = await this.media.put(key, image.data, image.contentType);
    const variants = rendered ? await storeImageVariants(this.media, key, rendered) : null;
    await inTransaction(this.ds, (m) =>
      auditedProductChange(m, product.id, async () => {
        await m.query(
          `INSERT INTO product_image (product_id, storage_key, url, alt, width, height, position, variants)
           SELECT $1, $2, $3, $4, $5, $6, COALESCE(MAX(position), -1) + 1, $7::jsonb FROM product_image WHERE product_id = $1`,
          [product.id, key, url, alt, size.width, size.height, variants ? JSON.stringify(variants) : null],
        );
        return commit(null);
      }),
    );
    return ok(product, 'StaffProduct');
  }

  /** Detaches an image from the product (the stored file stays; other records may point to it). */
  async removeImage(productIdValue: string, imageId: string): Promise<ProductChangeResult> {
    const product = await this.byId(productIdValue);
    if (!product) return notFoundResult(PRODUCT_MISSING);
    const removed = await inTransaction(this.ds, (m) =>
      auditedProductChange(m, product.id, async () => {
        const result = await m
          .getRepository(ProductImageEntity)
          .delete({ id: Number(imageId) || -1, productId: product.id });
        return result.affected ? commit(null) : rollback(null);
      }),
    );
    if (!removed.commit) return notFoundResult('La imagen no existe.');
    return ok(product, 'StaffProduct');
  }

  /**
   * The product's pictures in a new order with their alt texts (the first one is the listing's and
   * the cart's). Must name every image of the product exactly once.
   */
  async arrangeImages(productIdValue: string, images: ImageOrderInput[]): Promise<ProductChangeResult> {
    const id = productId(productIdValue);
    if (id === null) return notFoundResult(PRODUCT_MISSING);
    for (const image of images) {
      if (image.alt.trim().length < 3 || image.alt.trim().length > 200)
        return invalidField('images', 'Describe cada imagen con un texto alternativo de 3 a 200 caracteres.');
    }
    const outcome = await inTransaction<number, NotFound | ValidationErrors>(this.ds, async (m) => {
      const product = await m
        .getRepository(ProductEntity)
        .findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!product) return rollback(notFoundResult(PRODUCT_MISSING));
      const before = await productSnapshot(m, id);
      const current = await m
        .getRepository(ProductImageEntity)
        .find({ where: { productId: id }, select: { id: true } });
      const ids = images.map((i) => i.id);
      const same =
        ids.length === current.length &&
        new Set(ids).size === ids.length &&
        current.every((c) => ids.includes(String(c.id)));
      if (!same)
        return rollback(
          invalidField('images', 'Las imágenes cambiaron mientras editabas: recarga la página e inténtalo de nuevo.'),
        );
      for (const [position, image] of images.entries()) {
        await m.query(`UPDATE product_image SET position = $3, alt = $4 WHERE id = $1 AND product_id = $2`, [
          Number(image.id),
          id,
          position,
          image.alt.trim(),
        ]);
      }
      auditChange(m, { entityType: 'product', entityId: id, before, after: await productSnapshot(m, id) });
      return commit(id);
    });
    return outcome.commit ? this.found(id) : outcome.failure;
  }
}
