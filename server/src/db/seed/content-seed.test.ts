import { describe, expect, it } from 'vitest';
import { halloweenWindow } from './content-seed.js';

describe('Halloween slides window', () => {
  it('runs October in Bogotá: this year until it ends, then next year', () => {
    expect(halloweenWindow(new Date('2026-09-15T12:00:00Z'))).toEqual({
      startsAt: new Date('2026-10-01T05:00:00Z'),
      endsAt: new Date('2026-11-01T05:00:00Z'),
    });
    expect(halloweenWindow(new Date('2026-10-31T23:59:00-05:00')).endsAt).toEqual(new Date('2026-11-01T05:00:00Z'));
    // November: the hero no longer says "Halloween peludo" (next season's window).
    expect(halloweenWindow(new Date('2026-11-01T00:00:00-05:00'))).toEqual({
      startsAt: new Date('2027-10-01T05:00:00Z'),
      endsAt: new Date('2027-11-01T05:00:00Z'),
    });
  });
});
