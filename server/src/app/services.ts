import type { DataSource } from 'typeorm';
import type { Pool } from 'pg';
import type { Logger } from 'pino';
import type { Env } from '../config/env.js';
import { CatalogAdminService, CatalogService, StockAlertsService } from '../modules/catalog/index.js';
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
import path from 'node:path';
import { legalLines } from '#shared/legal.js';
import { JobsAdmin } from '../common/job-admin.js';
import type { ReadCache } from '../common/read-cache.js';
import { AlertMonitor, BackupService, firebaseBackupStore } from '../modules/operations/index.js';
import { TASK_LABELS } from '../modules/staff/index.js';
import { alertConditions } from './alert-conditions.js';

/** Long-lived services, built once at start-up and shared by every request (the composition root). */
export interface Services {
  env: Env;
  ds: DataSource;
  media: MediaStore;
  catalog: CatalogService;
  catalogAdmin: CatalogAdminService;
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
  /** Failing background jobs for staff, and their retry. */
  jobsAdmin: JobsAdmin;
  /** Scheduled and requested backups. */
  backups: BackupService;
  /** Alert conditions, their state and the owner's emails. */
  alerts: AlertMonitor;
}

/**
 * `readCache`: where quotes keep the shipping and contraentrega settings between staff changes (the catalog cache,
 * which every instance invalidates). `jobPool`: the background jobs' own pool (graphile-worker), also used to show
 * and retry jobs.
 */
export function createServices(
  env: Env,
  ds: DataSource,
  media: MediaStore,
  log: Logger,
  readCache: ReadCache,
  jobPool?: Pool,
): Services {
  const catalog = new CatalogService(ds);
  const discounts = new DiscountService(ds);
  const shipping = new ShippingService(ds, readCache);
  const cashOnDelivery = new CashOnDeliveryService(ds, readCache);
  const cart = new CartService(ds, discounts, shipping, cashOnDelivery, env.MAX_UNITS_PER_SIZE);
  const gateway = createPaymentGateway(env, ds);
  const content = new ContentService(ds);
  if (gateway.kind === 'sandbox' && env.isProduction) {
    log?.warn(
      'Pagos con la pasarela de pruebas: define WOMPI_PUBLIC_KEY, WOMPI_INTEGRITY_SECRET y WOMPI_EVENTS_SECRET para cobrar con Wompi.',
    );
  }
  const orders = createOrdersModule({ env, ds, cart, gateway });
  const paymentInbox = new GatewayEventInbox(
    ds,
    gateway,
    {
      noteTransaction: (reference, transactionId, source) => orders.transactions.note(reference, transactionId, source),
      applyTransaction: (tx, payload) => orders.payments.applyTransaction(tx, payload),
    },
    log,
  );
  const databaseUrl = (ds.options as { url?: string }).url ?? '';
  const backups = new BackupService({
    ds,
    databaseUrl,
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
    returns: new ReturnsService(ds, orders.lifecycle, gateway, returnMails),
    mail: new MailSender(
      ds,
      {
        smtpUrl: env.SMTP_URL,
        outboxDir: path.join(env.dataDir, 'outbox'),
        from: env.MAIL_FROM,
        testShop: !env.paymentsAreReal,
        footerLines: legalLines(env.legal),
      },
      log,
    ),
    seo: new SeoService(ds),
    staffAuth: new StaffAuthService(env, log),
    jobsAdmin: new JobsAdmin(ds, jobPool),
    backups,
    alerts,
  };
}
