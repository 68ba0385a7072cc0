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
import { deploymentReasons } from '../config/deployment.js';
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
  /** Failing background jobs for staff, and their retry. */
  jobsAdmin: JobsAdmin;
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
  };
}
