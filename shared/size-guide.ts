import { formatDecimal } from './money.js';

/**
 * Size guides: the measurements (in cm) that tell a shopper which size fits, per product. Each
 * category has sensible defaults (collars: neck; harnesses and chest harnesses: chest and neck;
 * leashes: length and width; bandanas: neck; jackets: neck, chest and back length) that staff edit
 * per product. The server validates staff input with `sizeGuideSchema` (size-guide-schema.ts); the staff form uses the same.
 */

export const SIZE_MEASUREMENTS = ['NECK', 'CHEST', 'BACK_LENGTH', 'LENGTH', 'WIDTH'] as const;
export type SizeMeasurement = (typeof SIZE_MEASUREMENTS)[number];

/** Column headers of the table (the unit is part of the header). */
export const MEASUREMENT_LABELS: Record<SizeMeasurement, string> = {
  NECK: 'Cuello (cm)',
  CHEST: 'Pecho (cm)',
  BACK_LENGTH: 'Largo de espalda (cm)',
  LENGTH: 'Largo (cm)',
  WIDTH: 'Ancho (cm)',
};

/** How to take each measurement (shown above the table). */
export const MEASUREMENT_HINTS: Record<SizeMeasurement, string> = {
  NECK: 'Cuello: mide el contorno en la base del cuello, donde va el collar, dejando espacio para dos dedos.',
  CHEST: 'Pecho: mide el contorno en la parte más ancha, justo detrás de las patas delanteras.',
  BACK_LENGTH: 'Largo de espalda: desde la base del cuello hasta la base de la cola.',
  LENGTH: 'Largo: medida de punta a punta del producto.',
  WIDTH: 'Ancho: ancho de la reata o cinta.',
};

/** One cell: a single value (`max` null) or a range `min`–`max`, in cm. */
export interface MeasureRange {
  min: number;
  max: number | null;
}

export interface SizeGuideRow {
  size: string;
  values: MeasureRange[];
}

export interface SizeGuide {
  measurements: SizeMeasurement[];
  rows: SizeGuideRow[];
  note: string | null;
}

export const SIZE_GUIDE_MESSAGES = {
  noMeasurements: 'Elige al menos una medida para la guía de tallas.',
  duplicateMeasurement: 'Cada medida puede aparecer una sola vez.',
  noRows: 'La guía de tallas necesita al menos una fila.',
  valueCount: 'Cada talla necesita un valor por medida.',
  value: 'Las medidas deben ser números entre 0,1 y 500 cm, con un decimal como máximo.',
  range: 'En un rango, el valor máximo debe ser mayor que el mínimo.',
  noteTooLong: 'La nota de la guía es demasiado larga (máximo 300 caracteres).',
  unknownSize: (size: string) => `La guía tiene la talla «${size}», que el producto no tiene.`,
  duplicateSize: (size: string) => `La talla «${size}» aparece dos veces en la guía.`,
} as const;

const M = SIZE_GUIDE_MESSAGES;

/** Rows must name the product's own sizes, once each; answers the first problem or null. Rows come back in size order. */
export function checkGuideSizes(
  guide: SizeGuide,
  sizeLabels: readonly string[],
): { message: string } | { guide: SizeGuide } {
  const seen = new Set<string>();
  for (const row of guide.rows) {
    if (!sizeLabels.includes(row.size)) return { message: M.unknownSize(row.size) };
    if (seen.has(row.size)) return { message: M.duplicateSize(row.size) };
    seen.add(row.size);
  }
  const rows = [...guide.rows].sort((a, b) => sizeLabels.indexOf(a.size) - sizeLabels.indexOf(b.size));
  return { guide: { ...guide, rows } };
}

/** `32–40` or `2,5` (es-CO decimals). */
export function formatMeasure(value: MeasureRange): string {
  return value.max === null
    ? formatDecimal(value.min, 1)
    : `${formatDecimal(value.min, 1)}–${formatDecimal(value.max, 1)}`;
}

/** Parses what staff type in a cell (`32-40`, `32–40`, `2,5`); null when it is not a value or range. */
export function parseMeasure(text: string): MeasureRange | null {
  const m = /^\s*(\d{1,3}(?:[.,]\d)?)\s*(?:[-–]\s*(\d{1,3}(?:[.,]\d)?)\s*)?$/.exec(text);
  if (!m) return null;
  const num = (s: string) => Number(s.replace(',', '.'));
  return { min: num(m[1]!), max: m[2] ? num(m[2]) : null };
}

// ------------------------------------------------------------------ defaults per category

type Ranges = Record<string, Array<[number, number]>>;

/** Neck and chest contours (cm) per letter size, shared by collars, bandanas and harnesses. */
const NECK: Ranges['x'] = [
  [20, 26],
  [26, 32],
  [32, 40],
  [40, 48],
  [48, 56],
];
const CHEST: Ranges['x'] = [
  [30, 38],
  [38, 48],
  [48, 60],
  [60, 72],
  [72, 86],
];
const LETTERS = ['XS', 'S', 'M', 'L', 'XL'];
/** Jacket chart (the one jackets always had): neck, chest, back length per size. */
const JACKET = { neck: [24, 29, 35, 41, 47], chest: [36, 44, 53, 62, 71], back: [24, 30, 36, 42, 47] };
/** Leash widths by size when a leash really comes in sizes. */
const LEASH_WIDTH = [1, 1.5, 2, 2.5, 3];

const ranged = (pairs: Array<[number, number]>, i: number): MeasureRange => ({ min: pairs[i]![0], max: pairs[i]![1] });

function perLetter(
  sizes: readonly string[],
  measurements: SizeMeasurement[],
  cell: (letter: number) => MeasureRange[],
): SizeGuide | null {
  const rows = sizes.flatMap((size) => {
    const i = LETTERS.indexOf(size.toUpperCase());
    return i === -1 ? [] : [{ size, values: cell(i) }];
  });
  return rows.length ? { measurements, rows, note: null } : null;
}

/** The measurement columns each category's guide uses. */
export const CATEGORY_MEASUREMENTS: Record<string, SizeMeasurement[]> = {
  collares: ['NECK'],
  bandanas: ['NECK'],
  arneses: ['CHEST', 'NECK'],
  pecheras: ['CHEST', 'NECK'],
  'pecheras-backpack': ['CHEST', 'NECK'],
  correas: ['LENGTH', 'WIDTH'],
  chaquetas: ['NECK', 'CHEST', 'BACK_LENGTH'],
};

/**
 * The suggested guide for a product of `category` with these size labels (letter sizes XS–XL get
 * measurements; leashes with one size get their length in cm, from the product when known).
 * Null when the category has no defaults or no size can be filled.
 */
export function defaultSizeGuide(
  category: string,
  sizes: readonly string[],
  options: { leashLengthCm?: number } = {},
): SizeGuide | null {
  switch (category) {
    case 'collares':
    case 'bandanas':
      return perLetter(sizes, ['NECK'], (i) => [ranged(NECK, i)]);
    case 'arneses':
    case 'pecheras':
    case 'pecheras-backpack':
      return perLetter(sizes, ['CHEST', 'NECK'], (i) => [ranged(CHEST, i), ranged(NECK, i)]);
    case 'chaquetas':
      return perLetter(sizes, ['NECK', 'CHEST', 'BACK_LENGTH'], (i) => [
        { min: JACKET.neck[i]!, max: null },
        { min: JACKET.chest[i]!, max: null },
        { min: JACKET.back[i]!, max: null },
      ]);
    case 'correas': {
      const length = options.leashLengthCm ?? 120;
      const letters = perLetter(sizes, ['LENGTH', 'WIDTH'], (i) => [
        { min: length, max: null },
        { min: LEASH_WIDTH[i]!, max: null },
      ]);
      if (letters) return letters;
      return sizes.length
        ? {
            measurements: ['LENGTH', 'WIDTH'],
            rows: sizes.map((size) => ({
              size,
              values: [
                { min: length, max: null },
                { min: 2, max: null },
              ],
            })),
            note: null,
          }
        : null;
    }
    default:
      return null;
  }
}

/** The measuring hints for a guide's columns, in order. */
export function guideHints(guide: { measurements: readonly SizeMeasurement[] }): string[] {
  return guide.measurements.map((m) => MEASUREMENT_HINTS[m]);
}
