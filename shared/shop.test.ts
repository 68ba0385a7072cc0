import { describe, expect, it } from 'vitest';
import { BRAND, FREE_SHIPPING_THRESHOLD, IVA_RATE, SHIPPING_FEE } from './shop.js';
import { formatCop } from './money.js';

describe('formatCop', () => {
  it('formats thousands with dots and a regular space after the sign', () => {
    expect(formatCop(45000)).toBe('$ 45.000');
  });

  it('formats the free-shipping threshold', () => {
    expect(formatCop(150000)).toBe('$ 150.000');
  });

  it('formats zero', () => {
    expect(formatCop(0)).toBe('$ 0');
  });

  it('never emits non-breaking spaces or decimals', () => {
    expect(formatCop(1234567)).toBe('$ 1.234.567');
    expect(formatCop(16500)).not.toMatch(/[\u00a0\u202f,]/);
  });
});

describe('business constants', () => {
  it('keeps the agreed values', () => {
    expect(BRAND).toBe('Enzo');
    expect(FREE_SHIPPING_THRESHOLD).toBe(150_000);
    expect(SHIPPING_FEE).toBe(16_500);
    expect(IVA_RATE).toBe(0.19);
  });
});
