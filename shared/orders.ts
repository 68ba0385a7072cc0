/**
 * Order vocabulary both sides show: statuses, payment methods, documents and their Spanish labels.
 * Which status may follow which, and what each change does, is the server's order lifecycle.
 */
export const ORDER_STATUSES = ['PENDIENTE_PAGO', 'PAGADO', 'EN_PREPARACION', 'ENVIADO', 'ENTREGADO', 'PAGO_RECHAZADO', 'EXPIRADO', 'CANCELADO'] as const;
export type OrderStatusValue = (typeof ORDER_STATUSES)[number];

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

export function isOrderStatus(value: string): value is OrderStatusValue {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

export const PAYMENT_METHODS = ['CARD', 'PSE'] as const;
export type PaymentMethodValue = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethodValue, string> = { CARD: 'Tarjeta', PSE: 'PSE' };

/** Gateway (Wompi) transaction statuses in Spanish. */
export const TRANSACTION_STATUS_LABELS: Record<string, string> = {
  APPROVED: 'Aprobada',
  DECLINED: 'Rechazada',
  VOIDED: 'Anulada',
  ERROR: 'Error',
  PENDING: 'Pendiente',
};

export const DOCUMENT_TYPES = ['CC', 'CE', 'NIT', 'PP', 'TI'] as const;
export type DocumentTypeValue = (typeof DOCUMENT_TYPES)[number];

export const DOCUMENT_TYPE_LABELS: Record<DocumentTypeValue, string> = {
  CC: 'Cédula de ciudadanía (CC)',
  CE: 'Cédula de extranjería (CE)',
  NIT: 'NIT',
  PP: 'Pasaporte (PP)',
  TI: 'Tarjeta de identidad (TI)',
};
