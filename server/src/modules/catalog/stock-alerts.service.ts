import type { DataSource } from 'typeorm';
import { invalidField, type ValidationErrors } from '../../common/results.js';
import { commit, inTransaction } from '../../common/db.js';
import { auditChange, rowSnapshot } from '../../common/audit.js';

/** Units at or below which a size of a published product counts as low on stock, until staff change it. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 3;
const SETTING = 'low_stock_threshold';

export interface LowStockRow {
  productId: number;
  sizeId: number;
  sizeLabel: string;
  stock: number;
  reserved: number;
}

export interface LowStockReport {
  __typename: 'LowStockReport';
  threshold: number;
  items: LowStockRow[];
}

/** The low-stock list and its threshold (a shop setting in PostgreSQL, shared by every instance). */
export class StockAlertsService {
  constructor(private readonly ds: DataSource) {}

  async threshold(): Promise<number> {
    const rows: Array<{ value: unknown }> = await this.ds.query(`SELECT value FROM shop_setting WHERE key = $1`, [
      SETTING,
    ]);
    const value = rows[0]?.value;
    return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : DEFAULT_LOW_STOCK_THRESHOLD;
  }

  async setThreshold(threshold: number): Promise<LowStockReport | ValidationErrors> {
    if (!Number.isInteger(threshold) || threshold < 0 || threshold > 1000)
      return invalidField('threshold', 'El umbral debe ser un número entero entre 0 y 1.000.');
    await inTransaction(this.ds, async (m) => {
      const before = await rowSnapshot(
        m,
        `SELECT value AS threshold FROM shop_setting WHERE key = $1 FOR UPDATE`,
        SETTING,
      );
      await m.query(
        `INSERT INTO shop_setting (key, value) VALUES ($1, $2::jsonb) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
        [SETTING, JSON.stringify(threshold)],
      );
      auditChange(m, {
        entityType: 'stockSettings',
        entityId: SETTING,
        before: { threshold: before?.threshold ?? DEFAULT_LOW_STOCK_THRESHOLD },
        after: { threshold },
      });
      return commit(null);
    });
    return this.report();
  }

  /** Sizes of published products with at most `threshold` units left to sell, fewest first. */
  async report(): Promise<LowStockReport> {
    const threshold = await this.threshold();
    const rows: Array<{ product_id: number; size_id: number; label: string; stock: number; reserved: number }> =
      await this.ds.query(
        `SELECT s.product_id, s.id AS size_id, s.label, s.stock, s.reserved
         FROM product_size s JOIN product p ON p.id = s.product_id
        WHERE p.active AND s.stock <= $1
        ORDER BY s.stock, p.category_slug, p.position, p.id, s.position`,
        [threshold],
      );
    return {
      __typename: 'LowStockReport',
      threshold,
      items: rows.map((r) => ({
        productId: r.product_id,
        sizeId: r.size_id,
        sizeLabel: r.label,
        stock: r.stock,
        reserved: r.reserved,
      })),
    };
  }

  /** How many sizes are low (the dashboard's alert). */
  async count(): Promise<number> {
    const threshold = await this.threshold();
    const [{ n }]: Array<{ n: number }> = await this.ds.query(
      `SELECT count(*)::int AS n FROM product_size s JOIN product p ON p.id = s.product_id WHERE p.active AND s.stock <= $1`,
      [threshold],
    );
    return n;
  }
}
