export { OrdersPage } from './orders-page';
export { OrderDetailPage } from './order-detail-page';
export { PackingListPage } from './packing-list-page';
export type { StaffOrderFieldsFragment } from './staff-orders.generated';
