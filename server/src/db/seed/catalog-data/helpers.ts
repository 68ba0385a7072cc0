// Small builders shared by the per-category seed lists.
import { SIZE_LABELS } from '#shared/shop.js';
import type { SizeGuide } from '#shared/size-guide.js';
import type { SeedSize } from '../catalog-data.js';

/** Stock per size, in XS, S, M, L, XL order. */
export function sizes(xs: number, s: number, m: number, l: number, xl: number): SeedSize[] {
  return [xs, s, m, l, xl].map((stock, i) => ({ label: SIZE_LABELS[i]!, stock }));
}

/**
 * Jacket size guide in centimetres (neck, chest, back length). `fit` widens the chest for roomier
 * cuts (0 = regular, 1 = relaxed, 2 = with sherpa lining), `length` adds to the back length.
 */
export function jacketGuide(fit = 0, length = 0): SizeGuide {
  const cuello = [24, 29, 35, 41, 47];
  const pecho = [36, 44, 53, 62, 71];
  const largo = [24, 30, 36, 42, 47];
  return {
    measurements: ['NECK', 'CHEST', 'BACK_LENGTH'],
    note: null,
    rows: SIZE_LABELS.map((size, i) => ({
      size,
      values: [
        { min: cuello[i]! + fit, max: null },
        { min: pecho[i]! + fit * 2, max: null },
        { min: largo[i]! + length, max: null },
      ],
    })),
  };
}

/** A one-size leash: its length and the width of its webbing, in centimetres. */
export function leashGuide(lengthCm: number, widthCm: number): SizeGuide {
  return {
    measurements: ['LENGTH', 'WIDTH'],
    note: null,
    rows: [
      {
        size: 'Única',
        values: [
          { min: lengthCm, max: null },
          { min: widthCm, max: null },
        ],
      },
    ],
  };
}
