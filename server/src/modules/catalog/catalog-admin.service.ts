import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { In } from 'typeorm';
import { commit, inTransaction, rollback } from '../../common/db.js';
import { invalidField, notFoundResult, ok, type NotFound, type ValidationErrors } from '../../common/results.js';
import type { MediaStore } from '../media/index.js';
import { ProductEntity, type Pet } from './product.entity.js';
import { CatalogService } from './catalog.service.js';
import { parseSearchText } from './search-input.js';
import { ProductSizeEntity } from './product-size.entity.js';
import { ProductImageEntity } from './product-image.entity.js';
import { IMAGE_TYPES, imageSize, MAX_IMAGE_BYTES } from './image-info.js';

export interface UpdateProductInput {
  productId: string;
  price?: number | null;
  active?: boolean | null;
  pets?: readonly Pet[] | null;
  sizes?: Array<{ sizeId: string; stock: number }> | null;
}

export interface AddImageInput {
  productId: string;
  dataBase64: string;
  contentType: string;
  alt: string;
}

/** A staff change to a product: the product as it now is, or why nothing changed. */
export type ProductChangeResult = (ProductEntity & { __typename: 'StaffProduct' }) | ValidationErrors | NotFound;

const PRODUCT_MISSING = 'El producto no existe.';

function productId(id: string | number): number | null {
  const n = Number(id);
  return Number.isInteger(n) && n >= 1 && n <= 2_147_483_647 ? n : null;
}

/** Staff management of the catalogue: prices, stock per size, active flag and images. */
export class CatalogAdminService {
  private readonly catalog: CatalogService;

  constructor(
    private readonly ds: DataSource,
    private readonly media: MediaStore,
  ) {
    this.catalog = new CatalogService(ds);
  }

  /**
   * Every product (inactive too) in menu order; with `search`, the shop's own matching (accents,
   * plurals, typos), most relevant first.
   */
  async list(search?: string | null, category?: string | null): Promise<ProductEntity[]> {
    const qb = this.ds.getRepository(ProductEntity).createQueryBuilder('p').leftJoinAndSelect('p.category', 'c');
    const text = parseSearchText(search);
    if (!text) {
      if (category) qb.andWhere('p.category_slug = :category', { category });
      return qb.orderBy('c.position', 'ASC').addOrderBy('p.position', 'ASC').addOrderBy('p.id', 'ASC').getMany();
    }
    const ids = await this.catalog.matchingProductIds(text, category ?? null);
    if (ids.length === 0) return [];
    const rank = new Map(ids.map((id, i) => [id, i]));
    const products = await qb.where('p.id IN (:...ids)', { ids }).getMany();
    return products.sort((a, b) => rank.get(a.id)! - rank.get(b.id)!);
  }

  async byId(id: string | number): Promise<ProductEntity | null> {
    const n = productId(id);
    return n === null ? null : this.ds.getRepository(ProductEntity).findOne({ where: { id: n }, relations: { category: true } });
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
    for (const s of input.sizes ?? []) {
      if (!Number.isInteger(s.stock) || s.stock < 0 || s.stock > 1_000_000) return invalidField('sizes', 'El inventario debe ser un número entero mayor o igual a 0.');
    }
    const outcome = await inTransaction<number, NotFound | ValidationErrors>(this.ds, async (em) => {
      const product = await em.getRepository(ProductEntity).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!product) return rollback(notFoundResult(PRODUCT_MISSING));
      const changes: Partial<ProductEntity> = {};
      if (input.price != null) changes.price = input.price;
      if (input.active != null) changes.active = input.active;
      if (input.pets != null) changes.pets = (['DOG', 'CAT'] as const).filter((pet) => input.pets!.includes(pet));
      if (Object.keys(changes).length) await em.getRepository(ProductEntity).update({ id }, changes);
      if (input.sizes?.length) {
        const sizeIds = input.sizes.map((s) => Number(s.sizeId));
        const owned = await em.getRepository(ProductSizeEntity).findBy({ productId: id, id: In(sizeIds.filter(Number.isInteger)) });
        if (owned.length !== new Set(sizeIds).size) return rollback(invalidField('sizes', 'Una de las tallas no pertenece a este producto.'));
        for (const s of input.sizes) await em.getRepository(ProductSizeEntity).update({ id: Number(s.sizeId), productId: id }, { stock: s.stock });
      }
      return commit(id);
    });
    return outcome.commit ? this.found(id) : outcome.failure;
  }

  /** Validates type and size, stores the file under `products/<slug>-<random>.<ext>` and appends it. */
  async addImage(input: AddImageInput): Promise<ProductChangeResult> {
    const product = await this.byId(input.productId);
    if (!product) return notFoundResult(PRODUCT_MISSING);
    const ext = IMAGE_TYPES[input.contentType];
    if (!ext) return invalidField('contentType', 'Formato no admitido: usa PNG, JPEG, WebP o SVG.');
    const base64 = input.dataBase64.replace(/^data:[^,]*,/, '').replace(/\s/g, '');
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length === 0) return invalidField('dataBase64', 'El archivo no es válido.');
    if (base64.length > Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 4) return invalidField('dataBase64', 'La imagen supera los 5 MB.');
    const data = Buffer.from(base64, 'base64');
    if (data.length > MAX_IMAGE_BYTES) return invalidField('dataBase64', 'La imagen supera los 5 MB.');
    const size = imageSize(input.contentType, data);
    if (!size) return invalidField('dataBase64', 'El archivo no es una imagen válida del formato indicado.');
    const alt = input.alt.trim().slice(0, 200) || product.name;
    const key = `products/${product.slug}-${randomBytes(5).toString('hex')}.${ext}`;
    const url = await this.media.put(key, data, input.contentType);
    await this.ds.query(
      `INSERT INTO product_image (product_id, storage_key, url, alt, width, height, position)
       SELECT $1, $2, $3, $4, $5, $6, COALESCE(MAX(position), -1) + 1 FROM product_image WHERE product_id = $1`,
      [product.id, key, url, alt, size.width, size.height],
    );
    return ok(product, 'StaffProduct');
  }

  /** Detaches an image from the product (the stored file stays; other records may point to it). */
  async removeImage(productIdValue: string, imageId: string): Promise<ProductChangeResult> {
    const product = await this.byId(productIdValue);
    if (!product) return notFoundResult(PRODUCT_MISSING);
    const result = await this.ds.getRepository(ProductImageEntity).delete({ id: Number(imageId) || -1, productId: product.id });
    if (!result.affected) return notFoundResult('La imagen no existe.');
    return ok(product, 'StaffProduct');
  }
}
