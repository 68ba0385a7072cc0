import type { DataSource } from 'typeorm';
import { ORDER_STATUSES, saleAtSql, saleSql, type OrderStatusValue } from '#shared/orders.js';
import { SHOP_TIME_ZONE } from '#shared/shop.js';
import { confirmDeadline } from '#shared/cash-on-delivery.js';
import type { ConfirmWindow } from './order-expiry.js';

/** Paid orders still to be shipped. */
export const AWAITING_SHIPMENT: readonly OrderStatusValue[] = ['PAGADO', 'EN_PREPARACION'];

export interface DashboardCounts {
  ordersByStatus: Array<{ status: OrderStatusValue; count: number }>;
  awaitingShipment: number;
  /** Cash-on-delivery orders waiting for the shop's call, and when the first of them is cancelled if nobody calls. */
  toConfirm: { count: number; nextLapseAt: Date | null; confirmWithinHours: number };
}

/** Money figures: only for roles that see reports. */
export interface SalesFigures {
  salesToday: number;
  salesThisMonth: number;
  salesLast30Days: Array<{ date: string; total: number; orders: number }>;
}

/** The day a sale counts on, in Bogotá: contraentrega on the day its cash was collected. */
const SALE_DAY = `(${saleAtSql('o')} AT TIME ZONE '${SHOP_TIME_ZONE}')`;
const TODAY = `(now() AT TIME ZONE '${SHOP_TIME_ZONE}')::date`;

/**
 * Figures for the dashboard home; days are calendar days in America/Bogota. Sales count what the shop was paid:
 * online orders when placed and paid, cash-on-delivery orders when their cash was collected (a confirmed parcel can
 * still be refused at the door).
 */
export class OrderDashboard {
  constructor(
    private readonly ds: DataSource,
    private readonly confirmWindow: ConfirmWindow,
  ) {}

  async counts(): Promise<DashboardCounts> {
    const [byStatus, toConfirm, hours] = await Promise.all([
      this.ds.query(`SELECT status, count(*)::int AS n FROM shop_order GROUP BY status`) as Promise<
        Array<{ status: OrderStatusValue; n: number }>
      >,
      this.ds.query(
        `SELECT count(*)::int AS n, min(created_at) AS oldest FROM shop_order WHERE status = 'POR_CONFIRMAR'`,
      ) as Promise<Array<{ n: number; oldest: Date | null }>>,
      this.confirmWindow(),
    ]);
    const counts = new Map(byStatus.map((r) => [r.status, r.n]));
    const oldest = toConfirm[0]!.oldest;
    return {
      ordersByStatus: ORDER_STATUSES.map((status) => ({ status, count: counts.get(status) ?? 0 })),
      awaitingShipment: AWAITING_SHIPMENT.reduce((sum, s) => sum + (counts.get(s) ?? 0), 0),
      toConfirm: {
        count: toConfirm[0]!.n,
        nextLapseAt: oldest ? confirmDeadline(new Date(oldest), hours) : null,
        confirmWithinHours: hours,
      },
    };
  }

  async sales(): Promise<SalesFigures> {
    const [totals, days] = await Promise.all([
      this.ds.query(
        `SELECT
           COALESCE(SUM(total) FILTER (WHERE ${SALE_DAY}::date = ${TODAY}), 0)::bigint AS today,
           COALESCE(SUM(total), 0)::bigint AS month
         FROM shop_order o
         WHERE ${saleSql('o')} AND date_trunc('month', ${SALE_DAY}) = date_trunc('month', now() AT TIME ZONE '${SHOP_TIME_ZONE}')`,
      ) as Promise<Array<{ today: string; month: string }>>,
      this.ds.query(
        `SELECT to_char(d.day, 'YYYY-MM-DD') AS date, COALESCE(SUM(o.total), 0)::bigint AS total, count(o.id)::int AS orders
         FROM generate_series(${TODAY} - 29, ${TODAY}, interval '1 day') AS d(day)
         LEFT JOIN shop_order o ON ${SALE_DAY}::date = d.day::date AND ${saleSql('o')}
           AND ${saleAtSql('o')} >= ((${TODAY} - 29)::timestamp AT TIME ZONE '${SHOP_TIME_ZONE}')
         GROUP BY d.day ORDER BY d.day`,
      ) as Promise<Array<{ date: string; total: string; orders: number }>>,
    ]);
    return {
      salesToday: Number(totals[0]!.today),
      salesThisMonth: Number(totals[0]!.month),
      salesLast30Days: days.map((d) => ({ date: d.date, total: Number(d.total), orders: d.orders })),
    };
  }
}
