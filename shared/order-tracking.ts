import type { OrderStatusValue } from './orders.js';
import { SHOP_TIME_ZONE } from './shop.js';

/**
 * How a shopper reads an order: the words of the order page and of the emails that follow each
 * state (staff see the lifecycle's own labels and names; a shopper sees neither staff names nor notes).
 */

/** Headline of the order page (and subject line of the state's email). */
export const SHOPPER_STATUS_TITLES: Record<OrderStatusValue, string> = {
  PENDIENTE_PAGO: 'Tu pedido está esperando el pago',
  POR_CONFIRMAR: 'Recibimos tu pedido: te llamaremos para confirmarlo',
  PAGADO: '¡Pago aprobado!',
  EN_PREPARACION: 'Estamos preparando tu pedido',
  ENVIADO: 'Tu pedido va en camino',
  ENTREGADO: 'Tu pedido fue entregado',
  DEVUELTO: 'Tu pedido volvió a nuestra tienda',
  PAGO_RECHAZADO: 'Tu pago fue rechazado',
  EXPIRADO: 'El tiempo para pagar terminó',
  CANCELADO: 'Tu pedido fue cancelado',
};

/** One line of the shopper's timeline: what happened when the order reached `to` (from `from`). */
export function shopperStepLabel(from: OrderStatusValue | null, to: OrderStatusValue): string {
  switch (to) {
    case 'PENDIENTE_PAGO':
      return from === null ? 'Recibimos tu pedido' : 'Nuevo intento de pago';
    case 'POR_CONFIRMAR':
      return 'Recibimos tu pedido (pago contraentrega)';
    case 'PAGADO':
      return 'Pago aprobado';
    case 'EN_PREPARACION':
      return from === 'POR_CONFIRMAR'
        ? 'Confirmamos tu pedido y empezamos a prepararlo'
        : 'Empezamos a preparar tu pedido';
    case 'ENVIADO':
      return 'Entregamos tu pedido a la transportadora';
    case 'ENTREGADO':
      return 'Pedido entregado';
    case 'DEVUELTO':
      return 'El paquete volvió a nuestra tienda';
    case 'PAGO_RECHAZADO':
      return 'El pago fue rechazado';
    case 'EXPIRADO':
      return 'Se acabó el tiempo para pagar';
    case 'CANCELADO':
      return 'Pedido cancelado';
  }
}

/** The stages of a paid order, in order (the order page draws them as a progress list). */
export const FULFILMENT_STAGES = [
  'PAGADO',
  'EN_PREPARACION',
  'ENVIADO',
  'ENTREGADO',
] as const satisfies readonly OrderStatusValue[];

export const FULFILMENT_STAGE_LABELS: Record<(typeof FULFILMENT_STAGES)[number], string> = {
  PAGADO: 'Pago aprobado',
  EN_PREPARACION: 'En preparación',
  ENVIADO: 'Enviado',
  ENTREGADO: 'Entregado',
};

/** A cash-on-delivery order's stages: placed, confirmed by phone and prepared, shipped, delivered (paid to the carrier). */
export const COD_FULFILMENT_STAGES = [
  'POR_CONFIRMAR',
  'EN_PREPARACION',
  'ENVIADO',
  'ENTREGADO',
] as const satisfies readonly OrderStatusValue[];

const COD_STAGE_LABELS: Record<(typeof COD_FULFILMENT_STAGES)[number], string> = {
  POR_CONFIRMAR: 'Pedido recibido',
  EN_PREPARACION: 'Confirmado y en preparación',
  ENVIADO: 'Enviado',
  ENTREGADO: 'Entregado (pago contraentrega)',
};

/** The progress list of an order, by how it is paid (cash on delivery or not). */
export function fulfilmentStages(cashOnDelivery: boolean): Array<{ status: OrderStatusValue; label: string }> {
  return cashOnDelivery
    ? COD_FULFILMENT_STAGES.map((status) => ({ status, label: COD_STAGE_LABELS[status] }))
    : FULFILMENT_STAGES.map((status) => ({ status, label: FULFILMENT_STAGE_LABELS[status] }));
}

/** Date and time as a Colombian shopper reads them: `12 de noviembre a las 3:45 p. m.` (Bogotá time). */
export function formatShopDateTime(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return new Intl.DateTimeFormat('es-CO', {
    day: 'numeric',
    month: 'long',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: SHOP_TIME_ZONE,
  })
    .format(date)
    .replace(/[\u00a0\u202f]/g, ' ');
}

/** A Bogotá calendar day (`2025-11-14`) as `14 de noviembre`. */
export function formatShopDay(isoDay: string): string {
  return new Intl.DateTimeFormat('es-CO', { day: 'numeric', month: 'long', timeZone: SHOP_TIME_ZONE }).format(
    new Date(`${isoDay}T12:00:00-05:00`),
  );
}

/** When a paid order arrives: `entre el 14 y el 18 de noviembre` (or one day), from the promised dates. */
export function deliveryWindow(earliest: string, latest: string): string {
  return earliest === latest
    ? `el ${formatShopDay(earliest)}`
    : `entre el ${formatShopDay(earliest)} y el ${formatShopDay(latest)}`;
}

/** Time of day only: `3:45 p. m.` (Bogotá time). */
export function formatShopTime(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return new Intl.DateTimeFormat('es-CO', { hour: 'numeric', minute: '2-digit', timeZone: SHOP_TIME_ZONE })
    .format(date)
    .replace(/[\u00a0\u202f]/g, ' ');
}
