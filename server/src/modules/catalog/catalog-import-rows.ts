import {
  headerKey,
  readPets,
  readStatus,
  readWholeNumber,
  SHEET_COLUMNS,
  type ProductSheetStatus,
  type SheetColumnKey,
  type SheetPet,
} from '#shared/catalog-sheet.js';
import { normalizeSku, slugify, SKU_PATTERN, SLUG_PATTERN } from '#shared/product-form.js';
import type { SheetCell, SheetRow } from './catalog-sheet-read.js';
import type { SnapshotProduct } from './catalog-snapshot.js';

export interface RowProblem {
  line: number;
  /** The column's header, when one cell is at fault. */
  column: string | null;
  message: string;
}

export interface DraftSize {
  line: number;
  label?: string;
  sku?: string;
  stock?: number;
  exportedStock?: number;
}

/** The product-level values a file gives (absent: not given, left as they are). */
export interface DraftFields {
  slug?: string;
  name?: string;
  categorySlug?: string;
  pets?: SheetPet[];
  description?: string;
  price?: number;
  collections?: string[];
  status?: ProductSheetStatus;
  images?: string[];
}

export interface DraftProduct extends DraftFields {
  /** `id:<n>` for a product of the shop, `slug:<s>` for a new one. */
  key: string;
  existing: SnapshotProduct | null;
  lines: number[];
  sizes: DraftSize[];
}

export interface CatalogIndex {
  byId: Map<number, SnapshotProduct>;
  bySlug: Map<string, SnapshotProduct>;
  bySku: Map<string, { product: SnapshotProduct; sizeId: number }>;
  categories: Array<{ slug: string; name: string }>;
}

export function indexCatalog(products: SnapshotProduct[], categories: Array<{ slug: string; name: string }>) {
  const index: CatalogIndex = { byId: new Map(), bySlug: new Map(), bySku: new Map(), categories };
  for (const p of products) {
    index.byId.set(p.id, p);
    index.bySlug.set(p.slug, p);
    for (const s of p.sizes) index.bySku.set(s.sku, { product: p, sizeId: s.id });
  }
  return index;
}

const header = (key: SheetColumnKey) => SHEET_COLUMNS.find((c) => c.key === key)!.header;
const COLLECTION = /^[a-z0-9][a-z0-9-]{0,39}$/;
const MAX_IMAGES = 12;

type Reader = (line: number, column: SheetColumnKey, message: string) => void;

/** Typed values of one row's cells; each unreadable cell adds a problem and is left out. */
function readRow(
  row: SheetRow,
  index: CatalogIndex,
  problem: Reader,
): DraftFields & Omit<DraftSize, 'line'> & { id?: number } {
  const out: DraftFields & Omit<DraftSize, 'line'> & { id?: number } = {};
  const text = (key: SheetColumnKey): string | undefined => {
    const c: SheetCell | undefined = row.cells[key];
    if (!c) return undefined;
    if (c.formula) {
      problem(row.line, key, 'Tiene una fórmula: escriba el valor (copie y pegue «solo valores»).');
      return undefined;
    }
    if (c.tooLong) {
      problem(row.line, key, 'El texto es demasiado largo (máximo 5.000 caracteres).');
      return undefined;
    }
    return c.text === '' ? undefined : c.text;
  };
  const whole = (key: SheetColumnKey, what: 'price' | 'stock'): number | undefined => {
    const t = text(key);
    if (t === undefined) return undefined;
    const r = readWholeNumber(t);
    if ('value' in r) {
      if (what === 'stock' && r.value < 0) problem(row.line, key, 'El inventario no puede ser negativo.');
      else if (what === 'price' && r.value <= 0) problem(row.line, key, 'El precio debe ser mayor que 0.');
      else if (r.value > (what === 'price' ? 100_000_000 : 1_000_000))
        problem(row.line, key, what === 'price' ? 'El precio es demasiado alto.' : 'El inventario es demasiado alto.');
      else return r.value;
      return undefined;
    }
    const subject = what === 'price' ? 'El precio' : 'El inventario';
    problem(
      row.line,
      key,
      r.error === 'decimal'
        ? `${subject} debe ser un número entero${what === 'price' ? ' de pesos (sin centavos)' : ''}.`
        : r.error === 'ambiguous'
          ? `«${t.slice(0, 20)}» es ambiguo: escriba ${what === 'price' ? '85000 u 85.000' : 'el número sin separadores'}.`
          : `«${t.slice(0, 20)}» no es un número entero${what === 'price' ? ' de pesos (ej. 85000 o $ 85.000)' : ''}.`,
    );
    return undefined;
  };

  const id = text('id');
  if (id !== undefined) {
    if (/^\d{1,9}$/.test(id) && index.byId.has(Number(id))) out.id = Number(id);
    else
      problem(row.line, 'id', `No hay un producto con el ID «${id.slice(0, 20)}»: déjelo vacío para crear uno nuevo.`);
  }
  const slug = text('slug');
  if (slug !== undefined) {
    if (slug.length <= 120 && SLUG_PATTERN.test(slug)) out.slug = slug;
    else
      problem(
        row.line,
        'slug',
        'La dirección (slug) solo admite minúsculas sin tildes, números y guiones (máximo 120).',
      );
  }
  out.name = text('name');
  out.description = text('description');
  const category = text('category');
  if (category !== undefined) {
    const key = headerKey(category);
    const found = index.categories.find((c) => c.slug === key || headerKey(c.name) === key);
    if (found) out.categorySlug = found.slug;
    else
      problem(
        row.line,
        'category',
        `Categoría desconocida: «${category.slice(0, 40)}». Use una de: ${index.categories.map((c) => c.slug).join(', ')}.`,
      );
  }
  const pets = row.cells.pets;
  if (pets && !pets.formula && !pets.tooLong) {
    const read = pets.text === '' ? undefined : readPets(pets.text);
    if (read || pets.text === '') out.pets = read;
    else
      problem(
        row.line,
        'pets',
        `Mascota desconocida: «${pets.text.slice(0, 30)}». Use «Perro», «Gato» o «Perro y gato».`,
      );
  } else text('pets');
  out.price = whole('price', 'price');
  const collections = row.cells.collections;
  if (collections && !collections.formula && !collections.tooLong) {
    const list = [
      ...new Set(
        collections.text
          .split(/[,;|]/)
          .map((c) => c.trim().toLowerCase())
          .filter(Boolean),
      ),
    ];
    const bad = list.find((c) => !COLLECTION.test(c));
    if (bad)
      problem(row.line, 'collections', `Colección no válida: «${bad.slice(0, 40)}» (minúsculas, números y guiones).`);
    else if (list.length) out.collections = list;
  } else text('collections');
  const status = text('status');
  if (status !== undefined) {
    const read = readStatus(status);
    if (read) out.status = read;
    else
      problem(
        row.line,
        'status',
        `Estado desconocido: «${status.slice(0, 30)}». Use «Publicado», «Borrador» o «Archivado».`,
      );
  }
  const images = text('images');
  if (images !== undefined) {
    const urls = images.split(/[\s|]+/).filter(Boolean);
    const bad = urls.find((u) => !/^https?:\/\/[^\s/]+/i.test(u) || u.length > 2000);
    if (bad) problem(row.line, 'images', `«${bad.slice(0, 60)}» no es una dirección http o https de una imagen.`);
    else if (urls.length > MAX_IMAGES)
      problem(row.line, 'images', `Un producto admite como máximo ${MAX_IMAGES} imágenes.`);
    else out.images = [...new Set(urls)];
  }
  out.label = text('size');
  const sku = text('sku');
  if (sku !== undefined) {
    const normal = normalizeSku(sku);
    if (SKU_PATTERN.test(normal)) out.sku = normal;
    else
      problem(
        row.line,
        'sku',
        'El SKU admite hasta 50 letras sin tildes, números, puntos, guiones y guiones bajos (ej. COL-CUERO-M).',
      );
  }
  out.stock = whole('stock', 'stock');
  out.exportedStock = whole('exportedStock', 'stock');
  return out;
}

const FIELD_KEYS: Array<[keyof DraftFields, SheetColumnKey]> = [
  ['slug', 'slug'],
  ['name', 'name'],
  ['categorySlug', 'category'],
  ['pets', 'pets'],
  ['description', 'description'],
  ['price', 'price'],
  ['collections', 'collections'],
  ['status', 'status'],
  ['images', 'images'],
];

/**
 * Groups the rows into products (by ID, else slug, else the SKU's product, else the slug of the name) and reads
 * every cell. A product's own columns may be repeated on each of its rows or written on one of them; when two of
 * its rows disagree, that is a problem. Returns the products and the problems (with their lines).
 */
export function draftProducts(
  rows: SheetRow[],
  columns: readonly SheetColumnKey[],
  index: CatalogIndex,
): { drafts: DraftProduct[]; problems: RowProblem[] } {
  const problems: RowProblem[] = [];
  const problem: Reader = (line, column, message) => problems.push({ line, column: header(column), message });
  const drafts = new Map<string, DraftProduct>();
  for (const row of rows) {
    const before = problems.length;
    const v = readRow(row, index, problem);
    const existing =
      (v.id !== undefined ? index.byId.get(v.id) : undefined) ??
      (v.slug !== undefined ? index.bySlug.get(v.slug) : undefined) ??
      (v.sku !== undefined && v.id === undefined && v.slug === undefined
        ? index.bySku.get(v.sku)?.product
        : undefined) ??
      (v.id === undefined && v.slug === undefined && v.name !== undefined
        ? index.bySlug.get(slugify(v.name))
        : undefined);
    const newSlug = v.slug ?? (v.name !== undefined ? slugify(v.name) : undefined);
    const key = existing ? `id:${existing.id}` : newSlug ? `slug:${newSlug}` : null;
    if (!key) {
      if (problems.length === before)
        problem(
          row.line,
          'name',
          'No se sabe de qué producto es esta fila: escriba su ID, su slug, su SKU o su nombre.',
        );
      continue;
    }
    let draft = drafts.get(key);
    if (!draft) {
      draft = { key, existing: existing ?? null, lines: [], sizes: [] };
      if (!existing && v.slug === undefined && newSlug) draft.slug = newSlug;
      drafts.set(key, draft);
    }
    draft.lines.push(row.line);
    for (const [field, column] of FIELD_KEYS) {
      const value = v[field];
      if (value === undefined) continue;
      const had = draft[field];
      if (had === undefined) {
        (draft as unknown as Record<string, unknown>)[field] = value;
      } else if (JSON.stringify(had) !== JSON.stringify(value)) {
        problem(
          row.line,
          column,
          `«${header(column)}» no coincide con la línea ${draft.lines[0]} del mismo producto: un producto tiene un solo valor.`,
        );
      }
    }
    if (v.label !== undefined || v.sku !== undefined || v.stock !== undefined)
      draft.sizes.push({ line: row.line, label: v.label, sku: v.sku, stock: v.stock, exportedStock: v.exportedStock });
  }
  // An empty «Mascota» or «Colecciones» on every row of a product means none (the export writes them that way).
  for (const draft of drafts.values()) {
    if (columns.includes('pets')) draft.pets ??= [];
    if (columns.includes('collections')) draft.collections ??= [];
  }
  return { drafts: [...drafts.values()], problems };
}
