import { describe, expect, it } from 'vitest';
import { normalizePhone, validateDocument } from '#shared/checkout.js';
import { validateCheckout, type CheckoutInput } from './order-validation.js';
import { DIVIPOLA_COUNTS, findMunicipality } from '#shared/divipola.js';
import { safeEqual } from '../../common/crypto.js';
import { newOrderReference, orderReferenceFromPayment, paymentReference, REFERENCE_PATTERN } from './order-tokens.js';

const valid: CheckoutInput = {
  customer: {
    fullName: 'Ana María Pérez',
    email: 'Ana@Correo.com ',
    phone: '+57 315 482 7760',
    documentType: 'CC',
    documentNumber: '1.020.304.050',
  },
  shipping: { departmentCode: '54', municipalityCode: '54001', address: 'Av. 0 # 11-64', neighborhood: 'Caobos' },
  paymentMethod: 'CARD',
  acceptDataPolicy: true,
  idempotencyKey: '4f6c3c1e-0b1a-4d55-9a57-0f3f5b1d2c10',
  lines: [{}],
};

const fields = (input: CheckoutInput) => {
  const r = validateCheckout(input);
  return r.ok ? [] : r.errors.map((e) => e.field);
};

describe('checkout validation', () => {
  it('accepts and normalises a valid checkout', () => {
    const r = validateCheckout(valid);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.customer).toMatchObject({
      email: 'ana@correo.com',
      phone: '3154827760',
      documentNumber: '1020304050',
    });
    expect(r.value.municipality).toEqual({ code: '54001', name: 'Cúcuta' });
    expect(r.value.department.name).toBe('Norte de Santander');
  });

  it('normalises Colombian mobiles', () => {
    expect(normalizePhone('3154827760')).toBe('3154827760');
    expect(normalizePhone('+57 315 482-7760')).toBe('3154827760');
    expect(normalizePhone('573154827760')).toBe('3154827760');
    expect(normalizePhone('6015551234')).toBeNull();
    expect(normalizePhone('315482776')).toBeNull();
  });

  it('checks documents by type', () => {
    expect(validateDocument('CC', '12345')).toHaveProperty('error');
    expect(validateDocument('CC', '123456')).toEqual({ value: '123456' });
    expect(validateDocument('CC', '12345678901')).toHaveProperty('error');
    expect(validateDocument('CE', 'ab12345')).toEqual({ value: 'AB12345' });
    expect(validateDocument('NIT', '900.123.456-8')).toEqual({ value: '900123456-8' });
    expect(validateDocument('NIT', '900123456-7')).toEqual({
      error: 'El dígito de verificación no corresponde a ese NIT (para 900123456 es 8).',
    });
    expect(validateDocument('NIT', '900123456-77')).toHaveProperty('error');
    expect(validateDocument('PP', 'AB12')).toHaveProperty('error');
    expect(validateDocument('PP', 'AB1234567')).toEqual({ value: 'AB1234567' });
    expect(validateDocument('TI', '123456789')).toHaveProperty('error');
    expect(validateDocument('TI', '1234567890')).toEqual({ value: '1234567890' });
  });

  it('reports each invalid field with a Spanish message', () => {
    const r = validateCheckout({
      ...valid,
      customer: { fullName: 'A', email: 'no-es-correo', phone: '123', documentType: 'TI', documentNumber: '12' },
      shipping: { departmentCode: '54', municipalityCode: '05001', address: 'x' },
      acceptDataPolicy: false,
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.map((e) => e.field)).toEqual([
      'customer.fullName',
      'customer.email',
      'customer.phone',
      'customer.documentNumber',
      'shipping.municipalityCode',
      'shipping.address',
      'acceptDataPolicy',
    ]);
    expect(r.errors.find((e) => e.field === 'customer.phone')?.message).toMatch(/10 dígitos y empezar por 3/);
  });

  it('requires a known department and lines', () => {
    expect(fields({ ...valid, shipping: { ...valid.shipping, departmentCode: '00' } })).toEqual([
      'shipping.departmentCode',
    ]);
    expect(fields({ ...valid, lines: [] })).toEqual(['lines']);
  });
});

describe('DIVIPOLA and references', () => {
  it('has every department and municipality', () => {
    expect(DIVIPOLA_COUNTS).toEqual({ departments: 33, municipalities: 1123 });
    expect(findMunicipality('11', '11001')?.name).toMatch(/Bogotá/);
    expect(findMunicipality('05', '54001')).toBeNull();
  });

  it('makes readable references and maps payment references back', () => {
    for (let i = 0; i < 50; i++) expect(newOrderReference()).toMatch(REFERENCE_PATTERN);
    expect(paymentReference('ENZ-7K3Q9D', 1)).toBe('ENZ-7K3Q9D');
    expect(paymentReference('ENZ-7K3Q9D', 2)).toBe('ENZ-7K3Q9D-2');
    expect(orderReferenceFromPayment('ENZ-7K3Q9D-2')).toBe('ENZ-7K3Q9D');
    expect(orderReferenceFromPayment('ENZ-7K3Q9D')).toBe('ENZ-7K3Q9D');
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
  });
});
