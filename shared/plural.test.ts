import { describe, expect, it } from 'vitest';
import { countOf, unitsText } from './plural.js';

describe('counts', () => {
  it('agrees the noun with the number', () => {
    expect(unitsText(1)).toBe('1 unidad');
    expect(unitsText(0)).toBe('0 unidades');
    expect(unitsText(1200)).toBe('1.200 unidades');
    expect(countOf(1, 'pedido', 'pedidos')).toBe('1 pedido');
  });
});
