import { createHash } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { auditChange } from '../../common/audit.js';
import { commit, inTransaction, isUniqueViolation, rollback } from '../../common/db.js';
import {
  fetchRemoteImage,
  MediaWriteLog,
  storeRemoteImage,
  type MediaStore,
  type RemoteImage,
} from '../media/index.js';
import { readCatalogSheet, type SheetFormat } from './catalog-sheet-read.js';
import { wholeCatalog, type Queryable } from './catalog-snapshot.js';
import { draftProducts, indexCatalog, type RowProblem } from './catalog-import-rows.js';
import {
  planFingerprint,
  planImport,
  type ImportPlan,
  type PlannedProduct,
  type StockChange,
} from './catalog-import-plan.js';
import { applyPlan, type ApplyCounts, type StoredPicture } from './catalog-import-apply.js';
import { productSnapshots } from './product-audit.js';

export interface ImportFile {
  fileName: string;
  data: Buffer;
  skipBadRows: boolean;
  archiveMissing: boolean;
}

export interface ImportPreview {
  __typename: 'CatalogImportPreview';
  fileName: string;
  format: SheetFormat;
  rows: number;
  creates: PlannedProduct[];
  updates: PlannedProduct[];
  archives: PlannedProduct[];
  unchanged: number;
  problems: RowProblem[];
  skipped: ImportPlan['skipped'];
  ignoredColumns: string[];
  /** Nothing blocks applying: no problem, or staff chose to skip the products that have one. */
  canApply: boolean;
  /** Carries the plan's fingerprint and the stock each changed size had (apply needs it back). */
  token: string;
}

export interface ImportApplied extends ApplyCounts {
  __typename: 'CatalogImportApplied';
  unchanged: number;
  skipped: number;
}

/** The import cannot go ahead as previewed; nothing was written. */
export interface ImportRefused {
  __typename: 'CatalogImportRefused';
  message: string;
  problems: RowProblem[];
}

interface Token {
  v: 1;
  file: string;
  plan: string;
  /** [size id, stock seen, target] of every stock change. */
  stock: Array<[number, number, number]>;
}

const refused = (message: string, problems: RowProblem[] = []): ImportRefused => ({
  __typename: 'CatalogImportRefused',
  message,
  problems,
});

const IMAGE_FETCHES_AT_ONCE = 4;

/** The longest preview token read back (it lists every stock change of the file). */
export const MAX_IMPORT_TOKEN_CHARS = 4_000_000;

/** An import's record id in the activity log: the file's hash, shortened (its preview and apply share it). */
const importId = (fileHash: string) => fileHash.slice(0, 16);

/** The shop's products an apply writes to: the ones the preview updates or archives. */
function touchedProducts(plan: ImportPlan, token: Token): number[] {
  const ids = new Set<number>();
  for (const p of plan.products)
    if ((p.kind === 'UPDATE' || p.kind === 'ARCHIVE') && p.productId !== null) ids.add(p.productId);
  // The preview's stock changes go in as deltas even where the product now reads as unchanged (sales since): those
  // products are locked too.
  const sizes = new Set(token.stock.map(([sizeId]) => sizeId));
  for (const p of plan.products) if (p.before?.sizes.some((s) => sizes.has(s.id))) ids.add(p.productId!);
  return [...ids].sort((a, b) => a - b);
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/**
 * Catalogue import from a spreadsheet: a preview that writes nothing (what each product would become, every problem
 * with its line) and an apply that writes exactly what was previewed, in one transaction, or nothing.
 */
export class CatalogImportService {
  constructor(
    private readonly ds: DataSource,
    private readonly media: MediaStore,
    private readonly options: { publicUrl: () => string; allowPrivateImageUrls: boolean },
  ) {}

  private async plan(q: Queryable, file: ImportFile) {
    const sheet = await readCatalogSheet(file.fileName, file.data);
    if ('message' in sheet) return sheet;
    // In turn: inside the apply's transaction every statement goes to its one connection.
    const catalog = await wholeCatalog(q);
    const categories = (await q.query(`SELECT slug, name FROM category ORDER BY position`)) as Array<{
      slug: string;
      name: string;
    }>;
    const index = indexCatalog(catalog, categories);
    const { drafts, problems } = draftProducts(sheet.rows, sheet.columns, index);
    const plan = planImport(drafts, problems, catalog, index, {
      archiveMissing: file.archiveMissing,
      publicUrl: this.options.publicUrl(),
    });
    return { sheet, plan };
  }

  /** Checks every picture the plan would fetch; a product with one that fails is moved to the skipped ones. */
  private async checkImages(plan: ImportPlan, keep?: Map<string, RemoteImage>): Promise<void> {
    const urls = [
      ...new Set(plan.products.flatMap((p) => (p.images ?? []).flatMap((s) => (s.kind === 'fetch' ? [s.url] : [])))),
    ];
    const failures = new Map<string, string>();
    await eachLimited(urls, IMAGE_FETCHES_AT_ONCE, async (url) => {
      const image = await fetchRemoteImage(url, { allowPrivate: this.options.allowPrivateImageUrls });
      if ('message' in image) failures.set(url, image.message);
      else keep?.set(url, image);
    });
    if (failures.size === 0) return;
    plan.products = plan.products.filter((p) => {
      const bad = (p.images ?? []).filter((s) => s.kind === 'fetch' && failures.has(s.url));
      if (bad.length === 0) return true;
      for (const s of bad)
        plan.problems.push({
          line: p.line!,
          column: 'Imágenes',
          message: `La imagen ${(s as { url: string }).url.slice(0, 200)} no se pudo usar: ${failures.get((s as { url: string }).url)}.`,
        });
      plan.skipped.push({ key: p.key, name: p.final.name, line: p.line! });
      return false;
    });
    plan.problems.sort((a, b) => a.line - b.line);
  }

  private fileHash(file: ImportFile) {
    return createHash('sha256').update(file.data).digest('base64url');
  }

  private options_(file: ImportFile) {
    return { skipBadRows: file.skipBadRows, archiveMissing: file.archiveMissing };
  }

  async preview(file: ImportFile): Promise<ImportPreview | ImportRefused> {
    const planned = await this.plan(this.ds, file);
    if ('message' in planned) return refused(planned.message);
    const { sheet, plan } = planned;
    await this.checkImages(plan);
    const stock: Token['stock'] = plan.products.flatMap((p) =>
      p.stock.map((s) => [s.sizeId, s.seen, s.target] as [number, number, number]),
    );
    const token: Token = { v: 1, file: this.fileHash(file), plan: planFingerprint(plan, this.options_(file)), stock };
    const count = (kind: PlannedProduct['kind']) => plan.products.filter((p) => p.kind === kind).length;
    // Nothing changes, but who looked at which file is part of the import's story (same record id as its apply).
    await inTransaction(this.ds, async (m) => {
      auditChange(m, {
        entityType: 'catalogImport',
        entityId: importId(token.file),
        detail: {
          file: file.fileName,
          rows: sheet.rows.length,
          created: count('CREATE'),
          updated: count('UPDATE'),
          archived: count('ARCHIVE'),
          problems: plan.problems.length,
        },
      });
      return commit(undefined);
    });
    return {
      __typename: 'CatalogImportPreview',
      fileName: file.fileName,
      format: sheet.format,
      rows: sheet.rows.length,
      creates: plan.products.filter((p) => p.kind === 'CREATE'),
      updates: plan.products.filter((p) => p.kind === 'UPDATE'),
      archives: plan.products.filter((p) => p.kind === 'ARCHIVE'),
      unchanged: plan.products.filter((p) => p.kind === 'UNCHANGED').length,
      problems: plan.problems,
      skipped: plan.skipped,
      ignoredColumns: sheet.ignoredHeaders,
      canApply: plan.problems.length === 0 || file.skipBadRows,
      token: Buffer.from(JSON.stringify(token)).toString('base64url'),
    };
  }

  private readToken(text: string): Token | null {
    try {
      const t = JSON.parse(Buffer.from(text.slice(0, MAX_IMPORT_TOKEN_CHARS), 'base64url').toString('utf8')) as Token;
      const ok =
        t.v === 1 &&
        typeof t.file === 'string' &&
        typeof t.plan === 'string' &&
        Array.isArray(t.stock) &&
        t.stock.every((s) => Array.isArray(s) && s.length === 3 && s.every(Number.isSafeInteger));
      return ok ? t : null;
    } catch {
      return null;
    }
  }

  /**
   * Applies the file exactly as previewed: recomputes the plan against the shop under lock and refuses (nothing
   * written) if it differs apart from stock, if the file is not the previewed one, or if a problem blocks it. Stock
   * changes go in as deltas against what the preview saw. New pictures are fetched and stored before the transaction.
   */
  async apply(file: ImportFile, tokenText: string): Promise<ImportApplied | ImportRefused> {
    const token = this.readToken(tokenText);
    if (!token) return refused('La vista previa no es válida: vuelva a cargar el archivo.');
    if (token.file !== this.fileHash(file))
      return refused('El archivo no es el de la vista previa: vuelva a generarla con este archivo.');
    const outside = await this.plan(this.ds, file);
    if ('message' in outside) return refused(outside.message);
    const images = new Map<string, RemoteImage>();
    await this.checkImages(outside.plan, images);
    if (outside.plan.problems.length && !file.skipBadRows)
      return refused('El archivo tiene filas con problemas: corríjalas o elija omitirlas.', outside.plan.problems);
    // Every file this apply stores is noted: unless the transaction commits, they are deleted again (no picture
    // of a refused or failed import stays behind in the media store).
    const written = new MediaWriteLog(this.media);
    let committed = false;
    try {
      const fetched = new Map<string, StoredPicture>();
      for (const [url, image] of images) {
        const owner = outside.plan.products.find((p) => p.images?.some((s) => s.kind === 'fetch' && s.url === url));
        fetched.set(url, await storeRemoteImage(written, owner?.final.slug ?? 'imagen', image));
      }
      const outcome = await inTransaction<ImportApplied, ImportRefused>(this.ds, async (m) => {
        await this.lock(m, touchedProducts(outside.plan, token));
        const inside = await this.plan(m, file);
        if ('message' in inside) return rollback(refused(inside.message));
        // Pictures that failed outside are failures inside too (the same URLs, already checked).
        const failed = new Set(outside.plan.skipped.map((s) => s.key));
        inside.plan.products = inside.plan.products.filter((p) => {
          if (!failed.has(p.key) || inside.plan.skipped.some((s) => s.key === p.key)) return true;
          inside.plan.skipped.push({ key: p.key, name: p.final.name, line: p.line! });
          return false;
        });
        inside.plan.problems = outside.plan.problems;
        // Only the products the preview touched are locked: any other change since the preview shows up here.
        if (planFingerprint(inside.plan, this.options_(file)) !== token.plan)
          return rollback(
            refused(
              'El catálogo o el archivo cambiaron desde la vista previa: vuelva a generarla y revise los cambios.',
            ),
          );
        const stock: StockChange[] = token.stock.map(([sizeId, seen, target]) => {
          const owner = inside.plan.products.find((p) => p.before?.sizes.some((s) => s.id === sizeId));
          const size = owner?.before?.sizes.find((s) => s.id === sizeId);
          const line = owner?.line ?? 0;
          return { sizeId, seen, target, line, label: size?.label ?? String(sizeId) };
        });
        const existing = touchedProducts(inside.plan, token);
        const before = await productSnapshots(m, existing);
        const result = await applyPlan(m, inside.plan.products, stock, fetched);
        if (Array.isArray(result))
          return rollback(
            refused(
              'El inventario cambió desde la vista previa.',
              result.map((r) => ({ ...r, column: 'Inventario' })),
            ),
          );
        const applied: ImportApplied = {
          __typename: 'CatalogImportApplied',
          ...result,
          unchanged: inside.plan.products.filter((p) => p.kind === 'UNCHANGED').length,
          skipped: inside.plan.skipped.length,
        };
        await this.audit(m, file, token, applied, before, await this.createdIds(m, inside.plan));
        return commit(applied);
      });
      committed = outcome.commit;
      return outcome.commit ? outcome.value : outcome.failure;
    } catch (err) {
      if (isUniqueViolation(err))
        return refused(
          'Otro cambio usó la misma dirección (slug) o SKU mientras se importaba: vuelva a generar la vista previa.',
        );
      throw err;
    } finally {
      if (!committed) await written.discard();
    }
  }

  private async createdIds(m: EntityManager, plan: ImportPlan): Promise<number[]> {
    const slugs = plan.products.filter((p) => p.kind === 'CREATE').map((p) => p.final.slug);
    if (slugs.length === 0) return [];
    const rows: Array<{ id: number }> = await m.query(`SELECT id FROM product WHERE slug = ANY($1::varchar[])`, [
      slugs,
    ]);
    return rows.map((r) => r.id);
  }

  /**
   * The apply's activity entries: one for the import (the file and what it did, what «Actividad» lists) and one per
   * product it created or changed, so each product's own history shows the import's change to it. Products are read
   * in two statements (before and after), whatever the file's size.
   */
  private async audit(
    m: EntityManager,
    file: ImportFile,
    token: Token,
    applied: ImportApplied,
    before: Map<number, Record<string, unknown>>,
    created: number[],
  ): Promise<void> {
    const id = importId(token.file);
    const { created: made, updated, archived, stockChanges, unchanged, skipped } = applied;
    auditChange(m, {
      entityType: 'catalogImport',
      entityId: id,
      detail: { file: file.fileName, created: made, updated, archived, stockChanges, unchanged, skipped },
    });
    const ids = [...before.keys(), ...created];
    const after = await productSnapshots(m, ids);
    for (const productId of ids) {
      const was = before.get(productId) ?? null;
      const now = after.get(productId) ?? null;
      if (JSON.stringify(was) === JSON.stringify(now)) continue;
      auditChange(m, { entityType: 'product', entityId: productId, before: was, after: now, detail: { import: id } });
    }
  }

  /**
   * One import at a time; the products the preview changes (and their sizes) stay as read until it commits, in id
   * order like every other writer. The rest of the catalogue stays open to staff and shoppers: a change there that
   * matters to the import changes the plan's fingerprint (read after locking) or trips a unique index.
   */
  private async lock(m: EntityManager, productIds: number[]) {
    await m.query(`SELECT pg_advisory_xact_lock(hashtext('enzo_catalog_import'))`);
    if (productIds.length === 0) return;
    await m.query(`SELECT id FROM product WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE`, [productIds]);
    await m.query(`SELECT id FROM product_size WHERE product_id = ANY($1::int[]) ORDER BY id FOR UPDATE`, [productIds]);
  }
}
