// Small builders shared by the per-category seed lists.
import { SIZE_LABELS } from '#shared/shop.js';
import type { SeedSizeChartRow, SizeLabel } from '../catalog-data.js';

/** Stock per size, in XS, S, M, L, XL order. */
export function sizes(
  xs: number,
  s: number,
  m: number,
  l: number,
  xl: number,
): { label: SizeLabel; stock: number }[] {
  return [xs, s, m, l, xl].map((stock, i) => ({ label: SIZE_LABELS[i]!, stock }));
}

/**
 * Jacket size chart in centimetres. `fit` widens the chest for roomier cuts
 * (0 = regular, 1 = relaxed, 2 = with sherpa lining), `length` adds to largo.
 */
export function jacketChart(fit = 0, length = 0): SeedSizeChartRow[] {
  const cuello = [24, 29, 35, 41, 47];
  const pecho = [36, 44, 53, 62, 71];
  const largo = [24, 30, 36, 42, 47];
  return SIZE_LABELS.map((size, i) => ({
    size,
    cuelloCm: cuello[i]! + fit,
    pechoCm: pecho[i]! + fit * 2,
    largoCm: largo[i]! + length,
  }));
}
