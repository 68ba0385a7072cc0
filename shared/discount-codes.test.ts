import { describe, expect, it } from 'vitest';
import { describeDiscountRules, discountCodeInputSchema, discountProblemMessage, orList } from './discount-codes.js';

describe('discount code rules', () => {
  it('words why a code does not apply, the same for the cart and the order', () => {
    expect(discountProblemMessage({ reason: 'INVALID' })).toBe('Código de Descuento no valido.');
    expect(discountProblemMessage({ reason: 'MINIMUM_NOT_MET', minSubtotal: 100_000, subtotal: 88_000 })).toBe(
      'Este código aplica en compras desde $ 100.000: te faltan $ 12.000.',
    );
    expect(
      discountProblemMessage({ reason: 'NO_ELIGIBLE_PRODUCTS', categoryNames: ['Collares', 'Correas', 'Arneses'] }),
    ).toBe('Este código solo aplica a productos de Collares, Correas o Arneses.');
    expect(discountProblemMessage({ reason: 'CUSTOMER_LIMIT_REACHED', perCustomerLimit: 1 })).toBe(
      'Ya usaste este código: se puede usar una sola vez por cliente.',
    );
    expect(orList(['Collares'])).toBe('Collares');
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
