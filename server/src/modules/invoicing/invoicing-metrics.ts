import { EINVOICE_KINDS, EINVOICE_STATUSES } from '#shared/einvoicing.js';
import { bounded, type GaugeProvider } from '../../common/metrics.js';

const KINDS: ReadonlySet<string> = new Set(EINVOICE_KINDS);
const STATUSES: ReadonlySet<string> = new Set(EINVOICE_STATUSES);

/** Electronic documents as the database has them (the same on every instance): refused ones need the owner. */
export const invoicingMetricProviders: GaugeProvider[] = [
  {
    name: 'enzo_invoices',
    help: 'Documentos electrónicos (facturas y notas crédito) por tipo y estado',
    labelNames: ['kind', 'status'],
    read: async (q) =>
      (
        await q<{ kind: string; status: string; n: string }>(
          `SELECT kind, status, count(*)::text AS n FROM einvoice_document GROUP BY 1, 2`,
        )
      ).map((r) => ({
        labels: { kind: bounded(r.kind, KINDS).toLowerCase(), status: bounded(r.status, STATUSES).toLowerCase() },
        value: Number(r.n),
      })),
  },
];
