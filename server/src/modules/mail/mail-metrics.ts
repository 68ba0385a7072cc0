import type { GaugeProvider } from '../../common/metrics.js';

/** Emails in the durable outbox: waiting to go out, and those whose sending already failed at least once. */
export const mailMetricProviders: GaugeProvider[] = [
  {
    name: 'enzo_emails_pending',
    help: 'Correos en la cola sin enviar',
    read: async (q) => [
      {
        value: Number(
          (await q<{ n: string }>(`SELECT count(*)::text AS n FROM outbound_email WHERE sent_at IS NULL`))[0]!.n,
        ),
      },
    ],
  },
  {
    name: 'enzo_emails_failing',
    help: 'Correos sin enviar cuyo envío ya falló al menos una vez',
    read: async (q) => [
      {
        value: Number(
          (
            await q<{ n: string }>(
              `SELECT count(*)::text AS n FROM outbound_email WHERE sent_at IS NULL AND attempts > 0`,
            )
          )[0]!.n,
        ),
      },
    ],
  },
];
