import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DataSource } from 'typeorm';
import { CatalogSearchService } from './catalog-search.service.js';
import { SEARCH_STATS_SQL } from './search-sql.js';
import { parseSearchText } from './search-input.js';

/** A DataSource without a pg pool: selectRows asks `query`, which answers the text's reading and the statistics. */
function fakeDataSource(stats: () => Promise<unknown[]>) {
  const query = vi.fn(async (sql: string) =>
    sql === SEARCH_STATS_SQL
      ? stats()
      : [
          {
            any: `'collar':*`,
            name_or_category: `'collar':*AB`,
            name: `'collar':*A`,
            used: 'collar',
            corrected: false,
          },
        ],
  );
  const ds = { driver: {}, logger: { logQuery: () => undefined }, query } as unknown as DataSource;
  return { ds, statsReads: () => query.mock.calls.filter(([sql]) => sql === SEARCH_STATS_SQL).length };
}

const collar = parseSearchText('collar')!;
const STATS = [{ products: 1000, lexemes: [{ lexeme: 'collar', fraction: 0.25 }] }];

afterEach(() => vi.useRealTimers());

describe('CatalogSearchService: the statistics a search is planned with', () => {
  it('keeps them for minutes once read', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { ds, statsReads } = fakeDataSource(async () => STATS);
    const search = new CatalogSearchService(ds, async () => []);
    expect(await search.readText(collar)).toMatchObject({ fraction: 0.25, products: 1000 });
    vi.setSystemTime(Date.now() + 60_000);
    await search.readText(collar);
    expect(statsReads()).toBe(1);
    vi.setSystemTime(Date.now() + 5 * 60_000);
    await search.readText(collar);
    expect(statsReads()).toBe(2);
  });

  it('reads them again seconds after a failed read, not minutes (the database was down for a moment)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let down = true;
    const { ds, statsReads } = fakeDataSource(async () => {
      if (down) throw new Error('connection terminated');
      return STATS;
    });
    const search = new CatalogSearchService(ds, async () => []);
    // Unread: the search is planned without them (the GIN index), with the same results.
    expect(await search.readText(collar)).toMatchObject({ fraction: 0, products: 0 });
    down = false;
    vi.setSystemTime(Date.now() + 15_000);
    expect(await search.readText(collar)).toMatchObject({ fraction: 0.25, products: 1000 });
    expect(statsReads()).toBe(2);
  });
});
