import { CategoryEntity } from '../modules/catalog/category.entity.js';
import { ProductEntity } from '../modules/catalog/product.entity.js';
import { ProductSizeEntity } from '../modules/catalog/product-size.entity.js';
import { ProductImageEntity } from '../modules/catalog/product-image.entity.js';
import { DiscountCodeEntity } from '../modules/discounts/discount-code.entity.js';
import { MediaAssetEntity } from '../modules/media/media-asset.entity.js';
import { OrderEntity } from '../modules/orders/order.entity.js';
import { OrderLineEntity } from '../modules/orders/order-line.entity.js';
import { OrderTransitionEntity } from '../modules/orders/order-transition.entity.js';
import { PaymentEventEntity } from '../modules/orders/payment-event.entity.js';
import { SandboxSessionEntity } from '../modules/payments/sandbox-session.entity.js';

/** Every TypeORM entity, listed explicitly (no globs: the server runs from TypeScript sources). */
export const entities = [
  CategoryEntity, ProductEntity, ProductSizeEntity, ProductImageEntity, DiscountCodeEntity, MediaAssetEntity,
  OrderEntity, OrderLineEntity, OrderTransitionEntity, PaymentEventEntity, SandboxSessionEntity,
];
