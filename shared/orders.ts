/**
 * Order vocabulary both sides show: statuses, payment methods, documents and their Spanish labels.
 * Which status may follow which, and what each change does, is the server's order lifecycle.
 */
export const ORDER_STATUSES = [
  'PENDIENTE_PAGO',
  'POR_CONFIRMAR',
  'PAGADO',
  'EN_PREPARACION',
  'ENVIADO',
  'ENTREGADO',
  'DEVUELTO',
  'PAGO_RECHAZADO',
  'EXPIRADO',
  'CANCELADO',
] as const;
export type OrderStatusValue = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatusValue, string> = {
  PENDIENTE_PAGO: 'Pendiente de pago',
  POR_CONFIRMAR: 'Por confirmar (contraentrega)',
  PAGADO: 'Pagado',
  EN_PREPARACION: 'En preparación',
  ENVIADO: 'Enviado',
  ENTREGADO: 'Entregado',
  DEVUELTO: 'Devuelto a la tienda',
  PAGO_RECHAZADO: 'Pago rechazado',
  EXPIRADO: 'Expirado',
  CANCELADO: 'Cancelado',
};

/**
 * Statuses of a sale: paid (a cash-on-delivery order once confirmed by phone) and on its way to, or with,
 * the shopper. Sales counts, best sellers, first purchases, delivery dates and refunds all read this one list.
 */
export const SALE_STATUSES = [
  'PAGADO',
  'EN_PREPARACION',
  'ENVIADO',
  'ENTREGADO',
] as const satisfies readonly OrderStatusValue[];
export const PAID_STATUSES: ReadonlySet<OrderStatusValue> = new Set(SALE_STATUSES);

/**
 * Whether an order counts in the shop's sales (figures, the sales chart, best sellers, a customer's first
 * purchase): a sale status, and for contraentrega only once its cash was collected (a confirmed order may still be
 * refused at the door).
 */
export function countsAsSale(o: {
  status: OrderStatusValue;
  paymentMethod: PaymentMethodValue;
  cashCollectedAt: Date | string | null;
}): boolean {
  return PAID_STATUSES.has(o.status) && (o.paymentMethod !== 'CASH_ON_DELIVERY' || o.cashCollectedAt !== null);
}

/** `countsAsSale` for the server's SQL, on the `shop_order` row named `alias`. */
export function saleSql(alias: string): string {
  return `(${alias}.status IN (${SALE_STATUSES.map((s) => `'${s}'`).join(', ')}) AND (${alias}.payment_method <> 'CASH_ON_DELIVERY' OR ${alias}.cash_collected_at IS NOT NULL))`;
}

/** When a sale happened, in SQL: contraentrega when its cash was collected, any other order when it was placed. */
export function saleAtSql(alias: string): string {
  return `(CASE WHEN ${alias}.payment_method = 'CASH_ON_DELIVERY' THEN ${alias}.cash_collected_at ELSE ${alias}.created_at END)`;
}

/** Marks on an order that ask for staff attention (shown in the order's detail). */
export const ORDER_FLAGS = ['MONTO_NO_COINCIDE', 'REEMBOLSO_PENDIENTE', 'PAGO_ANULADO'] as const;
export type OrderFlagValue = (typeof ORDER_FLAGS)[number];

export const ORDER_FLAG_LABELS: Record<OrderFlagValue, string> = {
  MONTO_NO_COINCIDE: 'El monto pagado no coincide',
  REEMBOLSO_PENDIENTE: 'Reembolso pendiente',
  PAGO_ANULADO: 'La pasarela anuló el pago',
};

/** What the timeline records besides status changes (returns, refunds, the cash of a contraentrega order). */
export const ORDER_EVENTS = [
  'RETURN_REQUESTED',
  'RETURN_ACCEPTED',
  'RETURN_REJECTED',
  'RETURN_RECEIVED',
  'REFUNDED',
  'CASH_COLLECTED',
] as const;
export type OrderEventValue = (typeof ORDER_EVENTS)[number];

export const ORDER_EVENT_LABELS: Record<OrderEventValue, string> = {
  RETURN_REQUESTED: 'Devolución solicitada',
  RETURN_ACCEPTED: 'Devolución aceptada',
  RETURN_REJECTED: 'Devolución rechazada',
  RETURN_RECEIVED: 'Productos devueltos recibidos',
  REFUNDED: 'Reembolso',
  CASH_COLLECTED: 'Pago contraentrega recibido',
};

export function isOrderStatus(value: string): value is OrderStatusValue {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

/**
 * How an order is paid. The online ones are what the gateway (Wompi, or the sandbox) reports as
 * `payment_method_type`; CASH_ON_DELIVERY is paid to the carrier (contraentrega).
 */
export const PAYMENT_METHODS = [
  'CARD',
  'PSE',
  'NEQUI',
  'BANCOLOMBIA_TRANSFER',
  'BANCOLOMBIA_QR',
  'DAVIPLATA',
  'BANCOLOMBIA_COLLECT',
  'PCOL',
  'BANCOLOMBIA_BNPL',
  'CASH_ON_DELIVERY',
] as const;
export type PaymentMethodValue = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethodValue, string> = {
  CARD: 'Tarjeta',
  PSE: 'PSE',
  NEQUI: 'Nequi',
  BANCOLOMBIA_TRANSFER: 'Botón Bancolombia',
  BANCOLOMBIA_QR: 'Código QR Bancolombia',
  DAVIPLATA: 'Daviplata',
  BANCOLOMBIA_COLLECT: 'Efectivo en Corresponsal Bancolombia',
  PCOL: 'Puntos Colombia',
  BANCOLOMBIA_BNPL: 'Compra ahora y paga después (Bancolombia)',
  CASH_ON_DELIVERY: 'Contraentrega',
};

/** The online methods the shop's gateway offers (Wompi as enabled for the shop; the sandbox offers the same). */
export const ONLINE_PAYMENT_METHODS = [
  'CARD',
  'PSE',
  'NEQUI',
  'BANCOLOMBIA_TRANSFER',
] as const satisfies readonly PaymentMethodValue[];
export type OnlinePaymentMethodValue = (typeof ONLINE_PAYMENT_METHODS)[number];

/** What a shopper may choose at checkout: an online method (preselected at the gateway) or cash on delivery. */
export const CHECKOUT_PAYMENT_METHODS = [
  ...ONLINE_PAYMENT_METHODS,
  'CASH_ON_DELIVERY',
] as const satisfies readonly PaymentMethodValue[];
export type CheckoutPaymentMethodValue = (typeof CHECKOUT_PAYMENT_METHODS)[number];

export function isPaymentMethod(value: string): value is PaymentMethodValue {
  return (PAYMENT_METHODS as readonly string[]).includes(value);
}

/** The gateway's `payment_method_type` as an order's method; null for a type the shop does not know. */
export function paymentMethodFromGateway(type: string | null | undefined): PaymentMethodValue | null {
  return type && type !== 'CASH_ON_DELIVERY' && isPaymentMethod(type) ? type : null;
}

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
