import { describe, expect, it } from 'vitest';
import {
  describeDiscountRules,
  discountCodeInputSchema,
  discountCodeState,
  discountProblemMessage,
  orList,
} from './discount-codes.js';

describe('discount code rules', () => {
  it('words why a code does not apply, the same for the cart and the order', () => {
    expect(discountProblemMessage({ reason: 'INVALID' })).toBe('Código de Descuento no valido.');
    expect(discountProblemMessage({ reason: 'MINIMUM_NOT_MET', minSubtotal: 100_000, subtotal: 88_000 })).toBe(
      'Este código aplica en compras desde $ 100.000: te faltan $ 12.000.',
    );
    expect(
      discountProblemMessage({ reason: 'NO_ELIGIBLE_PRODUCTS', categoryNames: ['Collares', 'Correas', 'Arneses'] }),
    ).toBe('Este código solo aplica a productos de Collares, Correas o Arneses.');
    expect(discountProblemMessage({ reason: 'NOT_FOR_THIS_ORDER' })).toBe('Este código no aplica a este pedido.');
    expect(orList(['Collares'])).toBe('Collares');
  });

  it('says when a code expired, starts or ran out (in Bogotá days, the year when it is not this one)', () => {
    const now = new Date('2026-12-01T12:00:00-05:00');
    expect(discountProblemMessage({ reason: 'EXPIRED', validUntil: new Date('2026-11-20T23:59:59-05:00') }, now)).toBe(
      'Este código venció el 20 de noviembre.',
    );
    expect(
      discountProblemMessage({ reason: 'NOT_YET_VALID', validFrom: new Date('2027-01-01T00:00:00-05:00') }, now),
    ).toBe('Este código es válido desde el 1 de enero de 2027.');
    expect(discountProblemMessage({ reason: 'USED_UP' })).toMatch(/se agotó/);
  });

  it("names a code's state for staff: switched off, scheduled, expired, used up or active", () => {
    const now = new Date('2026-06-01T12:00:00Z');
    const code = { active: true, validFrom: null, validUntil: null, usageLimit: null, uses: 0 };
    expect(discountCodeState(code, now)).toBe('ACTIVE');
    expect(discountCodeState({ ...code, active: false }, now)).toBe('INACTIVE');
    expect(discountCodeState({ ...code, validFrom: new Date('2026-07-01T00:00:00Z') }, now)).toBe('SCHEDULED');
    expect(discountCodeState({ ...code, validUntil: new Date('2026-05-31T00:00:00Z') }, now)).toBe('EXPIRED');
    expect(discountCodeState({ ...code, usageLimit: 3, uses: 3 }, now)).toBe('USED_UP');
  });

  it('summarises a code for staff', () => {
    expect(
      describeDiscountRules({
        minSubtotal: 100_000,
        categoryNames: ['Collares'],
        firstPurchaseOnly: true,
        perCustomerLimit: 1,
      }),
    ).toBe('Desde $ 100.000 · Solo Collares · Primera compra · 1 por cliente');
    expect(
      describeDiscountRules({ minSubtotal: null, categoryNames: [], firstPurchaseOnly: false, perCustomerLimit: null }),
    ).toBe('Sin condiciones');
  });

  it('normalises the code and checks the window', () => {
    const ok = discountCodeInputSchema.parse({
      code: ' verano-10 ',
      percent: 10,
      active: true,
      categorySlugs: ['collares', 'collares'],
    });
    expect(ok).toMatchObject({
      code: 'VERANO-10',
      categorySlugs: ['collares'],
      firstPurchaseOnly: false,
      minSubtotal: null,
    });
    const bad = discountCodeInputSchema.safeParse({
      code: 'X1',
      percent: 10,
      active: true,
      validFrom: '2030-01-02T00:00:00Z',
      validUntil: '2030-01-01T00:00:00Z',
    });
    expect(bad.error!.issues.map((i) => i.path.join('.'))).toEqual(['code', 'validUntil']);
  });
});
