import type { DataSource } from 'typeorm';
import { describe, expect, it } from 'vitest';
import { ContentService } from './content.service.js';

describe('ContentService.datedTables', () => {
  it('names exactly the tables msToNextChange reads (the catalogue cache asks again only after a change to one)', async () => {
    let sent = '';
    const ds = {
      query: (sql: string) => {
        sent = sql;
        return Promise.resolve([{ ms: null }]);
      },
    } as unknown as DataSource;
    const content = new ContentService(ds);
    await content.msToNextChange();
    // Every `FROM name` not followed by `(` (`FROM min(t)` is extract's, `FROM (` a subquery).
    const read = [...sent.matchAll(/\bFROM\s+([a-z_]+)(?![a-z_(])/gi)].map((m) => m[1]);
    expect(read.length).toBeGreaterThan(0);
    expect(new Set(read)).toEqual(new Set(content.datedTables));
  });
});
