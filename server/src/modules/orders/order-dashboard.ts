import type { DataSource } from 'typeorm';
import { ORDER_STATUSES, SALE_STATUSES, type OrderStatusValue } from '#shared/orders.js';
import { SHOP_TIME_ZONE } from '#shared/shop.js';

/** States whose totals count as sales (paid and not cancelled). */
/** Paid orders still to be shipped. */
export const AWAITING_SHIPMENT: readonly OrderStatusValue[] = ['PAGADO', 'EN_PREPARACION'];

export interface DashboardCounts {
  ordersByStatus: Array<{ status: OrderStatusValue; count: number }>;
  awaitingShipment: number;
}

/** Money figures: only for roles that see reports. */
export interface SalesFigures {
  salesToday: number;
  salesThisMonth: number;
  salesLast30Days: Array<{ date: string; total: number; orders: number }>;
}

const LOCAL = `(o.created_at AT TIME ZONE '${SHOP_TIME_ZONE}')`;
const TODAY = `(now() AT TIME ZONE '${SHOP_TIME_ZONE}')::date`;

/** Figures for the dashboard home; days are calendar days in America/Bogota. */
export class OrderDashboard {
  constructor(private readonly ds: DataSource) {}

  async counts(): Promise<DashboardCounts> {
    const byStatus: Array<{ status: OrderStatusValue; n: number }> = await this.ds.query(
      `SELECT status, count(*)::int AS n FROM shop_order GROUP BY status`,
    );
    const counts = new Map(byStatus.map((r) => [r.status, r.n]));
    return {
      ordersByStatus: ORDER_STATUSES.map((status) => ({ status, count: counts.get(status) ?? 0 })),
      awaitingShipment: AWAITING_SHIPMENT.reduce((sum, s) => sum + (counts.get(s) ?? 0), 0),
    };
  }

  async sales(): Promise<SalesFigures> {
    const [totals, days] = await Promise.all([
      this.ds.query(
        `SELECT
           COALESCE(SUM(total) FILTER (WHERE ${LOCAL}::date = ${TODAY}), 0)::bigint AS today,
           COALESCE(SUM(total), 0)::bigint AS month
         FROM shop_order o
         WHERE o.status = ANY($1::varchar[]) AND date_trunc('month', ${LOCAL}) = date_trunc('month', now() AT TIME ZONE '${SHOP_TIME_ZONE}')`,
        [SALE_STATUSES],
      ) as Promise<Array<{ today: string; month: string }>>,
      this.ds.query(
        `SELECT to_char(d.day, 'YYYY-MM-DD') AS date, COALESCE(SUM(o.total), 0)::bigint AS total, count(o.id)::int AS orders
         FROM generate_series(${TODAY} - 29, ${TODAY}, interval '1 day') AS d(day)
         LEFT JOIN shop_order o ON ${LOCAL}::date = d.day::date AND o.status = ANY($1::varchar[])
           AND o.created_at >= ((${TODAY} - 29)::timestamp AT TIME ZONE '${SHOP_TIME_ZONE}')
         GROUP BY d.day ORDER BY d.day`,
        [SALE_STATUSES],
      ) as Promise<Array<{ date: string; total: string; orders: number }>>,
    ]);
    return {
      salesToday: Number(totals[0].today),
      salesThisMonth: Number(totals[0].month),
      salesLast30Days: days.map((d) => ({ date: d.date, total: Number(d.total), orders: d.orders })),
    };
  }
}
