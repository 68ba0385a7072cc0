import { describe, expect, it } from 'vitest';
import { CATEGORY_MEASUREMENTS } from '#shared/size-guide.js';
import { sizeGuideSchema } from '#shared/size-guide-schema.js';
import { categories, discountCodes, products, type CategorySlug } from './catalog-data.js';

const ranges: Record<CategorySlug, [number, number]> = {
  collares: [30000, 70000],
  correas: [30000, 70000],
  arneses: [60000, 130000],
  pecheras: [60000, 130000],
  'pecheras-backpack': [60000, 130000],
  bandanas: [25000, 45000],
  chaquetas: [90000, 160000],
};

describe('seed catalog', () => {
  it('has the seven categories in order with Spanish names', () => {
    expect(categories.map((c) => c.slug)).toEqual([
      'collares',
      'correas',
      'arneses',
      'bandanas',
      'pecheras',
      'pecheras-backpack',
      'chaquetas',
    ]);
    expect(categories.map((c) => c.position)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(categories.find((c) => c.slug === 'chaquetas')!.name).toBe('Chaquetas (Denim For Pets)');
    for (const c of categories) expect(c.description.length).toBeGreaterThan(20);
  });

  it('has at least 6 products per category', () => {
    for (const c of categories) {
      expect(products.filter((p) => p.category === c.slug).length, c.slug).toBeGreaterThanOrEqual(6);
    }
  });

  it('has at least 4 Halloween bandanas and some regular ones', () => {
    const halloween = products.filter((p) => p.collections.includes('halloween'));
    expect(halloween.length).toBeGreaterThanOrEqual(4);
    for (const p of halloween) expect(p.category).toBe('bandanas');
    expect(products.filter((p) => p.category === 'bandanas' && p.collections.length === 0).length).toBeGreaterThan(0);
    for (const p of products) {
      if (!p.collections.includes('halloween')) expect(p.collections).toEqual([]);
    }
  });

  it('prices are integer COP, round, within range and never 150.000', () => {
    for (const p of products) {
      const [min, max] = ranges[p.category];
      expect(Number.isInteger(p.price), p.slug).toBe(true);
      expect(p.price % 500, p.slug).toBe(0);
      expect(p.price, p.slug).toBeGreaterThanOrEqual(min);
      expect(p.price, p.slug).toBeLessThanOrEqual(max);
      expect(p.price, p.slug).not.toBe(150000);
    }
  });

  it('slugs and names are unique; slugs are ascii kebab-case', () => {
    expect(new Set(products.map((p) => p.slug)).size).toBe(products.length);
    expect(new Set(products.map((p) => p.name)).size).toBe(products.length);
    expect(new Set(products.map((p) => p.description)).size).toBe(products.length);
    for (const p of products) expect(p.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('descriptions are 2–4 sentences', () => {
    for (const p of products) {
      const sentences = p.description.split(/[.!?](?:\s|$)/).filter((s) => s.trim().length > 0);
      expect(sentences.length, p.slug).toBeGreaterThanOrEqual(2);
      expect(sentences.length, p.slug).toBeLessThanOrEqual(4);
      expect(p.description.toLowerCase()).not.toContain('lorem');
    }
  });

  it('letter sizes XS–XL in order with sane stock; leashes come in one size', () => {
    let withZero = 0;
    let nearlySoldOut = 0;
    for (const p of products) {
      expect(
        p.sizes.map((s) => s.label),
        p.slug,
      ).toEqual(p.category === 'correas' ? ['Única'] : ['XS', 'S', 'M', 'L', 'XL']);
      for (const s of p.sizes) {
        expect(Number.isInteger(s.stock) && s.stock >= 0 && s.stock <= 25, p.slug).toBe(true);
      }
      const zeros = p.sizes.filter((s) => s.stock === 0).length;
      if (zeros > 0) withZero++;
      if (zeros === 4) nearlySoldOut++;
      expect(zeros, p.slug).toBeLessThan(p.sizes.length);
    }
    expect(withZero).toBeGreaterThanOrEqual(Math.floor(products.length / 6));
    expect(nearlySoldOut).toBeGreaterThanOrEqual(1);
  });

  it('every product has a size guide with its category measurements, one row per size, valid per the shared rules', () => {
    for (const p of products) {
      const guide = p.sizeGuide!;
      expect(guide, p.slug).not.toBeNull();
      expect(guide.measurements, p.slug).toEqual(CATEGORY_MEASUREMENTS[p.category]);
      expect(
        guide.rows.map((r) => r.size),
        p.slug,
      ).toEqual(p.sizes.map((s) => s.label));
      expect(sizeGuideSchema.safeParse(guide).success, p.slug).toBe(true);
    }
    // Neck contours grow with the size.
    const collar = products.find((p) => p.category === 'collares')!.sizeGuide!;
    for (let i = 1; i < collar.rows.length; i++)
      expect(collar.rows[i]!.values[0]!.min).toBeGreaterThanOrEqual(collar.rows[i - 1]!.values[0]!.max!);
    // The jackets keep their chart: neck, chest and back length grow with the size.
    for (const p of products.filter((x) => x.category === 'chaquetas')) {
      const rows = p.sizeGuide!.rows;
      for (let i = 1; i < rows.length; i++)
        rows[i]!.values.forEach((v, j) => expect(v.min, p.slug).toBeGreaterThan(rows[i - 1]!.values[j]!.min));
    }
    // A 1,2 m leash says 120 cm, not XS–XL.
    expect(products.find((p) => p.slug === 'correa-cuero-miel')!.sizeGuide!.rows).toEqual([
      {
        size: 'Única',
        values: [
          { min: 120, max: null },
          { min: 2, max: null },
        ],
      },
    ]);
  });

  it('createdDaysAgo is within 1..120', () => {
    for (const p of products) {
      expect(p.createdDaysAgo).toBeGreaterThanOrEqual(1);
      expect(p.createdDaysAgo).toBeLessThanOrEqual(120);
    }
    expect(new Set(products.map((p) => p.createdDaysAgo)).size).toBeGreaterThan(products.length * 0.8);
  });

  it('has exactly four discount codes at 10, 15, 15, 15 %', () => {
    expect(discountCodes).toHaveLength(4);
    expect(discountCodes.map((d) => d.percent).sort((a, b) => a - b)).toEqual([10, 15, 15, 15]);
    expect(new Set(discountCodes.map((d) => d.code)).size).toBe(4);
    for (const d of discountCodes) expect(d.code).toMatch(/^[A-Z0-9]+$/);
  });
});
