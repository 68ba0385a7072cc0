// Staff dashboard routes (loaded lazily from app/routes.tsx; Firebase loads only from here).
import './staff.css';

export { LoginPage as LoginRoute } from './login-page';
export { StaffShell } from './staff-shell';
export { DashboardHome as DashboardHomeRoute } from './dashboard-home';
export { OrdersPage as OrdersRoute } from './orders-page';
export { OrderDetailPage as OrderDetailRoute } from './order-detail-page';
export { ProductsPage as ProductsRoute } from './products-page';
export { DiscountCodesPage as DiscountCodesRoute } from './discount-codes-page';
