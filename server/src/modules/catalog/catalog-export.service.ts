import { finished } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import type { DataSource } from 'typeorm';
import { catalogBatches } from './catalog-snapshot.js';
import { writeCatalogCsv, writeCatalogXlsx } from './catalog-sheet-write.js';

export type ExportFormat = 'csv' | 'xlsx';

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The whole catalogue (drafts and archived products too) as a spreadsheet the import reads back. */
export class CatalogExportService {
  constructor(
    private readonly ds: DataSource,
    private readonly publicUrl: () => string,
  ) {}

  /** Streams the spreadsheet to `out` (products read in batches: memory stays bounded). Does not end `out` for CSV. */
  async write(format: ExportFormat, out: Writable): Promise<void> {
    const batches = catalogBatches(this.ds);
    if (format === 'xlsx') await writeCatalogXlsx(batches, this.publicUrl(), out);
    else await writeCatalogCsv(batches, this.publicUrl(), out);
    // The workbook writer ends its stream itself; the CSV does not: either way the file is whole when this returns.
    if (!out.writableEnded) out.end();
    await finished(out);
  }
}
