// minimumFractionDigits is explicit so older engines (COP defaults to 2 digits in ISO 4217) do not
// throw a RangeError for max < min.
const copFormatter = new Intl.NumberFormat('es-CO', { style: 'currency', currency: 'COP', minimumFractionDigits: 0, maximumFractionDigits: 0 });

/** Formats integer Colombian pesos as `$ 150.000` (a regular space after `$`, never decimals). */
export function formatCop(value: number): string {
  // ICU emits a no-break space (U+00A0) or a narrow no-break space (U+202F).
  return copFormatter.format(value).replace(/[\u00a0\u202f]/g, ' ');
}
