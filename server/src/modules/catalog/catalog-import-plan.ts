import { createHash } from 'node:crypto';
import { petsLabel, STATUS_LABELS, type ProductSheetStatus } from '#shared/catalog-sheet.js';
import { productInputSchema, type ProductFormInput } from '#shared/product-form.js';
import { formatCop } from '#shared/money.js';
import type { CatalogIndex, DraftProduct, RowProblem } from './catalog-import-rows.js';
import type { SnapshotImage, SnapshotProduct } from './catalog-snapshot.js';
import { absoluteUrl } from './catalog-sheet-write.js';

/** Where each picture of an imported product comes from. */
export type ImageSource =
  | { kind: 'keep'; imageId: number }
  | { kind: 'copy'; image: SnapshotImage; url: string }
  | { kind: 'fetch'; url: string };

export interface PlannedSize {
  id: number | null;
  label: string;
  /** Null for a new size without one: the database gives the default. */
  sku: string | null;
  /** A new size's stock; existing sizes change stock only through `stock` changes. */
  stock: number;
}

/** A stock change: applied as `target - seen` against the stock at the time of applying. */
export interface StockChange {
  sizeId: number;
  seen: number;
  target: number;
  line: number;
  label: string;
}

export interface FieldChange {
  field: string;
  before: string | null;
  after: string | null;
  /** Stock changes are carried apart (deltas) and left out of the plan's fingerprint. */
  stock?: boolean;
}

export interface FinalProduct {
  slug: string;
  name: string;
  description: string;
  price: number;
  categorySlug: string;
  collections: string[];
  pets: Array<'DOG' | 'CAT'>;
  status: ProductSheetStatus;
}

export interface PlannedProduct {
  kind: 'CREATE' | 'UPDATE' | 'ARCHIVE' | 'UNCHANGED';
  key: string;
  productId: number | null;
  line: number | null;
  final: FinalProduct;
  before: SnapshotProduct | null;
  changes: FieldChange[];
  sizes: PlannedSize[];
  stock: StockChange[];
  /** Undefined: the pictures stay as they are. */
  images?: ImageSource[];
}

export interface ImportPlan {
  products: PlannedProduct[];
  problems: RowProblem[];
  /** Products left alone because one of their rows has a problem. */
  skipped: Array<{ key: string; name: string; line: number }>;
}

const COLUMN_OF_FIELD: Record<string, string> = {
  name: 'Nombre',
  slug: 'Slug',
  categorySlug: 'Categoría',
  description: 'Descripción',
  price: 'Precio',
  sizes: 'Talla',
  active: 'Estado',
  collections: 'Colecciones',
};

const statusOf = (p: SnapshotProduct): ProductSheetStatus =>
  p.archived ? 'ARCHIVED' : p.active ? 'PUBLISHED' : 'DRAFT';
const norm = (s: string) => s.trim().toUpperCase();

interface PlanContext {
  index: CatalogIndex;
  publicUrl: string;
  /** Every stored picture of the shop by its absolute URL (a file may point a product at another's picture). */
  storedImages: Map<string, SnapshotImage>;
  problems: RowProblem[];
}

function planImages(d: DraftProduct, ctx: PlanContext): ImageSource[] | undefined {
  if (!d.images) return undefined;
  const current = d.existing?.images ?? [];
  return d.images.map((url): ImageSource => {
    const abs = absoluteUrl(url, ctx.publicUrl);
    const own = current.find((i) => absoluteUrl(i.url, ctx.publicUrl) === abs || i.sourceUrl === url);
    if (own) return { kind: 'keep', imageId: own.id };
    const stored = ctx.storedImages.get(abs);
    return stored ? { kind: 'copy', image: stored, url } : { kind: 'fetch', url };
  });
}

function describeImages(sources: ImageSource[] | undefined, p: SnapshotProduct | null, publicUrl: string) {
  if (!sources) return null;
  return sources
    .map((s) => (s.kind === 'keep' ? absoluteUrl(p!.images.find((i) => i.id === s.imageId)!.url, publicUrl) : s.url))
    .join(' | ');
}

/** One product of the file against the shop: what it would become, what changes, or why it cannot. */
function planProduct(d: DraftProduct, ctx: PlanContext): PlannedProduct | RowProblem[] {
  const e = d.existing;
  const first = d.lines[0]!;
  const problems: RowProblem[] = [];
  const status = d.status ?? (e ? statusOf(e) : 'PUBLISHED');
  const final: FinalProduct = {
    slug: d.slug ?? e?.slug ?? '',
    name: d.name ?? e?.name ?? '',
    description: d.description ?? e?.description ?? '',
    price: d.price ?? e?.price ?? Number.NaN,
    categorySlug: d.categorySlug ?? e?.categorySlug ?? '',
    collections: d.collections ?? e?.collections ?? [],
    pets: d.pets ?? e?.pets ?? [],
    status,
  };
  if (!e) {
    const missing = (
      [
        ['name', 'Nombre'],
        ['description', 'Descripción'],
        ['price', 'Precio'],
        ['categorySlug', 'Categoría'],
      ] as const
    ).filter(([k]) => d[k] === undefined);
    for (const [, column] of missing)
      problems.push({ line: first, column, message: `Producto nuevo: falta «${column}».` });
  }
  // Sizes: the shop's, matched by SKU then by name; the file's others are new. Sizes the file leaves out stay.
  const sizes: Array<PlannedSize & { line: number | null }> = (e?.sizes ?? []).map((s) => ({
    id: s.id,
    label: s.label,
    sku: s.sku,
    stock: s.stock,
    line: null,
  }));
  const stock: StockChange[] = [];
  const changes: FieldChange[] = [];
  const seenAt = new Map<number | string, number>();
  for (const ds of d.sizes) {
    const match =
      (ds.sku !== undefined ? e?.sizes.find((s) => s.sku === ds.sku) : undefined) ??
      (ds.label !== undefined ? e?.sizes.find((s) => norm(s.label) === norm(ds.label!)) : undefined);
    const identity = match?.id ?? `new:${norm(ds.label ?? ds.sku ?? '')}`;
    const earlier = seenAt.get(identity);
    if (earlier !== undefined) {
      problems.push({
        line: ds.line,
        column: 'Talla',
        message: `La talla ${ds.label ?? ds.sku} aparece dos veces en este producto (líneas ${earlier} y ${ds.line}).`,
      });
      continue;
    }
    seenAt.set(identity, ds.line);
    if (match) {
      const planned = sizes.find((s) => s.id === match.id)!;
      planned.line = ds.line;
      if (ds.label !== undefined && ds.label !== match.label) {
        planned.label = ds.label;
        changes.push({ field: `Talla ${match.label}: nombre`, before: match.label, after: ds.label });
      }
      if (ds.sku !== undefined && ds.sku !== match.sku) {
        planned.sku = ds.sku;
        changes.push({ field: `Talla ${match.label}: SKU`, before: match.sku, after: ds.sku });
      }
      const untouched = ds.exportedStock !== undefined && ds.exportedStock === ds.stock;
      if (ds.stock !== undefined && !untouched && ds.stock !== match.stock) {
        stock.push({ sizeId: match.id, seen: match.stock, target: ds.stock, line: ds.line, label: match.label });
        changes.push({
          field: `Talla ${match.label}: inventario`,
          before: String(match.stock),
          after: String(ds.stock),
          stock: true,
        });
      }
    } else {
      if (ds.label === undefined)
        problems.push({ line: ds.line, column: 'Talla', message: 'Talla nueva: falta su nombre.' });
      if (ds.stock === undefined)
        problems.push({ line: ds.line, column: 'Inventario', message: 'Talla nueva: falta su inventario.' });
      if (ds.label === undefined || ds.stock === undefined) continue;
      sizes.push({ id: null, label: ds.label, sku: ds.sku ?? null, stock: ds.stock, line: ds.line });
      if (e)
        changes.push({
          field: `Talla nueva ${ds.label}`,
          before: null,
          after: `${ds.stock} unidades${ds.sku ? ` (SKU ${ds.sku})` : ''}`,
        });
    }
  }
  if (problems.length) return problems;

  const input: ProductFormInput = {
    name: final.name,
    slug: final.slug || null,
    categorySlug: final.categorySlug,
    description: final.description,
    price: final.price,
    active: final.status === 'PUBLISHED',
    collections: final.collections,
    pets: final.pets,
    sizes: sizes.map((s) => ({ id: s.id === null ? null : String(s.id), label: s.label, sku: s.sku, stock: s.stock })),
  };
  const parsed = productInputSchema.safeParse(input);
  if (!parsed.success) {
    const seen = new Set<string>();
    for (const issue of parsed.error.issues) {
      const [field, i] = issue.path;
      const line = field === 'sizes' && typeof i === 'number' ? (sizes[i]?.line ?? first) : first;
      const key = `${line}|${issue.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      problems.push({ line, column: COLUMN_OF_FIELD[String(field)] ?? null, message: issue.message });
    }
    return problems;
  }
  final.slug = parsed.data.slug ?? final.slug;
  final.name = parsed.data.name;
  final.description = parsed.data.description;
  const images = planImages(d, ctx);

  if (e) {
    const imagesBefore = describeImages(
      e.images.map((i) => ({ kind: 'keep' as const, imageId: i.id })),
      e,
      ctx.publicUrl,
    );
    const imagesAfter = describeImages(images, e, ctx.publicUrl);
    const head: FieldChange[] = [];
    const push = (field: string, before: string, after: string) => {
      if (before !== after) head.push({ field, before, after });
    };
    push('Nombre', e.name, final.name);
    push('Slug', e.slug, final.slug);
    push('Categoría', e.categorySlug, final.categorySlug);
    push('Mascota', petsLabel(e.pets), petsLabel(final.pets));
    push('Descripción', e.description, final.description);
    push('Precio', formatCop(e.price), formatCop(final.price));
    push('Colecciones', e.collections.join(', '), final.collections.join(', '));
    push('Estado', STATUS_LABELS[statusOf(e)], STATUS_LABELS[final.status]);
    if (imagesAfter !== null && imagesAfter !== imagesBefore) push('Imágenes', imagesBefore ?? '', imagesAfter);
    changes.unshift(...head);
  }
  return {
    kind: e ? (changes.length ? 'UPDATE' : 'UNCHANGED') : 'CREATE',
    key: d.key,
    productId: e?.id ?? null,
    line: first,
    final,
    before: e,
    changes,
    sizes: sizes.map(({ id, label, sku, stock: units }) => ({ id, label, sku, stock: units })),
    stock,
    images,
  };
}

/**
 * The import's plan: every product of the file against the shop as it is now (nothing is written). Products with a
 * problem in any of their rows are left out (`skipped`) with their problems; the rest create, update, stay as they
 * are, or (with `archiveMissing`) archive the shop's products the file does not list.
 */
export function planImport(
  drafts: DraftProduct[],
  readProblems: RowProblem[],
  catalog: SnapshotProduct[],
  index: CatalogIndex,
  options: { archiveMissing: boolean; publicUrl: string },
): ImportPlan {
  const storedImages = new Map<string, SnapshotImage>();
  for (const p of catalog) for (const i of p.images) storedImages.set(absoluteUrl(i.url, options.publicUrl), i);
  const ctx: PlanContext = { index, publicUrl: options.publicUrl, storedImages, problems: [] };
  const problems = [...readProblems];
  const badLines = new Set(readProblems.map((p) => p.line));
  const planned: PlannedProduct[] = [];
  const skipped: ImportPlan['skipped'] = [];
  const skip = (d: DraftProduct) =>
    skipped.push({ key: d.key, name: d.name ?? d.existing?.name ?? d.slug ?? '', line: d.lines[0]! });
  for (const d of drafts) {
    if (d.lines.some((l) => badLines.has(l))) {
      skip(d);
      continue;
    }
    const result = planProduct(d, ctx);
    if (Array.isArray(result)) {
      problems.push(...result);
      skip(d);
    } else planned.push(result);
  }
  // Slugs and SKUs must be unique in the shop as it would be after the import.
  const claimed = new Map<string, { key: string; line: number | null; name: string }>();
  const sku = new Map<string, { key: string; line: number | null; name: string }>();
  const inFile = new Set(planned.map((p) => p.key));
  for (const p of catalog) {
    if (inFile.has(`id:${p.id}`)) continue;
    claimed.set(p.slug, { key: `id:${p.id}`, line: null, name: p.name });
    for (const s of p.sizes) sku.set(s.sku, { key: `id:${p.id}`, line: null, name: p.name });
  }
  const conflicted = new Set<string>();
  const owner = (o: { line: number | null; name: string }) =>
    o.line === null ? `de otro producto de la tienda («${o.name}»)` : `del producto de la línea ${o.line}`;
  for (const p of planned) {
    const other = claimed.get(p.final.slug);
    if (other && other.key !== p.key) {
      problems.push({
        line: p.line!,
        column: 'Slug',
        message: `La dirección (slug) «${p.final.slug}» ya es ${owner(other)}: cada producto necesita la suya.`,
      });
      conflicted.add(p.key);
    } else claimed.set(p.final.slug, { key: p.key, line: p.line, name: p.final.name });
    for (const s of p.sizes) {
      if (s.sku === null) continue;
      const holder = sku.get(s.sku);
      if (holder && holder.key !== p.key) {
        problems.push({ line: p.line!, column: 'SKU', message: `El SKU ${s.sku} ya es ${owner(holder)}.` });
        conflicted.add(p.key);
      } else sku.set(s.sku, { key: p.key, line: p.line, name: p.final.name });
    }
  }
  const products = planned.filter((p) => {
    if (!conflicted.has(p.key)) return true;
    skipped.push({ key: p.key, name: p.final.name, line: p.line! });
    return false;
  });
  if (options.archiveMissing) {
    const listed = new Set([...drafts.map((d) => d.key)]);
    for (const p of catalog) {
      if (p.archived || listed.has(`id:${p.id}`)) continue;
      products.push({
        kind: 'ARCHIVE',
        key: `id:${p.id}`,
        productId: p.id,
        line: null,
        final: { ...p, status: 'ARCHIVED' },
        before: p,
        changes: [{ field: 'Estado', before: STATUS_LABELS[statusOf(p)], after: STATUS_LABELS.ARCHIVED }],
        sizes: [],
        stock: [],
      });
    }
  }
  problems.sort((a, b) => a.line - b.line);
  return { products, problems, skipped };
}

/**
 * What the plan would change apart from stock (whose changes travel as deltas): applying recomputes the plan and
 * refuses when this differs from the preview's, so what staff saw is exactly what is written.
 */
export function planFingerprint(plan: ImportPlan, options: object): string {
  const shape = plan.products
    .filter((p) => p.kind === 'CREATE' || p.kind === 'ARCHIVE' || p.changes.some((c) => !c.stock))
    .map((p) => [p.kind, p.key, p.changes.filter((c) => !c.stock).map((c) => [c.field, c.before, c.after])]);
  return createHash('sha256')
    .update(JSON.stringify([shape, plan.skipped.map((s) => s.key), options]))
    .digest('base64url');
}
