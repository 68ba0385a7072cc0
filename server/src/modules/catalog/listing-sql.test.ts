import { describe, expect, it } from 'vitest';
import { readPlanFor, searchPageStatement } from './listing-sql.js';
import { NO_FILTER } from './search-input.js';
import { PRICE_RANGES } from '#shared/shop.js';

describe('readPlanFor', () => {
  it('reads the GIN index in a small catalogue, whatever the word', () => {
    expect(readPlanFor(0.38, 120, 24, 0)).toBe('index');
    expect(readPlanFor(0.5, 1_000, 24, 0)).toBe('index');
  });

  it('walks the shop order for a common word in a large catalogue, with twice the rows estimated', () => {
    // «collar» among 100 000 products: 1 001 matches needed, estimated at 38 % → ~2 634 rows, read up to 5 269.
    expect(readPlanFor(0.38, 100_000, 24, 0)).toEqual({ walkRows: 5_269 });
    // «bandana» (14 %): the GIN index among 10 000 products (~1 400 matches), a walk among 100 000 (~14 000 matches).
    expect(readPlanFor(0.142, 10_000, 24, 0)).toBe('index');
    expect(readPlanFor(0.142, 100_000, 24, 0)).toEqual({ walkRows: 14_099 });
  });

  it('reads a rare text from the GIN index, and an unknown estimate too', () => {
    expect(readPlanFor(0.006, 100_000, 24, 0)).toBe('index');
    expect(readPlanFor(0, 100_000, 24, 0)).toBe('index');
    expect(readPlanFor(Number.NaN, 100_000, 24, 0)).toBe('index');
    expect(readPlanFor(0.5, 0, 24, 0)).toBe('index');
  });

  it('counts a deep page in what the walk needs, and never walks past the catalogue', () => {
    expect(readPlanFor(0.5, 100_000, 48, 1_200)).toEqual({ walkRows: 4_996 });
    expect(readPlanFor(0.9, 3_000, 24, 0)).toEqual({ walkRows: 2_225 });
    expect(readPlanFor(0.95, 2_200, 24, 0)).toEqual({ walkRows: 2_108 });
    expect(readPlanFor(1, 1_100, 24, 0)).toEqual({ walkRows: 1_100 });
  });
});

describe('searchPageStatement', () => {
  it('has one text for any walk length: one prepared statement per shape', () => {
    const text = { any: "'collar':*", nameOrCategory: "'collar':*AB", name: "'collar':*A", rank: "'collar':*" };
    const sql = (walkRows: number) =>
      searchPageStatement({ text, filter: NO_FILTER }, 'RELEVANCE', 24, 0, PRICE_RANGES, { walkRows }).sql;
    expect(sql(5_269)).toBe(sql(14_099));
    expect(sql(5_269)).not.toBe(
      searchPageStatement({ text, filter: NO_FILTER }, 'RELEVANCE', 24, 0, PRICE_RANGES, 'index').sql,
    );
  });
});
