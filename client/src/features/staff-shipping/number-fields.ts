import { formatDecimal } from '#shared/money.js';
import { parsePesos, parseWhole } from '../../lib/staff-format';

/** Text typed in the shipping forms → the numbers the server checks, or the Spanish reason it cannot be read. */
export function readPesos(text: string, label: string): number | string {
  const value = parsePesos(text);
  return value === null ? `${label}: escribe un valor en pesos, sin decimales (p. ej. 16.500).` : value;
}

export function readDays(text: string, label: string): number | string {
  const value = parseWhole(text);
  return value === null || Number.isNaN(value) ? `${label}: escribe un número entero de días hábiles.` : value;
}

/** The first problem among the read values, or null when every value is a number. */
export function firstProblem(...values: Array<number | string>): string | null {
  return values.find((v): v is string => typeof v === 'string') ?? null;
}

/** What staff see in an input for a number of pesos: `16.500`. */
export function pesosText(value: number): string {
  return formatDecimal(value, 0);
}
