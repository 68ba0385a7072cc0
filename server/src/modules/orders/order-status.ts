/** Order lifecycle (design §2). Every change goes through `canTransition` and is recorded. */
export const ORDER_STATUSES = [
  'PENDIENTE_PAGO',
  'PAGADO',
  'EN_PREPARACION',
  'ENVIADO',
  'ENTREGADO',
  'PAGO_RECHAZADO',
  'EXPIRADO',
  'CANCELADO',
] as const;

export type OrderStatusValue = (typeof ORDER_STATUSES)[number];

/** Spanish labels shown in the UI. */
export const ORDER_STATUS_LABELS: Record<OrderStatusValue, string> = {
  PENDIENTE_PAGO: 'Pendiente de pago',
  PAGADO: 'Pagado',
  EN_PREPARACION: 'En preparación',
  ENVIADO: 'Enviado',
  ENTREGADO: 'Entregado',
  PAGO_RECHAZADO: 'Pago rechazado',
  EXPIRADO: 'Expirado',
  CANCELADO: 'Cancelado',
};

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

export function isOrderStatus(value: string): value is OrderStatusValue {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

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
