import { formatDecimal } from './money.js';

/** A count with its noun in Spanish: `1 unidad`, `3 unidades`, `1.200 unidades` (the noun agrees with the number). */
export function countOf(count: number, singular: string, plural: string): string {
  return `${formatDecimal(count, 0)} ${count === 1 ? singular : plural}`;
}

/** `1 unidad` / `N unidades`: the shop's most common count. */
export const unitsText = (count: number) => countOf(count, 'unidad', 'unidades');
