import { describe, expect, it } from 'vitest';
import { checkGuideSizes, defaultSizeGuide, formatMeasure, parseMeasure } from './size-guide.js';
import { sizeGuideSchema } from './size-guide-schema.js';

describe('size guides', () => {
  it('suggests the measurements each category needs', () => {
    const letters = ['XS', 'S', 'M', 'L', 'XL'];
    expect(defaultSizeGuide('collares', letters)!.measurements).toEqual(['NECK']);
    expect(defaultSizeGuide('bandanas', letters)!.measurements).toEqual(['NECK']);
    expect(defaultSizeGuide('arneses', letters)!.measurements).toEqual(['CHEST', 'NECK']);
    expect(defaultSizeGuide('pecheras-backpack', letters)!.measurements).toEqual(['CHEST', 'NECK']);
    expect(defaultSizeGuide('chaquetas', letters)!.rows[0]).toEqual({
      size: 'XS',
      values: [
        { min: 24, max: null },
        { min: 36, max: null },
        { min: 24, max: null },
      ],
    });
    // A one-size leash: its length in cm, not XS–XL.
    expect(defaultSizeGuide('correas', ['Única'], { leashLengthCm: 150 })).toEqual({
      measurements: ['LENGTH', 'WIDTH'],
      note: null,
      rows: [
        {
          size: 'Única',
          values: [
            { min: 150, max: null },
            { min: 2, max: null },
          ],
        },
      ],
    });
    // Only the sizes the product has; none known → no guide.
    expect(defaultSizeGuide('collares', ['S', 'M'])!.rows.map((r) => r.size)).toEqual(['S', 'M']);
    expect(defaultSizeGuide('collares', ['Única'])).toBeNull();
    expect(defaultSizeGuide('juguetes', letters)).toBeNull();
  });

  it('reads and writes cells as staff type them (es-CO decimals, ranges)', () => {
    expect(parseMeasure('32-40')).toEqual({ min: 32, max: 40 });
    expect(parseMeasure(' 32 – 40 ')).toEqual({ min: 32, max: 40 });
    expect(parseMeasure('2,5')).toEqual({ min: 2.5, max: null });
    expect(parseMeasure('abc')).toBeNull();
    expect(parseMeasure('1,25')).toBeNull();
    expect(formatMeasure({ min: 32, max: 40 })).toBe('32–40');
    expect(formatMeasure({ min: 2.5, max: null })).toBe('2,5');
  });

  it('validates shape and sizes with Spanish messages', () => {
    const bad = sizeGuideSchema.safeParse({
      measurements: ['NECK', 'NECK'],
      rows: [{ size: 'M', values: [{ min: 0, max: null }] }],
    });
    expect(bad.success).toBe(false);
    const messages = bad.error!.issues.map((i) => i.message);
    expect(messages).toContain('Cada medida puede aparecer una sola vez.');
    expect(messages).toContain('Las medidas deben ser números entre 0,1 y 500 cm, con un decimal como máximo.');
    const guide = {
      measurements: ['NECK' as const],
      note: null,
      rows: [
        { size: 'M', values: [{ min: 30, max: 36 }] },
        { size: 'S', values: [{ min: 24, max: 30 }] },
      ],
    };
    expect(checkGuideSizes(guide, ['S', 'M'])).toEqual({ guide: { ...guide, rows: [guide.rows[1], guide.rows[0]] } });
    expect(checkGuideSizes(guide, ['M'])).toEqual({ message: 'La guía tiene la talla «S», que el producto no tiene.' });
  });
});
