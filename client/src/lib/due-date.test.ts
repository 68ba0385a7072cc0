import { describe, expect, it } from 'vitest';
import { dueIn, lapsesIn } from './due-date';

describe('deadlines for staff', () => {
  const now = Date.parse('2026-05-04T12:00:00Z');
  const at = (ms: number) => new Date(now + ms).toISOString();

  it('says how soon an order lapses, rounded down', () => {
    expect(lapsesIn(at(45 * 60_000), now)).toBe('vence en 45 min');
    expect(lapsesIn(at(20_000), now)).toBe('vence en 1 min');
    expect(lapsesIn(at(3.9 * 3_600_000), now)).toBe('vence en 3 h');
    expect(lapsesIn(at(30 * 3_600_000), now)).toBe('vence en 1 día');
    expect(lapsesIn(at(50 * 3_600_000), now)).toBe('vence en 2 días');
    expect(lapsesIn(at(-1), now)).toBe('venció');
  });

  it('says how far a legal deadline is, in days', () => {
    expect(dueIn(at(3 * 86_400_000 + 1), now)).toBe('vence en 3 días');
    expect(dueIn(at(-86_400_001), now)).toBe('venció hace 1 día');
  });
});
