import { SHOP_TIME_ZONE } from '#shared/shop.js';

// Built on first use: creating an ICU formatter blocks the main thread (tens of ms on a phone) when the chunk loads.
let longDay: Intl.DateTimeFormat | undefined;

/** A legal deadline as a shopper reads it: `viernes, 28 de noviembre de 2026` (Bogotá). */
export function formatDeadline(iso: string): string {
  longDay ??= new Intl.DateTimeFormat('es-CO', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: SHOP_TIME_ZONE,
  });
  return longDay.format(new Date(iso));
}
