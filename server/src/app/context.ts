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

/** Product sizes and images already loaded for this request (see catalog/product-prefetch.ts). */
export interface ReadyProductData {
  sizes: Map<number, ProductSizeEntity[]>;
  images: Map<number, ProductImageEntity[]>;
}

/** Per-request context: shared services plus request-scoped loaders. */
export interface GraphQLContext {
  services: Services;
  loaders: Loaders;
  ready: ReadyProductData;
  requestId: string;
  ip: string;
  /** Who is calling (Firebase ID token), checked at most once per request and only when asked. */
  staffAuth(): Promise<StaffAuthResult>;
}

/**
 * Request-scoped DataLoaders, each built on first use: most operations touch one or two of them
 * (a cart quote none), so a request does not pay for five loaders and their closures up front.
 */
class RequestLoaders implements Loaders {
  #sizes?: Loaders['sizes'];
  #images?: Loaders['images'];
  #orderLines?: Loaders['orderLines'];
  #orderPayments?: Loaders['orderPayments'];
  #orderTimeline?: Loaders['orderTimeline'];

  constructor(private readonly services: Services) {}

  get sizes() {
    return (this.#sizes ??= new DataLoader((ids) => this.services.catalog.sizesByProduct(ids)));
  }
  get images() {
    return (this.#images ??= new DataLoader((ids) => this.services.catalog.imagesByProduct(ids)));
  }
  get orderLines() {
    return (this.#orderLines ??= new DataLoader((ids) => this.services.staff.orders.linesByOrder(ids)));
  }
  get orderPayments() {
    return (this.#orderPayments ??= new DataLoader((ids) => this.services.staff.orders.paymentsByOrder(ids)));
  }
  get orderTimeline() {
    return (this.#orderTimeline ??= new DataLoader((ids) => this.services.staff.orders.timelineByOrder(ids)));
  }
}

export function createLoaders(services: Services): Loaders {
  return new RequestLoaders(services);
}

export function createContext(services: Services, request: { requestId: string; ip: string; authorization?: string }): GraphQLContext {
  return {
    services,
    loaders: createLoaders(services),
    ready: { sizes: new Map(), images: new Map() },
    requestId: request.requestId,
    ip: request.ip,
    staffAuth: lazyStaffAuth(services.staff.auth, request.authorization),
  };
}
