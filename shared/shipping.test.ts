import { describe, expect, it } from 'vitest';
import { deliveryDaysLabel } from './shipping.js';

describe('shipping wording', () => {
  it('reads delivery times in Spanish', () => {
    expect(deliveryDaysLabel(1, 2)).toBe('1 a 2 días hábiles');
    expect(deliveryDaysLabel(5, 5)).toBe('5 días hábiles');
    expect(deliveryDaysLabel(1, 1)).toBe('1 día hábil');
  });
});
