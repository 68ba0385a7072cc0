import { createRequire } from 'node:module';
import type Holidays from 'date-holidays';
import { SHOP_UTC_OFFSET } from '#shared/shop-time.js';

/**
 * Colombian business days (días hábiles): Monday to Friday except public holidays, counted on Bogotá's
 * calendar. Holidays come from `date-holidays` (maintained; Colombia's Ley Emiliani Monday moves
 * included), never from a hand-made list. Dates are `YYYY-MM-DD` strings in Bogotá.
 */
let colombia: Holidays | undefined;
const holidayCache = new Map<number, Set<string>>();

/**
 * date-holidays (with moment-timezone and every country's rules) is slow to load: it is loaded on the first
 * question about a date (a paid order's delivery estimate, a return's deadline), not on every start of the shop.
 */
function colombianHolidays(): Holidays {
  if (!colombia) {
    const HolidaysClass = createRequire(import.meta.url)('date-holidays') as typeof Holidays;
    colombia = new HolidaysClass('CO', { types: ['public'] });
  }
  return colombia;
}

function holidaysOf(year: number): Set<string> {
  let set = holidayCache.get(year);
  if (!set) {
    set = new Set(
      colombianHolidays()
        .getHolidays(year)
        .filter((h) => h.type === 'public')
        .map((h) => h.date.slice(0, 10)),
    );
    holidayCache.set(year, set);
  }
  return set;
}

/** The calendar day of an instant in Bogotá (the shop's one calendar, in shared/). */
export { shopDate as bogotaDate } from '#shared/shop-time.js';

function shift(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function isHoliday(date: string): boolean {
  return holidaysOf(Number(date.slice(0, 4))).has(date);
}

export function isBusinessDay(date: string): boolean {
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isHoliday(date);
}

/** The `n`-th business day after `date` (n ≥ 1): the last day of a "within n business days" term. */
export function addBusinessDays(date: string, n: number): string {
  let day = date;
  for (let counted = 0; counted < n;) {
    day = shift(day, 1);
    if (isBusinessDay(day)) counted++;
  }
  return day;
}

/** End of a Bogotá calendar day, as an instant (23:59:59.999 at UTC−5). */
export function endOfBogotaDay(date: string): Date {
  return new Date(`${date}T23:59:59.999${SHOP_UTC_OFFSET}`);
}
