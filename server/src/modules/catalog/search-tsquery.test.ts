import { describe, expect, it } from 'vitest';
import { andOfOrs, matchQuery, textQueryOf } from './search-tsquery.js';

describe('andOfOrs', () => {
  it('reads the AND-of-ORs tsqueries the search builds, quotes, prefixes and weights included', () => {
    expect(andOfOrs(`( 'arne' | 'arn' | 'arnes' ) & ( 'roj':* | 'roj':* )`)).toEqual([
      [
        { lexeme: 'arne', prefix: false, weights: '' },
        { lexeme: 'arn', prefix: false, weights: '' },
        { lexeme: 'arnes', prefix: false, weights: '' },
      ],
      [
        { lexeme: 'roj', prefix: true, weights: '' },
        { lexeme: 'roj', prefix: true, weights: '' },
      ],
    ]);
    expect(andOfOrs(`'pecher':*A | 'pecher':*AB | 'arn':B`)).toEqual([
      [
        { lexeme: 'pecher', prefix: true, weights: 'A' },
        { lexeme: 'pecher', prefix: true, weights: 'AB' },
        { lexeme: 'arn', prefix: false, weights: 'B' },
      ],
    ]);
    expect(andOfOrs(`'d''artagnan'`)).toEqual([[{ lexeme: "d'artagnan", prefix: false, weights: '' }]]);
    for (const other of [`!'a'`, `'a' <-> 'b'`, `( 'a' & ( 'b' ) )`, `'a`, ``])
      expect(andOfOrs(other), other).toBeNull();
  });
});

describe('matchQuery', () => {
  it('leaves out a form repeated and a prefix a shorter one holds, in the same weights', () => {
    expect(matchQuery(`'collars':* | 'collar':* | 'coll':*`)).toBe(`'coll':*`);
    expect(matchQuery(`'collars':*AB | 'collar':*AB | 'coll':*AB`)).toBe(`'coll':*AB`);
    expect(matchQuery(`'pecher':* | 'pecher':*`)).toBe(`'pecher':*`);
    expect(matchQuery(`( 'arne' | 'arn' | 'arnes' ) & ( 'roj':* | 'roj':* )`)).toBe(
      `( 'arne' | 'arn' | 'arnes' ) & 'roj':*`,
    );
    expect(matchQuery(`( 'collars':A | 'collar':A | 'coll':A ) & ( 'cuer':*A | 'cuer':*A )`)).toBe(
      `( 'collars':A | 'collar':A | 'coll':A ) & 'cuer':*A`,
    );
    // An exact lexeme a prefix holds; any weight holds one weight.
    expect(matchQuery(`'collar' | 'coll':*`)).toBe(`'coll':*`);
    expect(matchQuery(`'coll':*A | 'coll':*`)).toBe(`'coll':*`);
  });

  it('keeps what another operand does not hold: other weights, an exact lexeme under a longer one, other words', () => {
    for (const q of [
      `'coll':*A | 'collar':*B`,
      `'coll':*A | 'collar':*`,
      `'coll' | 'collar':*`,
      `'coll' | 'collar'`,
      `'roj':* & 'roj':*`,
      `'d''artagnan':* | 'd':*A`,
    ])
      expect(matchQuery(q), q).toBe(q);
  });

  it('returns any other shape as it is', () => {
    for (const q of [`!'a' | 'a'`, `'a' <-> 'b'`, `'a`]) expect(matchQuery(q)).toBe(q);
  });
});

describe('textQueryOf', () => {
  it('matches with the lean queries and ranks with PostgreSQL’s own', () => {
    expect(
      textQueryOf({
        any: `'collars':* | 'collar':* | 'coll':*`,
        name_or_category: `'collars':*AB | 'collar':*AB | 'coll':*AB`,
        name: `'collars':*A | 'collar':*A | 'coll':*A`,
      }),
    ).toEqual({
      any: `'coll':*`,
      nameOrCategory: `'coll':*AB`,
      name: `'coll':*A`,
      rank: `'collars':* | 'collar':* | 'coll':*`,
    });
  });

  it('has nothing to search when PostgreSQL read only stop words, or no row', () => {
    expect(textQueryOf({ any: null, name_or_category: null, name: null })).toBeNull();
    expect(textQueryOf(undefined)).toBeNull();
  });
});
