import { describe, expect, it } from 'vitest';
import { isEmptyFilter, parseFilter, parseSearchText } from './search-input.js';

describe('parseSearchText', () => {
  it('is null for blank input and keeps what the shopper typed for display', () => {
    expect(parseSearchText(null)).toBeNull();
    expect(parseSearchText('  \n\t ')).toBeNull();
    expect(parseSearchText('  Arnés   ROJO ')).toEqual({ display: 'Arnés ROJO', words: ['arnes', 'rojo'] });
  });

  it('folds accents and ñ, splits on anything that is not a letter or digit', () => {
    expect(parseSearchText('Pequeño-CAFÉ, 1,2m!')!.words).toEqual(['pequeno', 'cafe', '1', '2m']);
    expect(parseSearchText("'; DROP TABLE product; --")!.words).toEqual(['drop', 'table', 'product']);
    expect(parseSearchText('collar & | ! :* ( )')!.words).toEqual(['collar']);
  });

  it('has no words for emoji and symbols only', () => {
    expect(parseSearchText('🐶🐱')).toEqual({ display: '🐶🐱', words: [] });
    expect(parseSearchText('%_%')!.words).toEqual([]);
  });

  it('cuts long input: 100 characters at a space, 8 words, 30 characters a word', () => {
    const long = parseSearchText(`arnes ${'rojo '.repeat(300)}`)!;
    expect(long.display.length).toBeLessThanOrEqual(100);
    expect(long.display.endsWith('rojo')).toBe(true);
    expect(long.words).toHaveLength(8);
    const word = parseSearchText('a'.repeat(1000))!;
    expect(word.display).toHaveLength(100);
    expect(word.words).toEqual(['a'.repeat(30)]);
  });
});

describe('parseFilter', () => {
  it('accepts a valid filter and drops repeats', () => {
    const f = parseFilter({
      sizes: ['M', 'M', 'XL'],
      pets: ['CAT'],
      minPrice: 0,
      maxPrice: 40_000,
      inStock: true,
      categories: ['collares'],
    });
    expect(f).toEqual({
      sizes: ['M', 'XL'],
      pets: ['CAT'],
      minPrice: 0,
      maxPrice: 40_000,
      inStock: true,
      categories: ['collares'],
    });
    expect(isEmptyFilter(parseFilter(null))).toBe(true);
    expect(isEmptyFilter(parseFilter({ inStock: false, sizes: [] }))).toBe(true);
  });

  it('refuses unknown sizes, bad prices and odd slugs in Spanish', () => {
    expect(() => parseFilter({ sizes: ['XXL'] })).toThrow('La talla «XXL» no existe.');
    expect(() => parseFilter({ minPrice: 2, maxPrice: 1 })).toThrow(
      'El precio mínimo no puede ser mayor que el máximo.',
    );
    expect(() => parseFilter({ maxPrice: 1.5 })).toThrow('El precio debe ser un número entero');
    expect(() => parseFilter({ categories: ['a b'] })).toThrow('La categoría del filtro no es válida.');
  });
});
