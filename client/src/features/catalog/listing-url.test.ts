import { describe, expect, it } from 'vitest';
import { activeFilterCount, listingFilter, readListingParams } from './listing-url';

describe('listing URL state', () => {
  it('reads filters and sort from the URL', () => {
    const state = readListingParams(
      new URLSearchParams(
        'q=arnes&talla=M&talla=XL&mascota=gato&precio=40001-80000&disponible=1&categoria=arneses&orden=menor-precio',
      ),
    );
    expect(state).toEqual({
      q: 'arnes',
      sizes: ['M', 'XL'],
      pets: ['CAT'],
      price: '40001-80000',
      inStock: true,
      categories: ['arneses'],
      sort: 'PRICE_ASC',
    });
    expect(listingFilter(state, true)).toEqual({
      sizes: ['M', 'XL'],
      pets: ['CAT'],
      inStock: true,
      categories: ['arneses'],
      minPrice: 40001,
      maxPrice: 80000,
    });
    expect(listingFilter(state, false)).not.toHaveProperty('categories');
    expect(activeFilterCount(state, true)).toBe(6);
  });

  it('drops unknown or malformed values instead of sending them', () => {
    const state = readListingParams(
      new URLSearchParams('talla=XXL&talla=m&mascota=loro&precio=abc&disponible=si&categoria=x%27%20OR&orden=barato'),
    );
    expect(state).toMatchObject({ sizes: [], pets: [], price: '', inStock: false, categories: [], sort: 'RELEVANCE' });
    expect(listingFilter(state, true)).toBeUndefined();
  });

  it('accepts open price ranges and swaps a reversed one', () => {
    expect(listingFilter(readListingParams(new URLSearchParams('precio=120001-')), false)).toEqual({
      minPrice: 120001,
    });
    expect(listingFilter(readListingParams(new URLSearchParams('precio=-40000')), false)).toEqual({ maxPrice: 40000 });
    expect(listingFilter(readListingParams(new URLSearchParams('precio=9000-1000')), false)).toEqual({
      minPrice: 1000,
      maxPrice: 9000,
    });
  });
});
