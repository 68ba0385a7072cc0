import { describe, expect, it } from 'vitest';
import { returnReasonSchema, returnRequestFormSchema, RETURN_REQUEST_MESSAGES } from './return-request.js';
import { orderLookupSchema, ORDER_LOOKUP_MESSAGES } from './order-lookup.js';

describe('return request rules (form and server)', () => {
  it('collapses spaces in the reason and asks for 10 to 1.000 characters', () => {
    expect(returnReasonSchema.parse('  No le   quedó\n a mi perro ')).toBe('No le quedó a mi perro');
    expect(returnReasonSchema.safeParse('  corto     ').error?.issues[0]?.message).toBe(
      RETURN_REQUEST_MESSAGES.reasonShort,
    );
    expect(returnReasonSchema.safeParse('x'.repeat(1001)).error?.issues[0]?.message).toBe(
      'El motivo es demasiado largo (máximo 1.000 caracteres).',
    );
  });

  it('needs units for retracto and warranty, sends only the chosen lines, and none for a reversal', () => {
    const items = [
      { lineId: '501', quantity: '0' },
      { lineId: '502', quantity: '2' },
    ];
    expect(returnRequestFormSchema.parse({ kind: 'RETRACTO', items, reason: 'No le quedó a mi perro' })).toEqual({
      kind: 'RETRACTO',
      reason: 'No le quedó a mi perro',
      items: [{ lineId: '502', quantity: 2 }],
    });
    expect(
      returnRequestFormSchema.parse({ kind: 'REVERSION', items, reason: 'No reconozco este cobro' }).items,
    ).toBeNull();
    const none = returnRequestFormSchema.safeParse({
      kind: 'GARANTIA',
      items: [{ lineId: '501', quantity: 0 }],
      reason: 'La hebilla se partió',
    });
    expect(none.error?.issues).toEqual([
      expect.objectContaining({ path: ['items'], message: RETURN_REQUEST_MESSAGES.items }),
    ]);
  });
});

describe('«Consulta tu pedido» rules (form and server)', () => {
  it('normalises the reference and the email, and names the missing half', () => {
    expect(orderLookupSchema.parse({ reference: ' enz-7k3 q9d ', email: ' Luisa@Correo.COM ' })).toEqual({
      reference: 'ENZ-7K3Q9D',
      email: 'luisa@correo.com',
    });
    expect(orderLookupSchema.safeParse({ reference: '  ', email: 'luisa@correo.com' }).error?.issues).toEqual([
      expect.objectContaining({ path: ['reference'], message: ORDER_LOOKUP_MESSAGES.reference }),
    ]);
    expect(orderLookupSchema.safeParse({ reference: 'ENZ-7K3Q9D', email: 'luisa' }).error?.issues).toEqual([
      expect.objectContaining({ path: ['email'], message: ORDER_LOOKUP_MESSAGES.email }),
    ]);
  });
});
