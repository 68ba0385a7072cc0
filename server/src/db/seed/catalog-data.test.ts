import { describe, expect, it } from 'vitest';
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
      'collares', 'correas', 'arneses', 'bandanas', 'pecheras', 'pecheras-backpack', 'chaquetas',
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

  it('every product has the five sizes in order with sane stock', () => {
    let withZero = 0;
    let nearlySoldOut = 0;
    for (const p of products) {
      expect(p.sizes.map((s) => s.label), p.slug).toEqual(['XS', 'S', 'M', 'L', 'XL']);
      for (const s of p.sizes) {
        expect(Number.isInteger(s.stock) && s.stock >= 0 && s.stock <= 25, p.slug).toBe(true);
      }
      const zeros = p.sizes.filter((s) => s.stock === 0).length;
      if (zeros > 0) withZero++;
      if (zeros === 4) nearlySoldOut++;
      expect(zeros, p.slug).toBeLessThan(5);
    }
    expect(withZero).toBeGreaterThanOrEqual(Math.floor(products.length / 5));
    expect(nearlySoldOut).toBeGreaterThanOrEqual(1);
  });

  it('size charts only for jackets, all five sizes, increasing values', () => {
    for (const p of products) {
      if (p.category !== 'chaquetas') {
        expect(p.sizeChart, p.slug).toBeNull();
        continue;
      }
      const chart = p.sizeChart!;
      expect(chart.map((r) => r.size)).toEqual(['XS', 'S', 'M', 'L', 'XL']);
      for (let i = 0; i < chart.length; i++) {
        const r = chart[i]!;
        expect(r.cuelloCm).toBeGreaterThanOrEqual(20);
        expect(r.cuelloCm).toBeLessThanOrEqual(50);
        expect(r.pechoCm).toBeGreaterThanOrEqual(30);
        expect(r.pechoCm).toBeLessThanOrEqual(75);
        expect(r.largoCm).toBeGreaterThanOrEqual(20);
        expect(r.largoCm).toBeLessThanOrEqual(50);
        if (i > 0) {
          const prev = chart[i - 1]!;
          expect(r.cuelloCm).toBeGreaterThan(prev.cuelloCm);
          expect(r.pechoCm).toBeGreaterThan(prev.pechoCm);
          expect(r.largoCm).toBeGreaterThan(prev.largoCm);
        }
      }
    }
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
