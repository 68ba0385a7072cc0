/**
 * Returns, retracto, warranty and payment reversal (Ley 1480 de 2011) as this shop applies them: the
 * server computes the deadlines from these numbers (server/src/modules/returns/return-rules.ts) and the
 * policy page, the order page and the dashboard state them from the same numbers.
 */

/** Derecho de retracto (art. 47): business days from delivery (Colombian holidays do not count). */
export const RETRACTO_BUSINESS_DAYS = 5;
/** Money back after a retracto or a warranty refund: calendar days from the request. */
export const RETRACTO_REFUND_DAYS = 30;
/** Legal warranty here: months from delivery. */
export const WARRANTY_MONTHS = 12;
/** Reversión del pago (art. 51): business days to reverse the payment from the request. */
export const REVERSION_BUSINESS_DAYS = 15;

export type ReturnKindValue = 'RETRACTO' | 'GARANTIA' | 'REVERSION';
export type ReturnStatusValue = 'SOLICITADA' | 'ACEPTADA' | 'RECHAZADA' | 'RECIBIDA' | 'REEMBOLSADA';
export type RefundMethodValue = 'GATEWAY_VOID' | 'BANK_TRANSFER';

export const RETURN_KIND_LABELS: Record<ReturnKindValue, string> = {
  RETRACTO: 'Retracto',
  GARANTIA: 'Garantía',
  REVERSION: 'Reversión del pago',
};

/** Staff's words for each state of a request. */
export const RETURN_STATUS_LABELS: Record<ReturnStatusValue, string> = {
  SOLICITADA: 'Solicitada',
  ACEPTADA: 'Aceptada',
  RECHAZADA: 'Rechazada',
  RECIBIDA: 'Productos recibidos',
  REEMBOLSADA: 'Reembolsada',
};

/** The shopper's words for each state of their request. */
export const SHOPPER_RETURN_STATUS: Record<ReturnStatusValue, string> = {
  SOLICITADA: 'Recibimos tu solicitud: la estamos revisando',
  ACEPTADA: 'Aceptada',
  RECHAZADA: 'No fue aceptada',
  RECIBIDA: 'Recibimos los productos: el reembolso está en camino',
  REEMBOLSADA: 'Reembolsada',
};

export const REFUND_METHOD_LABELS: Record<RefundMethodValue, string> = {
  GATEWAY_VOID: 'Anulación del cobro en la pasarela',
  BANK_TRANSFER: 'Transferencia bancaria',
};

/** Requests still waiting for staff (a decision, the goods or the money). */
export const OPEN_RETURN_STATUSES: readonly ReturnStatusValue[] = ['SOLICITADA', 'ACEPTADA', 'RECIBIDA'];

/** Shortest and longest reason the shop accepts (the server checks the same numbers). */
export const RETURN_REASON_MIN = 10;
export const RETURN_REASON_MAX = 1000;
