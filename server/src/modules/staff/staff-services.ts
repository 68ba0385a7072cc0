import type { DataSource } from 'typeorm';
import type { Env } from '../../config/env.js';
import type { MediaStore } from '../media/media-store.js';
import { StaffAuthService } from './auth.js';
import { StaffDashboardService } from './staff-dashboard.service.js';
import { StaffOrdersService } from './staff-orders.service.js';
import { StaffTransitionsService } from './staff-transitions.service.js';
import { StaffProductsService } from './staff-products.service.js';
import { StaffDiscountsService } from './staff-discounts.service.js';

/** Everything behind the staff dashboard, built once at start-up. */
export interface StaffServices {
  auth: StaffAuthService;
  dashboard: StaffDashboardService;
  orders: StaffOrdersService;
  transitions: StaffTransitionsService;
  products: StaffProductsService;
  discounts: StaffDiscountsService;
}

export function createStaffServices(env: Env, ds: DataSource, media: MediaStore): StaffServices {
  return {
    auth: new StaffAuthService(env),
    dashboard: new StaffDashboardService(ds),
    orders: new StaffOrdersService(ds),
    transitions: new StaffTransitionsService(ds),
    products: new StaffProductsService(ds, media),
    discounts: new StaffDiscountsService(ds),
  };
}
