import { describe, expect, it } from 'vitest';
import { isCalendarDate, shopClock, shopDate, shopDateTime } from './shop-time.js';

describe('shop time', () => {
  it('reads an instant on Bogotá’s calendar and clock (UTC−5 all year)', () => {
    // 03:00 UTC on the 14th is still the evening of the 13th in Bogotá.
    expect(shopDate(new Date('2026-11-14T03:00:00Z'))).toBe('2026-11-13');
    expect(shopDate(new Date('2026-11-14T05:00:00Z'))).toBe('2026-11-14');
    expect(shopDateTime(new Date('2026-01-01T04:30:15.900Z'))).toEqual({ date: '2025-12-31', time: '23:30:15-05:00' });
    expect(shopClock(new Date('2026-06-01T12:00:00Z')).getUTCHours()).toBe(7);
  });

  it('accepts only dates that exist, written YYYY-MM-DD', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    for (const bad of ['2026-02-29', '2026-13-01', '2026-00-10', '2026-1-01', ' 2026-01-01', '2026-01-01x', ''])
      expect(isCalendarDate(bad), bad).toBe(false);
  });
});
