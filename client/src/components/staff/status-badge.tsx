import type { OrderStatus, PaymentMethod } from '../../gql/types';

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  PENDIENTE_PAGO: 'Pendiente de pago',
  PAGADO: 'Pagado',
  EN_PREPARACION: 'En preparación',
  ENVIADO: 'Enviado',
  ENTREGADO: 'Entregado',
  PAGO_RECHAZADO: 'Pago rechazado',
  EXPIRADO: 'Expirado',
  CANCELADO: 'Cancelado',
};

export const ORDER_STATUSES = Object.keys(ORDER_STATUS_LABELS) as OrderStatus[];

/** Gateway (Wompi) transaction statuses in Spanish. */
export const TRANSACTION_STATUS_LABELS: Record<string, string> = {
  APPROVED: 'Aprobada',
  DECLINED: 'Rechazada',
  VOIDED: 'Anulada',
  ERROR: 'Error',
  PENDING: 'Pendiente',
};

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = { CARD: 'Tarjeta', PSE: 'PSE' };

/** Coloured badge with the Spanish label of an order state. */
export function StatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`status-badge status-badge--${status.toLowerCase().replace(/_/g, '-')}`}>{ORDER_STATUS_LABELS[status]}</span>;
}

const dateTime = new Intl.DateTimeFormat('es-CO', { timeZone: 'America/Bogota', dateStyle: 'medium', timeStyle: 'short' });

/** Date and time in Bogotá, e.g. `4 mar 2025, 3:00 p. m.`. */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}
