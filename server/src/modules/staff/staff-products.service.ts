import { createImageVariants } from '../media/image-variants.js';
import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { In } from 'typeorm';
import { badInput, notFound } from '../../app/errors.js';
import { ProductEntity } from '../catalog/product.entity.js';
import { ProductSizeEntity } from '../catalog/product-size.entity.js';
import { ProductImageEntity } from '../catalog/product-image.entity.js';
import type { MediaStore } from '../media/media-store.js';
import { IMAGE_TYPES, imageSize, MAX_IMAGE_BYTES } from './image-info.js';

export interface UpdateProductInput {
  productId: string;
  price?: number | null;
  active?: boolean | null;
  sizes?: Array<{ sizeId: string; stock: number }> | null;
}

export interface AddImageInput {
  productId: string;
  dataBase64: string;
  contentType: string;
  alt: string;
}

function productId(id: string | number): number {
  const n = Number(id);
  if (!Number.isInteger(n) || n < 1 || n > 2_147_483_647) throw notFound('El producto no existe.');
  return n;
}

/** Staff view of the catalogue: prices, stock per size, active flag and images. */
export class StaffProductsService {
  constructor(
    private readonly ds: DataSource,
    private readonly media: MediaStore,
  ) {}

  list(search?: string | null, category?: string | null): Promise<ProductEntity[]> {
    const qb = this.ds.getRepository(ProductEntity).createQueryBuilder('p').leftJoinAndSelect('p.category', 'c').orderBy('c.position', 'ASC').addOrderBy('p.position', 'ASC').addOrderBy('p.id', 'ASC');
    const text = search?.trim();
    if (text) qb.andWhere("(lower(p.name) LIKE :q ESCAPE '\\' OR lower(p.slug) LIKE :q ESCAPE '\\')", { q: `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` });
    if (category) qb.andWhere('p.category_slug = :category', { category });
    return qb.getMany();
  }

  async byId(id: string | number): Promise<ProductEntity> {
    const product = await this.ds.getRepository(ProductEntity).findOne({ where: { id: productId(id) }, relations: { category: true } });
    if (!product) throw notFound('El producto no existe.');
    return product;
  }

  /** Price (integer COP > 0), stock per size (integer ≥ 0; `reserved` untouched) and active, in one transaction. */
  async update(input: UpdateProductInput): Promise<ProductEntity> {
    const id = productId(input.productId);
    if (input.price != null && (!Number.isInteger(input.price) || input.price <= 0 || input.price > 100_000_000)) {
      throw badInput('El precio debe ser un número entero de pesos mayor que 0.', 'price');
    }
    for (const s of input.sizes ?? []) {
      if (!Number.isInteger(s.stock) || s.stock < 0 || s.stock > 1_000_000) throw badInput('El inventario debe ser un número entero mayor o igual a 0.', 'sizes');
    }
    await this.ds.transaction(async (em) => {
      const product = await em.getRepository(ProductEntity).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!product) throw notFound('El producto no existe.');
      const changes: Partial<ProductEntity> = {};
      if (input.price != null) changes.price = input.price;
      if (input.active != null) changes.active = input.active;
      if (Object.keys(changes).length) await em.getRepository(ProductEntity).update({ id }, changes);
      if (input.sizes?.length) {
        const sizeIds = input.sizes.map((s) => Number(s.sizeId));
        const owned = await em.getRepository(ProductSizeEntity).findBy({ productId: id, id: In(sizeIds.filter(Number.isInteger)) });
        if (owned.length !== new Set(sizeIds).size) throw badInput('Una de las tallas no pertenece a este producto.', 'sizes');
        for (const s of input.sizes) await em.getRepository(ProductSizeEntity).update({ id: Number(s.sizeId), productId: id }, { stock: s.stock });
      }
    });
    return this.byId(id);
  }

  /** Validates type and size, stores the file under `products/<slug>-<random>.<ext>` and appends it. */
  async addImage(input: AddImageInput): Promise<ProductEntity> {
    const product = await this.byId(input.productId);
    const ext = IMAGE_TYPES[input.contentType];
    if (!ext) throw badInput('Formato no admitido: usa PNG, JPEG, WebP o SVG.', 'contentType');
    const base64 = input.dataBase64.replace(/^data:[^,]*,/, '').replace(/\s/g, '');
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length === 0) throw badInput('El archivo no es válido.', 'dataBase64');
    if (base64.length > Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 4) throw badInput('La imagen supera los 5 MB.', 'dataBase64');
    const data = Buffer.from(base64, 'base64');
    if (data.length > MAX_IMAGE_BYTES) throw badInput('La imagen supera los 5 MB.', 'dataBase64');
    const size = imageSize(input.contentType, data);
    if (!size) throw badInput('El archivo no es una imagen válida del formato indicado.', 'dataBase64');
    const alt = input.alt.trim().slice(0, 200) || product.name;
    const key = `products/${product.slug}-${randomBytes(5).toString('hex')}.${ext}`;
    const url = await this.media.put(key, data, input.contentType);
    // Phones get a WebP of their width (JPEG where WebP is missing) instead of the full upload.
    let variants = null;
    if (input.contentType !== 'image/svg+xml') {
      try {
        variants = await createImageVariants(this.media, key, data, size);
      } catch {
        throw badInput('No pudimos procesar la imagen: revisa que el archivo no esté dañado.', 'dataBase64');
      }
    }
    await this.ds.query(
      `INSERT INTO product_image (product_id, storage_key, url, alt, width, height, position, variants)
       SELECT $1, $2, $3, $4, $5, $6, COALESCE(MAX(position), -1) + 1, $7::jsonb FROM product_image WHERE product_id = $1`,
      [product.id, key, url, alt, size.width, size.height, variants ? JSON.stringify(variants) : null],
    );
    return product;
  }

  /** Detaches an image from the product (the stored file stays; other records may point to it). */
  async removeImage(productIdValue: string, imageId: string): Promise<ProductEntity> {
    const product = await this.byId(productIdValue);
    const result = await this.ds.getRepository(ProductImageEntity).delete({ id: Number(imageId) || -1, productId: product.id });
    if (!result.affected) throw notFound('La imagen no existe.');
    return product;
  }
}
