import type { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import type { Env } from '../config/env.js';
import type { MediaStore } from '../modules/media/media-store.js';
import { CatalogService } from '../modules/catalog/catalog.service.js';
import { HomeMediaService } from '../modules/media/home-media.service.js';
import { DiscountService } from '../modules/discounts/discount.service.js';
import { CartService } from '../modules/cart/cart.service.js';
import { SeoService } from '../modules/seo/seo.service.js';
import { createStaffServices, type StaffServices } from '../modules/staff/staff-services.js';
import { createOrderServices, type OrderServices } from '../modules/orders/order-services.js';

/** Long-lived services, built once at start-up and shared by every request. */
export interface Services extends OrderServices {
  env: Env;
  ds: DataSource;
  media: MediaStore;
  catalog: CatalogService;
  homeMedia: HomeMediaService;
  discounts: DiscountService;
  cart: CartService;
  seo: SeoService;
  staff: StaffServices;
}

export function createServices(env: Env, ds: DataSource, media: MediaStore, log?: Logger): Services {
  const discounts = new DiscountService(ds);
  const cart = new CartService(ds, discounts);
  return {
    env,
    ds,
    media,
    catalog: new CatalogService(ds),
    homeMedia: new HomeMediaService(ds),
    discounts,
    cart,
    seo: new SeoService(ds),
    ...createOrderServices(env, ds, cart, log),
    staff: createStaffServices(env, ds, media),
  };
}
