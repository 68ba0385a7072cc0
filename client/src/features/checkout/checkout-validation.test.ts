import { describe, expect, it } from 'vitest';
import { EMPTY_FORM, normalizePhone, validateForm, type CheckoutForm } from './checkout-validation';
import { DEPARTMENTS, findMunicipalityByName, municipalitiesOf } from './divipola';

const valid: CheckoutForm = {
  ...EMPTY_FORM,
  fullName: 'Ana María Pérez',
  email: 'ana@correo.com',
  phone: '+57 315 482 7760',
  documentType: 'CC',
  documentNumber: '1.020.304.050',
  departmentCode: '54',
  municipalityName: 'cucuta',
  address: 'Av. 0 # 11-64',
  acceptDataPolicy: true,
};

describe('checkout form validation (mirrors the server)', () => {
  it('accepts a complete form', () => {
    expect(validateForm(valid)).toEqual({});
  });

  it('explains each invalid field in Spanish', () => {
    const errors = validateForm({ ...EMPTY_FORM, email: 'ana@', phone: '6015551234', documentType: 'TI', documentNumber: '123' });
    expect(Object.keys(errors).sort()).toEqual(['acceptDataPolicy', 'address', 'departmentCode', 'documentNumber', 'email', 'fullName', 'phone']);
    expect(errors.phone).toMatch(/10 dígitos y empezar por 3/);
    expect(errors.documentNumber).toMatch(/tarjeta de identidad/);
  });

  it('checks documents by type and municipality inside the department', () => {
    expect(validateForm({ ...valid, documentType: 'NIT', documentNumber: '900123456-7' })).toEqual({});
    expect(validateForm({ ...valid, documentType: 'PP', documentNumber: 'AB1' }).documentNumber).toBeDefined();
    expect(validateForm({ ...valid, municipalityName: 'Medellín' }).municipalityName).toBeDefined();
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
    expect(validateForm({ ...valid, departmentCode: '11', municipalityName: 'Bogota' })).toEqual({});
    // Elsewhere the name must still be complete: "Cartagena" is not "Cartagena del Chairá".
    expect(findMunicipalityByName('18', 'Cartagena')).toBeNull();
    expect(findMunicipalityByName('13', 'cartagena')?.code).toBe('13001');
  });
});
