import { describe, expect, it } from 'vitest';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { formatDay, fromBogotaLocal, parsePesos, parseWhole, toBogotaDay, toBogotaLocal } from './staff-format';
import { NETWORK_ERROR, staffErrorMessage } from './staff-errors';

describe('parsePesos (prices as staff type them)', () => {
  it('accepts plain digits, dot-grouped thousands and a $ sign', () => {
    expect(parsePesos('85000')).toBe(85000);
    expect(parsePesos('85.000')).toBe(85000);
    expect(parsePesos('$ 1.250.000')).toBe(1250000);
    expect(parsePesos(' 61000 ')).toBe(61000);
  });

  it('rejects decimals, misplaced separators and text', () => {
    for (const text of ['85,5', '85.5', '8.50.00', '85.0000', '', 'abc', '-5000', '1e5'])
      expect(parsePesos(text)).toBeNull();
  });
});

describe('staffErrorMessage', () => {
  it("shows the server's Spanish message and never a browser's English network error", () => {
    const gqlError = new CombinedGraphQLErrors({
      errors: [{ message: 'Ya existe un código de descuento con ese nombre.' }],
    });
    expect(staffErrorMessage(gqlError)).toBe('Ya existe un código de descuento con ese nombre.');
    expect(staffErrorMessage(new TypeError('Failed to fetch'))).toBe(NETWORK_ERROR);
    expect(staffErrorMessage(new Error('Response not successful: Received status code 500'), 'Otro mensaje.')).toBe(
      'Otro mensaje.',
    );
  });
});

describe('Bogotá dates and whole numbers in staff forms', () => {
  it('shows and reads date-times in Bogotá (UTC−5)', () => {
    expect(toBogotaLocal('2026-11-01T05:00:00.000Z')).toBe('2026-11-01T00:00');
    expect(fromBogotaLocal('2026-11-01T00:00')).toBe('2026-11-01T05:00:00.000Z');
    expect(toBogotaLocal(null)).toBe('');
    expect(fromBogotaLocal('')).toBeNull();
  });

  it('reads optional whole numbers', () => {
    expect(parseWhole(' 12 ')).toBe(12);
    expect(parseWhole('')).toBeNull();
    expect(parseWhole('1,5')).toBeNaN();
  });
});

describe('days in Bogotá', () => {
  it("reads and fills a day by Bogotá's calendar, not UTC's", () => {
    // 03:00 UTC on the 6th is still the 5th in Bogotá.
    expect(toBogotaDay('2026-12-06T03:00:00Z')).toBe('2026-12-05');
    expect(toBogotaDay(null)).toBe('');
    expect(formatDay('2026-12-06T03:00:00Z')).toBe(formatDay('2026-12-05T12:00:00Z'));
    expect(formatDay('2026-12-06T03:00:00Z')).not.toBe(formatDay('2026-12-06T12:00:00Z'));
  });
});
