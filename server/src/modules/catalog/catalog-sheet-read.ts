import { parse } from 'csv-parse/sync';
import { columnOfHeader, SHEET_COLUMNS, type SheetColumnKey } from '#shared/catalog-sheet.js';

/** Largest spreadsheet accepted (a 10,000-size catalogue with long descriptions fits). */
export const MAX_SHEET_BYTES = 8 * 1024 * 1024;
export const MAX_SHEET_ROWS = 20_000;
/** Longest cell read: past it the cell is refused, and nothing longer ever reaches a pattern. */
export const MAX_CELL_CHARS = 5_000;

export type SheetFormat = 'CSV' | 'XLSX';

/** One cell as the import reads it: its text (apostrophe prefix removed) and whether a spreadsheet would compute it. */
export interface SheetCell {
  text: string;
  formula: boolean;
  /** Longer than MAX_CELL_CHARS (`text` is cut there). */
  tooLong: boolean;
}

export interface SheetRow {
  /** Line (CSV) or row (.xlsx) number as the spreadsheet shows it. */
  line: number;
  cells: Partial<Record<SheetColumnKey, SheetCell>>;
}

export interface ReadSheet {
  format: SheetFormat;
  columns: SheetColumnKey[];
  rows: SheetRow[];
  /** Headers the import does not know (ignored). */
  ignoredHeaders: string[];
}

export type SheetReadFailure = { message: string };

/** `.xlsx` from its name or its ZIP signature; anything else is read as CSV. */
export function sheetFormatOf(fileName: string, data: Buffer): SheetFormat {
  return /\.xlsx$/i.test(fileName) || (data[0] === 0x50 && data[1] === 0x4b) ? 'XLSX' : 'CSV';
}

function cell(raw: string, formula: boolean, csv: boolean): SheetCell {
  const tooLong = raw.length > MAX_CELL_CHARS;
  let text = (tooLong ? raw.slice(0, MAX_CELL_CHARS) : raw).trim();
  // CSV: a leading `=` is what Excel computes (text that merely starts with it was exported behind an apostrophe).
  const computes = formula || (csv && (/^=/.test(text) || /^[+@-]\s*[a-z_.]{2,}\s*\(/i.test(text)));
  // The export (and Excel users) put a `'` before text that would otherwise be read as a formula or a number.
  if (text.startsWith("'")) text = text.slice(1);
  return { text, formula: computes, tooLong };
}

/**
 * Reads a CSV as Excel es-CO writes it (or as the export does): UTF-8 with or without BOM, `;` or `,` between cells
 * (whichever the header line uses), quoted cells with line breaks.
 */
function readCsv(data: Buffer): string[][] | SheetReadFailure {
  let text = data.toString('utf8');
  if (text.includes('\uFFFD'))
    return {
      message: 'El archivo no está en UTF-8: en Excel use «Guardar como» → «CSV UTF-8 (delimitado por comas)».',
    };
  if (text.startsWith('\uFEFF')) text = text.slice(1);
  const firstLine = text.slice(0, Math.min(text.length, 4000)).split(/\r?\n/, 1)[0] ?? '';
  const count = (sep: string) => firstLine.split(sep).length - 1;
  const delimiter = count(';') >= count(',') && count(';') > 0 ? ';' : count('\t') > count(',') ? '\t' : ',';
  try {
    return parse(text, {
      delimiter,
      relax_column_count: true,
      skip_empty_lines: false,
      bom: true,
      max_record_size: MAX_CELL_CHARS * 40,
    }) as string[][];
  } catch (err) {
    const line = (err as { lines?: number }).lines;
    return { message: `No pudimos leer el CSV${line ? ` (línea ${line})` : ''}: revise las comillas de las celdas.` };
  }
}

type XlsxValue = string | number | boolean | Date | null | undefined | { [k: string]: unknown };

function xlsxText(value: XlsxValue): { text: string; formula: boolean } {
  if (value === null || value === undefined) return { text: '', formula: false };
  if (typeof value === 'string') return { text: value, formula: false };
  if (typeof value === 'number') return { text: String(value), formula: false };
  if (typeof value === 'boolean') return { text: value ? 'Sí' : 'No', formula: false };
  if (value instanceof Date) return { text: value.toISOString().slice(0, 10), formula: false };
  if ('formula' in value || 'sharedFormula' in value) return { text: String(value.result ?? ''), formula: true };
  if (Array.isArray(value.richText))
    return { text: (value.richText as Array<{ text: string }>).map((r) => r.text).join(''), formula: false };
  if ('hyperlink' in value) return { text: String(value.text ?? value.hyperlink ?? ''), formula: false };
  if ('error' in value) return { text: String(value.error), formula: false };
  return { text: String(value), formula: false };
}

/** The first worksheet of an .xlsx; formulas are kept as such (the import refuses them). */
async function readXlsx(data: Buffer): Promise<Array<Array<{ text: string; formula: boolean }>> | SheetReadFailure> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    return { message: 'El archivo no es un libro de Excel (.xlsx) válido.' };
  }
  const sheet = book.worksheets[0];
  if (!sheet) return { message: 'El libro de Excel no tiene hojas.' };
  const rows: Array<Array<{ text: string; formula: boolean }>> = [];
  sheet.eachRow({ includeEmpty: true }, (row, n) => {
    const cells: Array<{ text: string; formula: boolean }> = [];
    row.eachCell({ includeEmpty: true }, (c, col) => {
      cells[col - 1] = xlsxText(c.value as XlsxValue);
    });
    rows[n - 1] = Array.from(cells, (c) => c ?? { text: '', formula: false });
  });
  return Array.from(rows, (r) => r ?? []);
}

/**
 * Reads a catalogue spreadsheet into rows keyed by column. Fails (with a Spanish reason) when the file cannot be
 * read at all, is too big, or has no column that identifies a size.
 */
export async function readCatalogSheet(fileName: string, data: Buffer): Promise<ReadSheet | SheetReadFailure> {
  if (data.length === 0) return { message: 'El archivo está vacío.' };
  if (data.length > MAX_SHEET_BYTES) return { message: 'El archivo supera los 8 MB: divídalo en varios.' };
  const format = sheetFormatOf(fileName, data);
  const raw =
    format === 'XLSX'
      ? await readXlsx(data)
      : (() => {
          const csv = readCsv(data);
          return 'message' in csv ? csv : csv.map((r) => r.map((text) => ({ text, formula: false })));
        })();
  if ('message' in raw) return raw;
  const headerIndex = raw.findIndex((r) => r.some((c) => c.text.trim() !== ''));
  if (headerIndex < 0) return { message: 'El archivo no tiene filas.' };
  const header = raw[headerIndex]!;
  const columns = new Map<number, SheetColumnKey>();
  const ignoredHeaders: string[] = [];
  for (const [i, h] of header.entries()) {
    const key = columnOfHeader(h.text);
    if (key && ![...columns.values()].includes(key)) columns.set(i, key);
    else if (h.text.trim()) ignoredHeaders.push(h.text.trim().slice(0, 60));
  }
  const keys = [...columns.values()];
  if (!keys.includes('size') && !keys.includes('sku')) {
    const names = SHEET_COLUMNS.map((c) => c.header).join(', ');
    return {
      message: `La primera fila debe tener los nombres de las columnas, con «Talla» o «SKU» al menos. Columnas conocidas: ${names}.`,
    };
  }
  const body = raw.slice(headerIndex + 1);
  if (body.length > MAX_SHEET_ROWS)
    return { message: `El archivo tiene más de ${MAX_SHEET_ROWS.toLocaleString('es-CO')} filas: divídalo en varios.` };
  const lines = format === 'CSV' ? csvLineNumbers(data, headerIndex, body.length) : null;
  const rows: SheetRow[] = [];
  for (const [i, values] of body.entries()) {
    if (values.every((v) => v.text.trim() === '')) continue;
    const cells: SheetRow['cells'] = {};
    for (const [index, key] of columns) {
      const value = values[index];
      cells[key] = cell(value?.text ?? '', value?.formula ?? false, format === 'CSV');
    }
    rows.push({ line: lines?.[i] ?? headerIndex + i + 2, cells });
  }
  return { format, columns: keys, rows, ignoredHeaders };
}

/** The line each CSV record starts on (records may span lines inside quotes), counted the way an editor shows them. */
function csvLineNumbers(data: Buffer, headerIndex: number, count: number): number[] {
  let text = data.toString('utf8');
  if (text.startsWith('\uFEFF')) text = text.slice(1);
  const starts: number[] = [];
  let line = 1;
  let quoted = false;
  let recordStart = 1;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') quoted = !quoted;
    else if (ch === '\n' && !quoted) {
      starts.push(recordStart);
      line++;
      recordStart = line;
    } else if (ch === '\n') line++;
  }
  if (text.length && !text.endsWith('\n')) starts.push(recordStart);
  return starts.slice(headerIndex + 1, headerIndex + 1 + count);
}
