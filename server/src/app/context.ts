import DataLoader from 'dataloader';
import type { Services } from './services.js';
import type { ProductSizeEntity } from '../modules/catalog/product-size.entity.js';
import type { ProductImageEntity } from '../modules/catalog/product-image.entity.js';
import { lazyStaffAuth, type StaffAuthResult } from '../modules/staff/auth.js';
import type { OrderLineEntity } from '../modules/orders/order-line.entity.js';
import type { PaymentEventEntity } from '../modules/orders/payment-event.entity.js';
import type { OrderTransitionEntity } from '../modules/orders/order-transition.entity.js';

export interface Loaders {
  sizes: DataLoader<number, ProductSizeEntity[]>;
  images: DataLoader<number, ProductImageEntity[]>;
  orderLines: DataLoader<number, OrderLineEntity[]>;
  orderPayments: DataLoader<number, PaymentEventEntity[]>;
  orderTimeline: DataLoader<number, OrderTransitionEntity[]>;
}

/** Per-request context: shared services plus request-scoped loaders. */
export interface GraphQLContext {
  services: Services;
  loaders: Loaders;
  requestId: string;
  ip: string;
  /** Who is calling (Firebase ID token), checked at most once per request and only when asked. */
  staffAuth(): Promise<StaffAuthResult>;
}

export function createLoaders(services: Services): Loaders {
  return {
    sizes: new DataLoader((ids) => services.catalog.sizesByProduct(ids)),
    images: new DataLoader((ids) => services.catalog.imagesByProduct(ids)),
    orderLines: new DataLoader((ids) => services.staff.orders.linesByOrder(ids)),
    orderPayments: new DataLoader((ids) => services.staff.orders.paymentsByOrder(ids)),
    orderTimeline: new DataLoader((ids) => services.staff.orders.timelineByOrder(ids)),
  };
}

export function createContext(services: Services, request: { requestId: string; ip: string; authorization?: string }): GraphQLContext {
  const { authorization, ...rest } = request;
  return { services, loaders: createLoaders(services), ...rest, staffAuth: lazyStaffAuth(services.staff.auth, authorization) };
}
