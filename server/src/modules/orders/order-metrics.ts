import { ORDER_STATUSES, PAYMENT_METHODS } from '#shared/orders.js';
import { bounded, type GaugeProvider, type Sample } from '../../common/metrics.js';

const METHODS: ReadonlySet<string> = new Set(PAYMENT_METHODS);
const STATUSES: ReadonlySet<string> = new Set(ORDER_STATUSES);
const OUTCOMES: ReadonlySet<string> = new Set(['APPROVED', 'DECLINED', 'VOIDED', 'ERROR', 'PENDING']);

/**
 * Orders and payments as the database has them: the same figure on every instance (take `max`, not `sum`, across
 * instances). Rows of these tables are never deleted, so the totals only grow.
 */
export const orderMetricProviders: GaugeProvider[] = [
  {
    name: 'enzo_orders_placed_total',
    help: 'Pedidos hechos (todos, desde el comienzo)',
    type: 'counter',
    read: async (q) => [
      { value: Number((await q<{ n: string }>(`SELECT count(*)::text AS n FROM shop_order`))[0]!.n) },
    ],
  },
  {
    name: 'enzo_orders_paid_total',
    help: 'Pedidos que llegaron a PAGADO (una vez cada uno)',
    type: 'counter',
    read: async (q) => [
      {
        value: Number(
          (
            await q<{ n: string }>(
              `SELECT count(DISTINCT order_id)::text AS n FROM order_transition WHERE to_status = 'PAGADO'`,
            )
          )[0]!.n,
        ),
      },
    ],
  },
  {
    name: 'enzo_orders',
    help: 'Pedidos por estado actual',
    labelNames: ['status'],
    read: async (q) =>
      (
        await q<{ status: string; n: string }>(`SELECT status, count(*)::text AS n FROM shop_order GROUP BY status`)
      ).map((r) => ({ labels: { status: bounded(r.status, STATUSES) }, value: Number(r.n) })),
  },
  {
    name: 'enzo_payments_total',
    help: 'Resultados de pago aplicados, por medio de pago y resultado de la pasarela',
    type: 'counter',
    labelNames: ['method', 'outcome'],
    read: async (q) => {
      const rows = await q<{ method: string | null; status: string; n: string }>(
        `SELECT o.payment_method AS method, e.status, count(*)::text AS n
           FROM payment_event e LEFT JOIN shop_order o ON o.id = e.order_id
          GROUP BY 1, 2`,
      );
      const sums = new Map<string, Sample>();
      for (const r of rows) {
        const labels = { method: bounded(r.method, METHODS), outcome: bounded(r.status, OUTCOMES).toLowerCase() };
        const key = `${labels.method}|${labels.outcome}`;
        const s: Sample = sums.get(key) ?? { labels, value: 0 };
        s.value += Number(r.n);
        sums.set(key, s);
      }
      return [...sums.values()];
    },
  },
];
