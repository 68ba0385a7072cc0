import { describe, expect, it } from 'vitest';
import { estimateFraction } from './search-estimate.js';

describe('search estimate', () => {
  it('sums the forms of a word (each lexeme once), multiplies the words, and counts an unknown lexeme as rare', () => {
    const common = new Map([
      ['pecher', 0.3],
      ['pech', 0.05],
      ['arn', 0.2],
      ['roj', 0.1],
      ['rojiz', 0.05],
    ]);
    expect(estimateFraction(`'pecher':* | 'pecher':*`, common)).toBeCloseTo(0.3);
    expect(estimateFraction(`'pech':*`, common)).toBeCloseTo(0.35);
    expect(estimateFraction(`( 'arn' | 'arnes' ) & 'roj':*`, common)).toBeCloseTo(0.2 * 0.15);
    expect(estimateFraction(`'zzz':*`, common)).toBe(0);
    expect(estimateFraction(`!'arn'`, common)).toBe(0);
    expect(
      estimateFraction(
        `'pech':* | 'pecher'`,
        new Map([
          ['pecher', 0.8],
          ['pechera', 0.7],
        ]),
      ),
    ).toBe(1);
  });
});
