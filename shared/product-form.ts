import { z } from 'zod';
import { sizeGuideSchema } from './size-guide-schema.js';
import { clientText } from './client-text.js';

/**
 * A product as staff create or edit it (name, slug, category, description, price, sizes with
 * stock, size guide, collections, published). The server validates `staffCreateProduct` and
 * `staffSaveProduct` with `productInputSchema`; the staff product form uses the same schema.
 */

/** Sizes one product may have. */
export const MAX_PRODUCT_SIZES = 12;

export const PRODUCT_MESSAGES = {
  nameMissing: 'Escribe el nombre del producto (al menos 3 caracteres).',
  nameTooLong: 'El nombre es demasiado largo (máximo 160 caracteres).',
  slug: 'La dirección (slug) solo admite minúsculas sin tildes, números y guiones, por ejemplo collar-cuero-miel (máximo 120).',
  slugTaken: 'Ya hay otro producto con esa dirección (slug).',
  category: 'Elige una categoría.',
  descriptionMissing: 'Escribe una descripción de al menos 20 caracteres.',
  descriptionTooLong: 'La descripción es demasiado larga (máximo 5.000 caracteres).',
  price: 'El precio debe ser un número entero de pesos mayor que 0 (ej. 85000).',
  sizesMissing: 'Agrega al menos una talla.',
  sizesTooMany: `Un producto admite como máximo ${MAX_PRODUCT_SIZES} tallas.`,
  sizeLabel: 'Cada talla necesita un nombre de 1 a 10 letras o números (ej. M, Única o 2,5 cm).',
  sizeDuplicate: 'Hay dos tallas con el mismo nombre.',
  sizeRepeated: 'Una talla aparece dos veces en la lista.',
  stock: 'El inventario debe ser un número entero mayor o igual a 0.',
  sku: 'El código (SKU) admite hasta 50 letras sin tildes, números, puntos, guiones y guiones bajos (ej. COL-CUERO-M).',
  skuDuplicate: 'Hay dos tallas con el mismo código (SKU).',
  skuTaken: 'Ya hay otra talla en la tienda con ese código (SKU).',
  collection: 'Colección desconocida.',
} as const;

const M = PRODUCT_MESSAGES;

export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** A size's SKU once upper-cased: Merchant Center and Commerce Manager take it as the item id (50 characters at most). */
export const SKU_PATTERN = /^[A-Z0-9][A-Z0-9._-]{0,49}$/;

/** SKUs are compared and stored in capitals, trimmed: `col-m ` and `COL-M` are the same code. */
export function normalizeSku(text: string): string {
  return text.trim().toUpperCase();
}

/** `Collar Cuero Miel 1,2 m` → `collar-cuero-miel-1-2-m` (ASCII, no accents). */
export function slugify(text: string): string {
  return (
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/ñ/g, 'n')
      .replace(/[^a-z0-9]+/g, '-')
      // Runs of anything else are one dash already: at most one at each end.
      .replace(/^-|-$/g, '')
      .slice(0, 110)
      .replace(/-$/, '')
  );
}

const size = z.object({
  id: clientText(20, M.sizeLabel)
    .nullish()
    .transform((v) => v ?? null),
  label: clientText(10, M.sizeLabel)
    .trim()
    .regex(/^[\p{L}\p{N}][\p{L}\p{N} .,/+-]{0,9}$/u, M.sizeLabel),
  stock: z.number({ message: M.stock }).int(M.stock).min(0, M.stock).max(1_000_000, M.stock),
  /** Empty: kept as it is (a new size gets `ENZ-<product>-<size>`). */
  sku: z
    .string()
    .max(60, M.sku)
    .nullish()
    .transform((v) => (v == null || v.trim() === '' ? null : normalizeSku(v)))
    .pipe(z.string().max(50, M.sku).regex(SKU_PATTERN, M.sku).nullable()),
  /** The stock staff saw when they opened the form: the save is refused if orders moved it since. */
  expectedStock: z
    .number()
    .int()
    .nullish()
    .transform((v) => v ?? null),
});

export const productInputSchema = z
  .object({
    name: z.string().trim().min(3, M.nameMissing).max(160, M.nameTooLong),
    slug: clientText(120, M.slug)
      .nullish()
      .transform((v) => v?.trim() || null)
      .pipe(z.string().max(120, { message: M.slug, abort: true }).regex(SLUG_PATTERN, M.slug).nullable()),
    categorySlug: clientText(80, M.category).min(1, M.category),
    description: z.string().trim().min(20, M.descriptionMissing).max(5000, M.descriptionTooLong),
    price: z.number({ message: M.price }).int(M.price).min(1, M.price).max(100_000_000, M.price),
    active: z.boolean(),
    collections: z
      .array(clientText(80, M.collection))
      .nullish()
      .transform((v) => [...new Set(v ?? [])]),
    pets: z
      .array(z.enum(['DOG', 'CAT']))
      .nullish()
      .transform((v) => (['DOG', 'CAT'] as const).filter((pet) => v?.includes(pet))),
    sizes: z.array(size).min(1, M.sizesMissing).max(MAX_PRODUCT_SIZES, M.sizesTooMany),
    sizeGuide: sizeGuideSchema.nullish().transform((v) => v ?? null),
  })
  .superRefine((p, ctx) => {
    const labels = p.sizes.map((s) => s.label.toUpperCase());
    if (new Set(labels).size !== labels.length)
      ctx.addIssue({ code: 'custom', path: ['sizes'], message: M.sizeDuplicate });
    // The same existing size twice would be saved twice, the last one winning.
    const ids = p.sizes.flatMap((s) => (s.id === null ? [] : [s.id]));
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', path: ['sizes'], message: M.sizeRepeated });
    const skus = p.sizes.flatMap((s) => (s.sku ? [s.sku] : []));
    if (new Set(skus).size !== skus.length) ctx.addIssue({ code: 'custom', path: ['sizes'], message: M.skuDuplicate });
  });

export type ProductFormInput = z.input<typeof productInputSchema>;
export type ValidProduct = z.output<typeof productInputSchema>;
