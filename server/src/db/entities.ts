import {
  CategoryEntity,
  ProductEntity,
  ProductImageEntity,
  ProductSizeEntity,
  ProductSlugHistoryEntity,
  ShopSettingEntity,
} from '../modules/catalog/index.js';
import { CampaignEntity, HomeSlideEntity, PromoBlockEntity } from '../modules/content/index.js';
import { DiscountCodeEntity } from '../modules/discounts/index.js';
import { MediaAssetEntity } from '../modules/media/index.js';
import { OutboundEmailEntity } from '../modules/mail/index.js';
import { OrderEntity, OrderLineEntity, OrderTransitionEntity, PaymentEventEntity } from '../modules/orders/index.js';
import { SandboxSessionEntity } from '../modules/payments/index.js';
import { ShippingRateEntity, ShippingSettingsEntity } from '../modules/shipping/index.js';
import { ReturnLineEntity, ReturnRequestEntity } from '../modules/returns/index.js';
import { CashOnDeliverySettingsEntity } from '../modules/cash-on-delivery/index.js';

/** Every TypeORM entity, listed explicitly (no globs: the server runs from TypeScript sources). */
export const entities = [
  CategoryEntity,
  ProductEntity,
  ProductSizeEntity,
  ProductImageEntity,
  DiscountCodeEntity,
  MediaAssetEntity,
  OrderEntity,
  OrderLineEntity,
  OrderTransitionEntity,
  PaymentEventEntity,
  SandboxSessionEntity,
  OutboundEmailEntity,
  ShippingRateEntity,
  ShippingSettingsEntity,
  ReturnRequestEntity,
  ReturnLineEntity,
  ProductSlugHistoryEntity,
  ShopSettingEntity,
  HomeSlideEntity,
  PromoBlockEntity,
  CampaignEntity,
  CashOnDeliverySettingsEntity,
];
