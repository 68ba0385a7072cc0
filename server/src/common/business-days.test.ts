import { describe, expect, it } from 'vitest';
import { addBusinessDays, bogotaDate, endOfBogotaDay, isBusinessDay, isHoliday } from './business-days.js';

describe('Colombian business days', () => {
  it('knows the Monday-moved holidays (Ley Emiliani) and the fixed ones', () => {
    expect(isHoliday('2026-11-16')).toBe(true); // Independencia de Cartagena, moved to Monday
    expect(isHoliday('2026-11-02')).toBe(true); // Todos los Santos, moved to Monday
    expect(isHoliday('2026-12-25')).toBe(true);
    expect(isHoliday('2026-04-03')).toBe(true); // Viernes Santo
    expect(isHoliday('2026-11-17')).toBe(false);
  });

  it('skips weekends and holidays', () => {
    expect(isBusinessDay('2026-11-14')).toBe(false); // Saturday
    expect(isBusinessDay('2026-11-15')).toBe(false); // Sunday
    expect(isBusinessDay('2026-11-16')).toBe(false); // holiday
    expect(isBusinessDay('2026-11-17')).toBe(true);
  });

  it('counts five business days across a holiday weekend', () => {
    // Delivered Friday 13 Nov 2026: Mon 16 is a holiday → 17, 18, 19, 20, 23.
    expect(addBusinessDays('2026-11-13', 5)).toBe('2026-11-23');
    // Delivered Wednesday 18 Nov: 19, 20, 23, 24, 25.
    expect(addBusinessDays('2026-11-18', 5)).toBe('2026-11-25');
    // Over Christmas and New Year: 24 Dec → 26, 27 weekend, 28, 29, 30, 31, (1 Jan holiday) 2 Jan.
    expect(addBusinessDays('2026-12-24', 5)).toBe('2027-01-04');
    // Fifteen business days (reversión del pago) from 1 Dec 2026 (8 Dec and 25 Dec are holidays).
    expect(addBusinessDays('2026-12-01', 15)).toBe('2026-12-23');
  });

  it('uses Bogotá calendar days (UTC−5)', () => {
    expect(bogotaDate(new Date('2026-11-14T03:00:00Z'))).toBe('2026-11-13');
    expect(bogotaDate(new Date('2026-11-14T05:00:00Z'))).toBe('2026-11-14');
    expect(endOfBogotaDay('2026-11-23').toISOString()).toBe('2026-11-24T04:59:59.999Z');
  });
});
