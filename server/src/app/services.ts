import type { DataSource } from 'typeorm';
import type { Pool } from 'pg';
import type { Logger } from 'pino';
import type { Env } from '../config/env.js';
import {
  CatalogAdminService,
  CatalogExportService,
  CatalogImportService,
  CatalogService,
  StockAlertsService,
} from '../modules/catalog/index.js';
import { FeedService, type CatalogVersion } from '../modules/channels/index.js';
import { CampaignService, ContentAdminService, ContentService } from '../modules/content/index.js';
import { CartService } from '../modules/cart/index.js';
import { DiscountAdminService, DiscountService } from '../modules/discounts/index.js';
import { HomeMediaService, type MediaStore } from '../modules/media/index.js';
import { MailSender } from '../modules/mail/index.js';
import { createOrdersModule, type OrdersModule } from '../modules/orders/index.js';
import { createPaymentGateway, GatewayEventInbox, type PaymentGateway } from '../modules/payments/index.js';
import { SeoService } from '../modules/seo/seo.service.js';
import { ShippingService } from '../modules/shipping/index.js';
import { CashOnDeliveryService } from '../modules/cash-on-delivery/index.js';
import { ReturnMails, ReturnsService } from '../modules/returns/index.js';
import { receiptUrl } from '../modules/orders/index.js';
import { StaffAuthService } from '../modules/staff/index.js';
import { FirebaseStaffAccounts, StaffDirectory, TeamService } from '../modules/team/index.js';
import { ActivityLog } from '../modules/audit/index.js';
import path from 'node:path';
import { createRateCounter, WEBHOOK_REFUSAL_RULE } from './rate-limits.js';
import { legalLines } from '#shared/legal.js';
import { LegalSettingsService } from '../modules/legal/index.js';
import { createInvoicingModule, type InvoicingModule } from '../modules/invoicing/index.js';
import { deploymentReasons, missingForInvoicing } from '../config/deployment.js';
import { JobsAdmin } from '../common/job-admin.js';
import type { ReadCache } from '../common/read-cache.js';
import { AlertMonitor, BackupService, firebaseBackupStore } from '../modules/operations/index.js';
import { TASK_LABELS } from '../modules/staff/index.js';
import { alertConditions } from './alert-conditions.js';
import { genericPlanPool } from '../common/generic-plan-pool.js';

/** Long-lived services, built once at start-up and shared by every request (the composition root). */
export interface Services {
  env: Env;
  ds: DataSource;
  media: MediaStore;
  catalog: CatalogService;
  catalogAdmin: CatalogAdminService;
  /** The catalogue as a spreadsheet, and back (preview, then apply). */
  catalogExport: CatalogExportService;
  catalogImport: CatalogImportService;
  /** Google Merchant Center and Meta product feeds. */
  feeds: FeedService;
  stockAlerts: StockAlertsService;
  homeMedia: HomeMediaService;
  content: ContentService;
  contentAdmin: ContentAdminService;
  campaigns: CampaignService;
  discounts: DiscountService;
  discountAdmin: DiscountAdminService;
  cart: CartService;
  shipping: ShippingService;
  cashOnDelivery: CashOnDeliveryService;
  gateway: PaymentGateway;
  /** Payment webhook events: kept, confirmed with the gateway, applied to orders. */
  paymentInbox: GatewayEventInbox;
  orders: OrdersModule;
  returns: ReturnsService;
  mail: MailSender;
  seo: SeoService;
  staffAuth: StaffAuthService;
  /** The staff table as each staff request reads it (kept per instance for seconds, dropped on NOTIFY). */
  staffDirectory: StaffDirectory;
  team: TeamService;
  activityLog: ActivityLog;
  /** Failing background jobs for staff, and their retry. */
  jobsAdmin: JobsAdmin;
  /** The shop's legal and tax identity (footer, emails, invoices), edited by the owner. */
  legal: LegalSettingsService;
  /** DIAN electronic invoices and credit notes. */
  invoicing: InvoicingModule;
  /** Keeps settings reads until the next change on any instance (the catalog cache). */
  readCache: ReadCache;
  /** Scheduled and requested backups. */
  backups: BackupService;
  /** Alert conditions, their state and the owner's emails. */
  alerts: AlertMonitor;
}

/** Why this deployment may not turn electronic invoicing on (a live one without a real provider), or null. */
function invoicingRefusal(env: Env): string | null {
  if (env.TEST_SHOP || deploymentReasons(env).length === 0) return null;
  const missing = missingForInvoicing(env);
  return missing.length ? `Esta tienda en vivo no puede emitir facturas reales: falta ${missing.join('; ')}.` : null;
}

/**
 * `readCache`: where quotes keep the shipping and contraentrega settings between staff changes (the catalog cache,
 * which every instance invalidates). `jobPool`: the background jobs' own pool (graphile-worker), also used to show
 * and retry jobs. `databaseUrl`: for the search suggestions' own small pool (without it they run on `ds`;
 * `catalog.stop()` closes it).
 */
export function createServices(
  env: Env,
  ds: DataSource,
  media: MediaStore,
  log: Logger,
  readCache: ReadCache,
  jobPool?: Pool,
  databaseUrl: string | null = null,
): Services {
  const staffDirectory = new StaffDirectory(ds);
  const catalog = new CatalogService(ds, readCache, databaseUrl ? genericPlanPool(databaseUrl, log) : undefined);
  const discounts = new DiscountService(ds);
  const shipping = new ShippingService(ds, readCache);
  const cashOnDelivery = new CashOnDeliveryService(ds, readCache);
  const cart = new CartService(ds, discounts, shipping, cashOnDelivery, env.MAX_UNITS_PER_SIZE);
  const gateway = createPaymentGateway(env, ds);
  const content = new ContentService(ds);
  const publicUrl = () => env.publicUrl;
  // Pictures by URL may come from private addresses only on one's own computer or in a declared test shop.
  const allowPrivateImageUrls =
    deploymentReasons(env).length === 0 || (env.IMPORT_PRIVATE_URLS === true && !env.paymentsAreReal);
  const catalogVersion =
    (readCache as Partial<CatalogVersion>).version !== undefined ? (readCache as unknown as CatalogVersion) : undefined;
  if (gateway.kind === 'sandbox' && env.isProduction) {
    log?.warn(
      'Pagos con la pasarela de pruebas: define WOMPI_PUBLIC_KEY, WOMPI_INTEGRITY_SECRET y WOMPI_EVENTS_SECRET para cobrar con Wompi.',
    );
  }
  const legal = new LegalSettingsService(ds, env.legal, readCache);
  const invoicing = createInvoicingModule({
    ds,
    config: env.einvoice,
    legal,
    publicUrl: () => env.publicUrl,
    cannotEnable: invoicingRefusal(env),
    log,
  });
  const orders = createOrdersModule({
    env,
    ds,
    cart,
    gateway,
    documents: invoicing.queue,
    confirmWindow: async () => (await cashOnDelivery.settings()).confirmWithinHours,
  });
  const refusals = createRateCounter(ds);
  const paymentInbox = new GatewayEventInbox(
    ds,
    gateway,
    {
      noteTransaction: (reference, transactionId, source) => orders.transactions.note(reference, transactionId, source),
      applyTransaction: (tx, payload) => orders.payments.applyTransaction(tx, payload),
    },
    log,
    (client) => refusals.hit(WEBHOOK_REFUSAL_RULE, client),
  );
  const backups = new BackupService({
    ds,
    databaseUrl: databaseUrl ?? (ds.options as { url?: string }).url ?? '',
    dataDir: env.dataDir,
    mediaDir: env.FIREBASE_STORAGE_BUCKET ? null : path.join(env.dataDir, 'media'),
    backupDir: env.backupDir,
    pgBinDir: env.PG_BIN_DIR,
    remoteStore: env.FIREBASE_STORAGE_BUCKET
      ? () => firebaseBackupStore(env.FIREBASE_STORAGE_BUCKET!, env.FIREBASE_PROJECT_ID)
      : undefined,
    log,
  });
  const alerts = new AlertMonitor({
    ds,
    conditions: alertConditions(),
    dataDir: env.dataDir,
    notifyEmail: env.SHOP_NOTIFY_EMAIL,
    operationsUrl: () => `${env.publicUrl}/dashboard/operaciones`,
    taskLabel: (task) => TASK_LABELS[task] ?? task,
    log,
  });
  const returnMails = new ReturnMails({
    orderUrl: (order) => `${receiptUrl(env, order)}#devoluciones`,
    shopEmail: env.SHOP_NOTIFY_EMAIL,
  });
  return {
    env,
    ds,
    media,
    catalog,
    catalogAdmin: new CatalogAdminService(ds, media),
    catalogExport: new CatalogExportService(ds, publicUrl),
    catalogImport: new CatalogImportService(ds, media, { publicUrl, allowPrivateImageUrls }),
    feeds: new FeedService(ds, shipping, media, publicUrl, catalogVersion),
    stockAlerts: new StockAlertsService(ds),
    homeMedia: new HomeMediaService(ds),
    content,
    contentAdmin: new ContentAdminService(ds, media, content),
    campaigns: new CampaignService(ds),
    discounts,
    discountAdmin: new DiscountAdminService(ds),
    cart,
    shipping,
    cashOnDelivery,
    gateway,
    orders,
    paymentInbox,
    returns: new ReturnsService(ds, orders.lifecycle, gateway, returnMails, (m, order, refund) =>
      invoicing.queue.refund(m, order, refund),
    ),
    mail: new MailSender(
      ds,
      {
        smtpUrl: env.SMTP_URL,
        outboxDir: path.join(env.dataDir, 'outbox'),
        from: env.MAIL_FROM,
        testShop: !env.paymentsAreReal,
        footerLines: async () => legalLines(await legal.info()),
      },
      log,
    ),
    seo: new SeoService(ds),
    staffAuth: new StaffAuthService(env, staffDirectory, log),
    staffDirectory,
    team: new TeamService({
      ds,
      accounts: new FirebaseStaffAccounts(env.firebaseProjectId),
      publicUrl: () => env.publicUrl,
      log,
    }),
    activityLog: new ActivityLog(ds),
    jobsAdmin: new JobsAdmin(ds, jobPool),
    legal,
    invoicing,
    readCache,
    backups,
    alerts,
  };
}
