import type { ProductFormInput } from '#shared/product-form.js';
import { defaultSizeGuide, formatMeasure, parseMeasure, type SizeMeasurement } from '#shared/size-guide.js';
import { parsePesos, parseWhole } from '../../lib/staff-format';
import type { StaffProductFieldsFragment } from './staff-catalog.generated';
import type { Pet } from '../../gql/types';

/** What the product form's inputs hold (text as typed); `toProductInput` turns it into the shared schema's input. */
export interface ProductFormValues {
  name: string;
  slug: string;
  categorySlug: string;
  description: string;
  price: string;
  active: boolean;
  collections: string[];
  pets: Pet[];
  sizes: Array<{
    id: string | null;
    label: string;
    sku: string;
    stock: string;
    expectedStock: number | null;
    reserved: number;
  }>;
  guideOn: boolean;
  sizeGuide: {
    measurements: SizeMeasurement[];
    /** Cell text by `<size label>|<measurement>`, e.g. `32-40` or `2,5`. */
    cells: Record<string, string>;
    note: string;
  };
}

export const cellKey = (size: string, measurement: SizeMeasurement) => `${size.trim()}|${measurement}`;

const LETTER_SIZES = ['XS', 'S', 'M', 'L', 'XL'];

/** A new product: letter sizes for most categories (staff change them), no guide until a category is chosen. */
export const EMPTY_PRODUCT: ProductFormValues = {
  name: '',
  slug: '',
  categorySlug: '',
  description: '',
  price: '',
  active: true,
  collections: [],
  pets: ['DOG'],
  sizes: LETTER_SIZES.map((label) => ({ id: null, label, sku: '', stock: '0', expectedStock: null, reserved: 0 })),
  guideOn: false,
  sizeGuide: { measurements: [], cells: {}, note: '' },
};

/** The form's guide fields from a guide (cells as es-CO text). */
export function guideToForm(
  guide:
    | {
        measurements: readonly SizeMeasurement[];
        rows: ReadonlyArray<{ size: string; values: ReadonlyArray<{ min: number; max?: number | null }> }>;
        note?: string | null;
      }
    | null
    | undefined,
): ProductFormValues['sizeGuide'] {
  if (!guide) return { measurements: [], cells: {}, note: '' };
  const cells: Record<string, string> = {};
  for (const row of guide.rows)
    guide.measurements.forEach((m, i) => {
      const v = row.values[i];
      if (v) cells[cellKey(row.size, m)] = formatMeasure({ min: v.min, max: v.max ?? null });
    });
  return { measurements: [...guide.measurements], cells, note: guide.note ?? '' };
}

/** The category's suggested guide for these sizes (the "Usar medidas sugeridas" button). */
export function suggestedGuide(categorySlug: string, sizeLabels: string[]): ProductFormValues['sizeGuide'] | null {
  const guide = defaultSizeGuide(categorySlug, sizeLabels.map((l) => l.trim()).filter(Boolean));
  return guide ? guideToForm(guide) : null;
}

export function productToForm(p: StaffProductFieldsFragment): ProductFormValues {
  return {
    name: p.name,
    slug: p.slug,
    categorySlug: p.category.slug,
    description: p.description,
    price: String(p.price),
    active: p.active,
    collections: [...p.collections],
    pets: [...p.pets],
    sizes: p.sizes.map((s) => ({
      id: s.id,
      label: s.label,
      sku: s.sku,
      stock: String(s.stock),
      expectedStock: s.stock,
      reserved: s.reserved,
    })),
    guideOn: Boolean(p.sizeGuide),
    sizeGuide: guideToForm(p.sizeGuide),
  };
}

/** Form text → the shared schema's input (what cannot be read becomes NaN, which the shared rules refuse with their message). */
export function toProductInput(v: ProductFormValues): ProductFormInput {
  const measurements = v.sizeGuide.measurements;
  return {
    name: v.name,
    slug: v.slug.trim() || null,
    categorySlug: v.categorySlug,
    description: v.description,
    price: parsePesos(v.price) ?? Number.NaN,
    active: v.active,
    collections: v.collections,
    pets: v.pets,
    sizes: v.sizes.map((s) => ({
      id: s.id,
      label: s.label,
      sku: s.sku.trim() || null,
      stock: parseWhole(s.stock) ?? Number.NaN,
      expectedStock: s.expectedStock,
    })),
    sizeGuide: v.guideOn
      ? {
          measurements,
          note: v.sizeGuide.note,
          rows: v.sizes.map((s) => ({
            size: s.label.trim(),
            values: measurements.map(
              (m) => parseMeasure(v.sizeGuide.cells[cellKey(s.label, m)] ?? '') ?? { min: Number.NaN, max: null },
            ),
          })),
        }
      : null,
  };
}
