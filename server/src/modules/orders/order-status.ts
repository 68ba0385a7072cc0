import { ORDER_STATUSES, ORDER_STATUS_LABELS, isOrderStatus, type OrderStatusValue } from '#shared/orders.js';

export { ORDER_STATUSES, ORDER_STATUS_LABELS, isOrderStatus, type OrderStatusValue };

/**
 * Every allowed transition. The payment flow moves PENDIENTE_PAGO → PAGADO / PAGO_RECHAZADO /
 * EXPIRADO; a late approval or a retry may revive PAGO_RECHAZADO / EXPIRADO (stock re-reserved).
 */
const TRANSITIONS: Record<OrderStatusValue, readonly OrderStatusValue[]> = {
  PENDIENTE_PAGO: ['PAGADO', 'PAGO_RECHAZADO', 'EXPIRADO', 'CANCELADO'],
  PAGADO: ['EN_PREPARACION', 'CANCELADO'],
  EN_PREPARACION: ['ENVIADO', 'CANCELADO'],
  ENVIADO: ['ENTREGADO'],
  ENTREGADO: [],
  PAGO_RECHAZADO: ['PENDIENTE_PAGO', 'PAGADO', 'CANCELADO'],
  EXPIRADO: ['PAGADO', 'CANCELADO'],
  CANCELADO: [],
};

/** Transitions staff may perform by hand from the dashboard. */
export const STAFF_TRANSITIONS: Record<OrderStatusValue, readonly OrderStatusValue[]> = {
  PENDIENTE_PAGO: ['CANCELADO'],
  PAGADO: ['EN_PREPARACION', 'CANCELADO'],
  EN_PREPARACION: ['ENVIADO', 'CANCELADO'],
  ENVIADO: ['ENTREGADO'],
  ENTREGADO: [],
  PAGO_RECHAZADO: ['CANCELADO'],
  EXPIRADO: ['CANCELADO'],
  CANCELADO: [],
};

export function canTransition(from: OrderStatusValue, to: OrderStatusValue): boolean {
  return TRANSITIONS[from].includes(to);
}

export function canStaffTransition(from: OrderStatusValue, to: OrderStatusValue): boolean {
  return STAFF_TRANSITIONS[from].includes(to);
}

/** States in which the order's units are still held in `product_size.reserved`. */
export function holdsReservation(status: OrderStatusValue): boolean {
  return status === 'PENDIENTE_PAGO';
}
