import { SHOP_TIME_ZONE } from '#shared/shop.js';

const longDay = new Intl.DateTimeFormat('es-CO', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: SHOP_TIME_ZONE });

/** A legal deadline as a shopper reads it: `viernes, 28 de noviembre de 2026` (Bogotá). */
export function formatDeadline(iso: string): string {
  return longDay.format(new Date(iso));
}
