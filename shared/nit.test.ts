import { describe, expect, it } from 'vitest';
import { formatNit, nitCheckDigit, parseNit } from './nit.js';

describe('NIT check digit', () => {
  it('computes the DIAN check digit', () => {
    // NITs printed with their DV on public DIAN documents and examples.
    expect(nitCheckDigit('800197268')).toBe('4'); // DIAN itself
    expect(nitCheckDigit('900559088')).toBe('2');
    expect(nitCheckDigit('901234567')).toBe('7');
    expect(nitCheckDigit('860034313')).toBe('7');
  });

  it('reads a NIT as people write it, computing or checking its DV', () => {
    expect(parseNit('901.234.567-7')).toEqual({ number: '901234567', checkDigit: '7' });
    expect(parseNit(' 900 559 088 ')).toEqual({ number: '900559088', checkDigit: '2' });
    expect(parseNit('901234567-8')).toEqual({ error: expect.stringContaining('para 901234567 es 7') });
    expect(parseNit('12-3')).toHaveProperty('error');
    expect(parseNit('9'.repeat(100_000))).toHaveProperty('error');
  });

  it('formats it with dots and the DV', () => {
    expect(formatNit({ number: '901234567', checkDigit: '7' })).toBe('901.234.567-7');
    expect(formatNit({ number: '1020304', checkDigit: '3' })).toBe('1.020.304-3');
  });
});
