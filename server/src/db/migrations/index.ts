import { Catalog1763700000000 } from './1763700000000-catalog.js';
import { Orders1763700100000 } from './1763700100000-orders.js';
import { CatalogListingIndexes1763700200000 } from './1763700200000-catalog-listing-indexes.js';
import { OutboundEmail1764000000000 } from './1764000000000-outbound-email.js';
import { ShippingRates1764100000000 } from './1764100000000-shipping-rates.js';
import { Returns1764300000000 } from './1764300000000-returns.js';
import { ProductSearch1764400000000 } from './1764400000000-product-search.js';
import { StaffRunShop1765100000000 } from './1765100000000-staff-run-shop.js';
import { GoingLive1765200000000 } from './1765200000000-going-live.js';
import { CatalogChangeNotify1765300000000 } from './1765300000000-catalog-change-notify.js';
import { ProductImageVariants1765300100000 } from './1765300100000-product-image-variants.js';
import { PaymentMethods1765400000000 } from './1765400000000-payment-methods.js';
import { PaymentOptionsNotify1765500000000 } from './1765500000000-payment-options-notify.js';
import { CategoryProductCount1765600000000 } from './1765600000000-category-product-count.js';
import { MoneyAndStock1766000000000 } from './1766000000000-money-and-stock.js';
import { WebhookRefusalSummary1766100000000 } from './1766100000000-webhook-refusal-summary.js';
import { StaffTeam1766300000000 } from './1766300000000-staff-team.js';
import { ElectronicInvoicing1766400000000 } from './1766400000000-electronic-invoicing.js';
import { Operations1766500000000 } from './1766500000000-operations.js';
import { CatalogSku1766600000000 } from './1766600000000-catalog-sku.js';
import { FeedImages1766600100000 } from './1766600100000-feed-images.js';
import { SearchIndex1766700000000 } from './1766700000000-search-index.js';
import { OpenOrderCapIndexes1766710000000 } from './1766710000000-open-order-cap-indexes.js';
import { SizeStockNotify1767000000000 } from './1767000000000-size-stock-notify.js';
import { PaymentReminderSweep1767000100000 } from './1767000100000-payment-reminder-sweep.js';
import { StaffRowsReadPerRequest1767100000000 } from './1767100000000-staff-rows-read-per-request.js';

/** Every migration in order. Add new ones at the end; never edit one that has shipped. */
export const migrations = [
  Catalog1763700000000,
  Orders1763700100000,
  CatalogListingIndexes1763700200000,
  OutboundEmail1764000000000,
  ShippingRates1764100000000,
  Returns1764300000000,
  ProductSearch1764400000000,
  StaffRunShop1765100000000,
  GoingLive1765200000000,
  CatalogChangeNotify1765300000000,
  ProductImageVariants1765300100000,
  PaymentMethods1765400000000,
  PaymentOptionsNotify1765500000000,
  CategoryProductCount1765600000000,
  MoneyAndStock1766000000000,
  WebhookRefusalSummary1766100000000,
  StaffTeam1766300000000,
  ElectronicInvoicing1766400000000,
  Operations1766500000000,
  CatalogSku1766600000000,
  FeedImages1766600100000,
  SearchIndex1766700000000,
  OpenOrderCapIndexes1766710000000,
  SizeStockNotify1767000000000,
  PaymentReminderSweep1767000100000,
  StaffRowsReadPerRequest1767100000000,
];
