// Business constants shared by the client. Another module may later load the
// thresholds from the server; every consumer must go through these exports.
export const BRAND = 'Enzo';
export const FREE_SHIPPING_THRESHOLD = 150_000;
export const SHIPPING_FEE = 16_500;
export const IVA_RATE = 0.19;

// minimumFractionDigits is explicit so older engines (COP defaults to 2 digits
// in ISO 4217) do not throw a RangeError for max < min.
const copFormatter = new Intl.NumberFormat('es-CO', {
  style: 'currency',
  currency: 'COP',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** Formats integer Colombian pesos as `$ 150.000` (regular space after `$`). */
export function formatCop(value: number): string {
  // ICU emits a no-break space (U+00A0) or narrow no-break space (U+202F).
  return copFormatter.format(value).replace(/[\u00a0\u202f]/g, ' ');
}
