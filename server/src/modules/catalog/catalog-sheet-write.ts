import type { Writable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { petsLabel, SHEET_COLUMNS, STATUS_LABELS, type SheetColumnKey } from '#shared/catalog-sheet.js';
import type { SnapshotProduct } from './catalog-snapshot.js';

type SheetValue = string | number | null;

/** Absolute URL of a stored picture (local media answer with a path). */
export function absoluteUrl(url: string, publicUrl: string): string {
  try {
    return new URL(url, `${publicUrl}/`).href;
  } catch {
    return url;
  }
}

/** The spreadsheet rows of one product: one per size, the product's columns on each. */
export function productSheetRows(p: SnapshotProduct, publicUrl: string): Array<Record<SheetColumnKey, SheetValue>> {
  const base = {
    id: p.id,
    slug: p.slug,
    name: p.name,
    category: p.categorySlug,
    pets: petsLabel(p.pets),
    description: p.description,
    price: p.price,
    collections: p.collections.join(', '),
    status: STATUS_LABELS[p.archived ? 'ARCHIVED' : p.active ? 'PUBLISHED' : 'DRAFT'],
    images: p.images.map((i) => absoluteUrl(i.url, publicUrl)).join(' | '),
  };
  const sizes = p.sizes.length ? p.sizes : [null];
  return sizes.map((s) => ({
    ...base,
    size: s?.label ?? null,
    sku: s?.sku ?? null,
    stock: s?.stock ?? null,
    exportedStock: s?.stock ?? null,
  }));
}

/** Text a spreadsheet would compute (`=`, `+`, `-`, `@` first) goes behind an apostrophe; the import removes it. */
function safeText(value: SheetValue): SheetValue {
  return typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * CSV for Excel with Colombian regional settings: UTF-8 with BOM (so accents show right) and `;` between cells (the
 * list separator of es-CO, where `,` is the decimal mark); numbers as plain digits. The import reads it back as is.
 */
export async function writeCatalogCsv(batches: AsyncIterable<SnapshotProduct[]>, publicUrl: string, out: Writable) {
  out.write('\uFEFF');
  const csv = stringify({ delimiter: ';', record_delimiter: '\r\n', quoted_match: /[\r\n";]/ });
  csv.pipe(out, { end: false });
  const done = new Promise<void>((resolve, reject) => {
    csv.on('end', resolve);
    csv.on('error', reject);
  });
  const write = async (row: SheetValue[]) => {
    if (!csv.write(row)) await new Promise((r) => csv.once('drain', r));
  };
  await write(SHEET_COLUMNS.map((c) => c.header));
  for await (const batch of batches) {
    for (const product of batch)
      for (const row of productSheetRows(product, publicUrl))
        await write(SHEET_COLUMNS.map((c) => safeText(row[c.key])));
  }
  csv.end();
  await done;
}

const WIDTHS: Partial<Record<SheetColumnKey, number>> = {
  slug: 28,
  name: 34,
  category: 14,
  pets: 13,
  description: 50,
  price: 12,
  collections: 14,
  status: 12,
  size: 8,
  sku: 18,
  stock: 11,
  exportedStock: 11,
  images: 60,
};

/**
 * The same rows as an Excel workbook, streamed: text cells stay text (a SKU like 00123 keeps its zeros), prices
 * show as $ 85.000, the header row stays in view, and «Inventario al exportar» is grey (not to be edited).
 */
export async function writeCatalogXlsx(batches: AsyncIterable<SnapshotProduct[]>, publicUrl: string, out: Writable) {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = book.addWorksheet('Catálogo', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = SHEET_COLUMNS.map((c) => ({
    header: c.header,
    key: c.key,
    width: WIDTHS[c.key] ?? 10,
    style:
      c.key === 'price'
        ? { numFmt: '"$" #,##0' }
        : c.key === 'exportedStock'
          ? { font: { color: { argb: 'FF777777' } } }
          : undefined,
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const batch of batches) {
    for (const product of batch) for (const row of productSheetRows(product, publicUrl)) sheet.addRow(row).commit();
  }
  sheet.commit();
  await book.commit();
}
