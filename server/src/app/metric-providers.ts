import type { GaugeProvider } from '../common/metrics.js';
import { orderMetricProviders } from '../modules/orders/order-metrics.js';
import { mailMetricProviders } from '../modules/mail/mail-metrics.js';
import { operationsMetricProviders } from '../modules/operations/index.js';
import { invoicingMetricProviders } from '../modules/invoicing/index.js';
import { jobMetricProviders } from './job-metrics.js';
import { KNOWN_TASKS } from './jobs.js';
import type { Services } from './services.js';

/**
 * Every figure /metrics reads from PostgreSQL at scrape time. A module with figures of its own exports its providers
 * (a list of GaugeProvider) and adds them here.
 */
export function metricProviders(_services: Services): GaugeProvider[] {
  return [
    ...orderMetricProviders,
    ...mailMetricProviders,
    ...operationsMetricProviders,
    ...invoicingMetricProviders,
    ...jobMetricProviders(KNOWN_TASKS),
  ];
}
