import { describe, expect, it } from 'vitest';
import { suggestionsStatement } from './search-sql.js';
import { parseSearchText } from './search-input.js';

describe('suggestionsStatement', () => {
  it('has one text for any words and count: one prepared statement, and one plan, per connection', () => {
    const texts = new Set(
      ['pech', 'collar de cu', 'arnés rojo grande xl', 'a'].flatMap((q) =>
        [1, 5, 10].map((first) => suggestionsStatement(parseSearchText(q)!, first).sql),
      ),
    );
    expect(texts.size).toBe(1);
  });
});
