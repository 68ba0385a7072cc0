import { groupThousands } from './money.js';

/**
 * The Colombian NIT (Número de Identificación Tributaria) and its check digit (dígito de verificación, DV), as the
 * DIAN computes it: the digits from right to left are weighted 3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59,
 * 67, 71; the remainder of the sum divided by 11 is the DV when it is 0 or 1, otherwise the DV is 11 − remainder.
 * Checkout, the legal settings form and the invoices all read NITs through this file.
 */
const WEIGHTS = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71] as const;

/** The check digit of a NIT given as 1–15 digits (no separators, no DV). */
export function nitCheckDigit(digits: string): string {
  if (!/^\d{1,15}$/.test(digits)) throw new Error('nitCheckDigit: the NIT is 1 to 15 digits');
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[digits.length - 1 - i]) * WEIGHTS[i]!;
  const remainder = sum % 11;
  return String(remainder > 1 ? 11 - remainder : remainder);
}

export interface Nit {
  /** The digits without the check digit. */
  number: string;
  checkDigit: string;
}

/**
 * A NIT as people write it (`901.234.567-7`, `901234567-7`, `901 234 567`): without a DV the DV is computed; with one
 * it must be the right one. The text is cut to 30 characters before any pattern runs.
 */
export function parseNit(text: string): Nit | { error: string } {
  const compact = text.slice(0, 30).replace(/[\s.]/g, '');
  const match = /^(\d{6,10})(?:-(\d))?$/.exec(compact);
  if (!match)
    return { error: 'Escribe el NIT con 6 a 10 dígitos y, si quieres, su dígito de verificación (ej. 901.234.567-7).' };
  const number = match[1]!;
  const checkDigit = nitCheckDigit(number);
  if (match[2] !== undefined && match[2] !== checkDigit)
    return { error: `El dígito de verificación no corresponde a ese NIT (para ${number} es ${checkDigit}).` };
  return { number, checkDigit };
}

/** `901.234.567-7`: thousands separated by dots, then the DV. */
export function formatNit(nit: Nit): string {
  return `${groupThousands(nit.number)}-${nit.checkDigit}`;
}
