import { describe, expect, it } from 'vitest';
import { checkoutSchema, fieldErrors, normalizePhone, type CheckoutInput } from './checkout.js';
import { DEPARTMENTS, findMunicipalityByName, municipalitiesOf } from './divipola.js';

const valid: CheckoutInput = {
  customer: {
    fullName: 'Ana María Pérez',
    email: 'ana@correo.com',
    phone: '+57 315 482 7760',
    documentType: 'CC',
    documentNumber: '1.020.304.050',
  },
  shipping: { departmentCode: '54', municipalityCode: '54001', address: 'Av. 0 # 11-64', neighborhood: '' },
  paymentMethod: 'CARD',
  acceptDataPolicy: true,
};

/** What the checkout form (and the server) would say, by input path. */
function errorsOf(input: CheckoutInput): Record<string, string> {
  const r = checkoutSchema.safeParse(input);
  return r.success ? {} : Object.fromEntries(fieldErrors(r.error).map((e) => [e.field, e.message]));
}

describe('checkout rules (one schema for the form and for placeOrder)', () => {
  it('accepts a complete form', () => {
    expect(errorsOf(valid)).toEqual({});
  });

  it('explains each invalid field in Spanish', () => {
    const errors = errorsOf({
      customer: { fullName: '', email: 'ana@', phone: '6015551234', documentType: 'TI', documentNumber: '123' },
      shipping: { departmentCode: '', municipalityCode: '', address: '', neighborhood: '' },
      paymentMethod: 'CARD',
      acceptDataPolicy: false,
    });
    expect(Object.keys(errors).sort()).toEqual([
      'acceptDataPolicy',
      'customer.documentNumber',
      'customer.email',
      'customer.fullName',
      'customer.phone',
      'shipping.address',
      'shipping.departmentCode',
    ]);
    expect(errors['customer.phone']).toMatch(/10 dígitos y empezar por 3/);
    expect(errors['customer.documentNumber']).toMatch(/tarjeta de identidad/);
  });

  it('checks documents by type and municipality inside the department', () => {
    expect(
      errorsOf({ ...valid, customer: { ...valid.customer, documentType: 'NIT', documentNumber: '900123456-8' } }),
    ).toEqual({});
    expect(
      errorsOf({ ...valid, customer: { ...valid.customer, documentType: 'NIT', documentNumber: '900123456-7' } }),
    ).toEqual({
      'customer.documentNumber': 'El dígito de verificación no corresponde a ese NIT (para 900123456 es 8).',
    });
    expect(
      errorsOf({ ...valid, customer: { ...valid.customer, documentType: 'PP', documentNumber: 'AB1' } })[
        'customer.documentNumber'
      ],
    ).toBeDefined();
    expect(errorsOf({ ...valid, shipping: { ...valid.shipping, municipalityCode: '05001' } })).toEqual({
      'shipping.municipalityCode': 'Elige un municipio de Norte de Santander de la lista.',
    });
  });

  it('normalises what it accepts', () => {
    const r = checkoutSchema.parse({ ...valid, customer: { ...valid.customer, email: ' Ana@Correo.com ' } });
    expect(r.customer).toMatchObject({ email: 'ana@correo.com', phone: '3154827760', documentNumber: '1020304050' });
    expect(r.shipping).toMatchObject({ municipality: { code: '54001', name: 'Cúcuta' }, neighborhood: null });
  });

  it('normalises mobiles and lists DIVIPOLA places', () => {
    expect(normalizePhone('315-482-7760')).toBe('3154827760');
    expect(DEPARTMENTS).toHaveLength(33);
    expect(municipalitiesOf('11').map((m) => m.code)).toEqual(['11001']);
    expect(findMunicipalityByName('54', 'CÚCUTA')?.code).toBe('54001');
  });

  it('finds a municipality however the shopper writes it (accents, case, punctuation)', () => {
    expect(findMunicipalityByName('11', 'bogota dc')?.code).toBe('11001');
    expect(findMunicipalityByName('11', 'Bogotá D. C.')?.code).toBe('11001');
    // Bogotá D.C. is the only municipality of its department: "Bogotá" is enough.
    expect(findMunicipalityByName('11', 'Bogotá')?.code).toBe('11001');
    expect(findMunicipalityByName('11', 'Bo')).toBeNull();
    // Elsewhere the name must still be complete: "Cartagena" is not "Cartagena del Chairá".
    expect(findMunicipalityByName('18', 'Cartagena')).toBeNull();
    expect(findMunicipalityByName('13', 'cartagena')?.code).toBe('13001');
  });
});
