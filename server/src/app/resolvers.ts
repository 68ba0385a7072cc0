import { GraphQLScalarType, Kind } from 'graphql';
import type { Resolvers } from '../generated/graphql.js';
import type { Services } from './services.js';
import { createCatalogResolvers } from '../modules/catalog/index.js';
import { createCartResolvers } from '../modules/cart/index.js';
import { createShippingResolvers } from '../modules/shipping/index.js';
import { createCashOnDeliveryResolvers } from '../modules/cash-on-delivery/index.js';
import { createReturnsResolvers } from '../modules/returns/index.js';
import { createLegalResolvers } from '../modules/legal/index.js';
import { createInvoicingResolvers, ISSUE_DOCUMENT_TASK } from '../modules/invoicing/index.js';
import { createMediaResolvers } from '../modules/media/index.js';
import { createOrderResolvers } from '../modules/orders/index.js';
import { createSandboxResolvers } from '../modules/payments/index.js';
import { createContentResolvers } from '../modules/content/index.js';
import {
  createStaffCatalogResolvers,
  createStaffChannelsResolvers,
  createStaffContentResolvers,
  createStaffJobsResolvers,
  createStaffOrdersResolvers,
  createStaffSessionResolvers,
} from '../modules/staff/index.js';
import { createTeamResolvers } from '../modules/team/index.js';
import { createAuditResolvers } from '../modules/audit/index.js';
import { SEND_EMAIL_TASK } from '../modules/mail/index.js';
import { createOperationsResolvers } from '../modules/operations/index.js';

const DateTime = new GraphQLScalarType<Date | null, string>({
  name: 'DateTime',
  description: 'ISO-8601 date-time string (UTC).',
  serialize: (value) => (value instanceof Date ? value : new Date(String(value))).toISOString(),
  parseValue: (value) => {
    const d = new Date(String(value));
    if (typeof value !== 'string' || Number.isNaN(d.getTime())) throw new TypeError('Fecha no válida: use ISO-8601.');
    return d;
  },
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.STRING) return null;
    const d = new Date(ast.value);
    return Number.isNaN(d.getTime()) ? null : d;
  },
});

/** Merges the per-module resolver maps. Modules own their types; this only composes them. */
export function mergeResolvers(...maps: Resolvers[]): Resolvers {
  const out: Record<string, Record<string, unknown>> = {};
  for (const map of maps) {
    for (const [type, fields] of Object.entries(map)) {
      out[type] = { ...(out[type] ?? {}), ...(fields as Record<string, unknown>) };
    }
  }
  return out as Resolvers;
}

/** Every module's resolvers, each built with the services it needs. */
export function createResolvers(s: Services): Resolvers {
  return mergeResolvers(
    { DateTime } as Resolvers,
    createCatalogResolvers(s.catalog),
    createMediaResolvers(s.homeMedia),
    createContentResolvers({ content: s.content, campaigns: s.campaigns }),
    createCartResolvers(s.cart, s.catalog),
    createShippingResolvers(s.shipping),
    createCashOnDeliveryResolvers(s.cashOnDelivery),
    createLegalResolvers(s.legal),
    createInvoicingResolvers({
      ds: s.ds,
      invoicing: s.invoicing,
      cache: s.readCache,
      publicUrl: () => s.env.publicUrl,
    }),
    createReturnsResolvers({ ds: s.ds, returns: s.returns, orders: s.orders }),
    createOrderResolvers(s.orders),
    createSandboxResolvers(s.gateway),
    createStaffSessionResolvers(),
    createTeamResolvers(s.team),
    createAuditResolvers({ log: s.activityLog, retentionDays: s.env.AUDIT_RETENTION_DAYS }),
    createStaffOrdersResolvers(s.orders),
    createStaffCatalogResolvers({
      catalog: s.catalog,
      catalogAdmin: s.catalogAdmin,
      stockAlerts: s.stockAlerts,
      discountAdmin: s.discountAdmin,
    }),
    createStaffChannelsResolvers({
      catalogImport: s.catalogImport,
      feeds: s.feeds,
      publicUrl: () => s.env.publicUrl,
    }),
    createStaffContentResolvers({ content: s.content, contentAdmin: s.contentAdmin, campaigns: s.campaigns }),
    createOperationsResolvers({
      ds: s.ds,
      backups: s.backups,
      alerts: s.alerts,
      backupDir: s.env.backupDir,
      remoteBackups: Boolean(s.env.FIREBASE_STORAGE_BUCKET),
      notifyEmail: s.env.SHOP_NOTIFY_EMAIL,
    }),
    createStaffJobsResolvers({
      jobs: s.jobsAdmin,
      describe: async (job) => {
        const emailId = (job.payload as { emailId?: unknown } | null)?.emailId;
        if (job.task === ISSUE_DOCUMENT_TASK)
          return 'Emitir un documento electrónico (factura o nota crédito) ante la DIAN';
        return job.task === SEND_EMAIL_TASK && typeof emailId === 'number' ? s.mail.describe(emailId) : null;
      },
    }),
  );
}
