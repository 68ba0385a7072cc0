/**
 * The shop's calendar and clock. Colombia keeps UTC−5 all year (no daylight saving), so a Bogotá date or time is
 * the instant shifted by five hours; every module that writes or checks one uses these.
 */
export const SHOP_UTC_OFFSET_HOURS = -5;
/** The offset as ISO 8601 and the DIAN write it. */
export const SHOP_UTC_OFFSET = '-05:00';

/** The instant moved to Bogotá's wall clock: its UTC fields (getUTCHours, getUTCDate…) read as Bogotá's. */
export function shopClock(at: Date): Date {
  return new Date(at.getTime() + SHOP_UTC_OFFSET_HOURS * 3_600_000);
}

/** The calendar day of an instant in Bogotá, `YYYY-MM-DD`. */
export function shopDate(at: Date): string {
  return shopClock(at).toISOString().slice(0, 10);
}

/** An instant's Bogotá date and time as the DIAN writes them: `YYYY-MM-DD` and `HH:MM:SS-05:00`. */
export function shopDateTime(at: Date): { date: string; time: string } {
  const local = shopClock(at).toISOString();
  return { date: local.slice(0, 10), time: `${local.slice(11, 19)}${SHOP_UTC_OFFSET}` };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a text is a real calendar date `YYYY-MM-DD` (not 2026-02-30); long texts are refused before the pattern. */
export function isCalendarDate(value: string): boolean {
  if (value.length !== 10 || !DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}
