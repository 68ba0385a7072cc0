import { shopClock, shopDate } from '#shared/shop-time.js';

export interface RetentionPolicy {
  daily: number;
  weekly: number;
  monthly: number;
}

export interface StoredBackup {
  name: string;
  at: Date;
}

const dayKey = shopDate;
const monthKey = (at: Date) => shopDate(at).slice(0, 7);
/** ISO week (Monday first) of the shop's date: `2026-W05`. */
function weekKey(at: Date): string {
  const d = shopClock(at);
  const day = (d.getUTCDay() + 6) % 7;
  const thursday = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - day + 3));
  const firstThursday = new Date(Date.UTC(thursday.getUTCFullYear(), 0, 4));
  const week = 1 + Math.round((thursday.getTime() - firstThursday.getTime()) / 86_400_000 / 7);
  return `${thursday.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/**
 * Grandfather-father-son retention: the newest backup of each of the last `daily` days that have one, of the last
 * `weekly` ISO weeks and of the last `monthly` months (in shop time) are kept; every other backup may be deleted.
 * The newest backup is always kept.
 */
export function backupsToDelete(backups: StoredBackup[], policy: RetentionPolicy): StoredBackup[] {
  const newestFirst = [...backups].sort((a, b) => b.at.getTime() - a.at.getTime());
  const keep = new Set<string>();
  if (newestFirst[0]) keep.add(newestFirst[0].name);
  for (const [key, count] of [
    [dayKey, policy.daily],
    [weekKey, policy.weekly],
    [monthKey, policy.monthly],
  ] as const) {
    const seen = new Set<string>();
    for (const b of newestFirst) {
      const k = key(b.at);
      if (seen.has(k)) continue;
      if (seen.size >= count) break;
      seen.add(k);
      keep.add(b.name);
    }
  }
  return newestFirst.filter((b) => !keep.has(b.name));
}
