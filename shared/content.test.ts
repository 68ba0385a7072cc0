import { describe, expect, it } from 'vitest';
import { isLive, isSafeLink, liveState } from './content.js';

describe('storefront content rules', () => {
  it('accepts shop paths and https links only', () => {
    for (const ok of ['/chaquetas', '/halloween?x=1', 'https://instagram.com/enzo'])
      expect(isSafeLink(ok), ok).toBe(true);
    for (const bad of ['//evil.com', 'javascript:alert(1)', 'http://x.co', 'chaquetas', '/con espacio', '/\\evil.com'])
      expect(isSafeLink(bad), bad).toBe(false);
  });

  it('dated content is live from its start until (not at) its end', () => {
    const now = new Date('2026-11-01T05:00:00Z');
    const halloween = { active: true, startsAt: '2026-10-01T05:00:00Z', endsAt: '2026-11-01T05:00:00Z' };
    expect(isLive(halloween, new Date('2026-10-31T23:00:00Z'))).toBe(true);
    expect(isLive(halloween, now)).toBe(false);
    expect(liveState(halloween, now)).toBe('ended');
    expect(liveState({ ...halloween, active: false }, now)).toBe('off');
    expect(liveState(halloween, new Date('2026-09-01T00:00:00Z'))).toBe('scheduled');
    expect(liveState({ active: true, startsAt: null, endsAt: null }, now)).toBe('live');
  });
});
