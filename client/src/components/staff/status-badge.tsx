import { ORDER_STATUS_LABELS, type OrderStatusValue } from '#shared/orders.js';

/** Coloured badge with the Spanish label of an order state. */
export function StatusBadge({ status }: { status: OrderStatusValue }) {
  return (
    <span className={`status-badge status-badge--${status.toLowerCase().replace(/_/g, '-')}`}>
      {ORDER_STATUS_LABELS[status]}
    </span>
  );
}
