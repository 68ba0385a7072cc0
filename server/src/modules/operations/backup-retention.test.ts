import { describe, expect, it } from 'vitest';
import { backupsToDelete, type StoredBackup } from './backup-retention.js';

/** One backup a day at 03:00 Bogotá (08:00 UTC) for `days` days ending on 2026-03-31. */
function daily(days: number): StoredBackup[] {
  const end = Date.UTC(2026, 2, 31, 8);
  return Array.from({ length: days }, (_, i) => {
    const at = new Date(end - i * 86_400_000);
    return { name: at.toISOString(), at };
  });
}

describe('backup retention (7 daily, 4 weekly, 12 monthly)', () => {
  const policy = { daily: 7, weekly: 4, monthly: 12 };

  it('keeps everything while there are fewer backups than days to keep', () => {
    expect(backupsToDelete(daily(5), policy)).toEqual([]);
  });

  it('after a year of daily backups keeps the last 7 days, the newest of 4 weeks and of 12 months', () => {
    const all = daily(400);
    const deleted = new Set(backupsToDelete(all, policy).map((b) => b.name));
    const kept = all.filter((b) => !deleted.has(b.name)).map((b) => b.name.slice(0, 10));
    expect(kept.slice(0, 7)).toEqual([
      '2026-03-31',
      '2026-03-30',
      '2026-03-29',
      '2026-03-28',
      '2026-03-27',
      '2026-03-26',
      '2026-03-25',
    ]);
    // The newest backup (Sunday) of each of the three ISO weeks before this one, and the last day of earlier months.
    expect(kept).toContain('2026-03-22');
    expect(kept).toContain('2026-03-15');
    expect(kept).not.toContain('2026-03-08');
    expect(kept).toContain('2026-02-28');
    expect(kept).toContain('2025-04-30');
    expect(kept).not.toContain('2025-03-31');
    expect(kept.length).toBeLessThanOrEqual(7 + 4 + 12);
  });

  it('never deletes the newest backup, even with nothing to keep by week or month', () => {
    const [newest, ...rest] = daily(3);
    expect(backupsToDelete([newest!, ...rest], { daily: 1, weekly: 0, monthly: 0 }).map((b) => b.name)).not.toContain(
      newest!.name,
    );
  });
});
