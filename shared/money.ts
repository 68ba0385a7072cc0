/**
 * Numbers as people in Colombia write them (es-CO): dots between thousands, a comma before decimals.
 *
 * Written out rather than with `Intl.NumberFormat`: building the first es-CO formatter loads ICU's locale data,
 * which in Chromium blocks the main thread for a long task on a phone (tests/bench/README.md), and every shop
 * page formats prices while it hydrates. The output is the same as ICU's for the values the shop formats
 * (money.test.ts compares the two); anything unusual (not finite, huge) still goes through ICU.
 */

/** Integer digits with a dot every three (`1234567` → `1.234.567`); `digits` holds only 0–9. */
export function groupThousands(digits: string): string {
  let out = digits.slice(0, digits.length % 3 || 3);
  for (let i = out.length; i < digits.length; i += 3) out += `.${digits.slice(i, i + 3)}`;
  return out;
}

/** Beyond this `String(n)` switches to exponent notation. */
const PLAIN_LIMIT = 1e21;

/** Rounds half away from zero (as ICU does) to `decimals` places; returns the sign and the digit strings. */
function parts(value: number, decimals: number): { negative: boolean; integer: string; fraction: string } {
  const scale = 10 ** decimals;
  const scaled = Math.round(Math.abs(value) * scale);
  const integer = Math.floor(scaled / scale);
  const fraction = decimals
    ? String(scaled - integer * scale)
        .padStart(decimals, '0')
        .replace(/0{1,20}$/, '')
    : '';
  return { negative: value < 0 && scaled !== 0, integer: groupThousands(String(integer)), fraction };
}

let icuCop: Intl.NumberFormat | undefined;

/** Formats Colombian pesos as `$ 150.000` (a regular space after `$`, rounded to whole pesos). */
export function formatCop(value: number): string {
  if (!Number.isFinite(value) || Math.abs(value) >= PLAIN_LIMIT) {
    // minimumFractionDigits is explicit so older engines (COP has 2 digits in ISO 4217) do not throw for max < min.
    icuCop ??= new Intl.NumberFormat('es-CO', {
      style: 'currency',
      currency: 'COP',
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    });
    // ICU emits a no-break space (U+00A0) or a narrow no-break space (U+202F).
    return icuCop.format(value).replace(/[\u00a0\u202f]/g, ' ');
  }
  const { negative, integer } = parts(value, 0);
  return `${negative ? '-' : ''}$ ${integer}`;
}

const icuDecimals = new Map<number, Intl.NumberFormat>();

/** A number with at most `maxDecimals` decimals, es-CO style: `1.234,5`. */
export function formatDecimal(value: number, maxDecimals: number): string {
  if (!Number.isFinite(value) || Math.abs(value) >= PLAIN_LIMIT) {
    let icu = icuDecimals.get(maxDecimals);
    if (!icu)
      icuDecimals.set(maxDecimals, (icu = new Intl.NumberFormat('es-CO', { maximumFractionDigits: maxDecimals })));
    return icu.format(value);
  }
  const { negative, integer, fraction } = parts(value, maxDecimals);
  return `${negative ? '-' : ''}${integer}${fraction ? `,${fraction}` : ''}`;
}
