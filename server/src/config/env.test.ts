import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env.js';

describe('parseEnv', () => {
  it('has embedded defaults', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(4000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.dataDir.endsWith('.data')).toBe(true);
    expect(env.publicUrl).toBe('http://127.0.0.1:4000');
    expect(env.ORDER_EXPIRY_MINUTES).toBe(30);
  });

  it('names the variable in a clear message for bad values', () => {
    expect(() => parseEnv({ PORT: 'abc' })).toThrow(EnvError);
    expect(() => parseEnv({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => parseEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: debe empezar por postgres/);
  });

  it('treats empty strings as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', WOMPI_PUBLIC_KEY: '' }).DATABASE_URL).toBeUndefined();
  });

  it('reads the legal identity with demo defaults and checks the NIT', () => {
    expect(parseEnv({}).legal).toMatchObject({ nit: '901.234.567-7', sicUrl: 'https://www.sic.gov.co' });
    const legal = parseEnv({
      LEGAL_NAME: 'Mascotas del Norte S.A.S.',
      LEGAL_NIT: '900123456-8',
      LEGAL_EMAIL: 'hola@mascotas.co',
    }).legal;
    expect(legal).toMatchObject({
      legalName: 'Mascotas del Norte S.A.S.',
      nit: '900123456-8',
      email: 'hola@mascotas.co',
    });
    expect(() => parseEnv({ LEGAL_NIT: '12345' })).toThrow(/LEGAL_NIT: debe ser un NIT/);
    expect(() => parseEnv({ LEGAL_NIT: '900123456-1' })).toThrow(/LEGAL_NIT: el dígito de verificación no corresponde/);
    expect(() => parseEnv({ LEGAL_EMAIL: 'no-es-correo' })).toThrow(/LEGAL_EMAIL/);
  });
});

describe('electronic invoicing settings', () => {
  it('defaults to the built-in sandbox in the DIAN test environment with documented test keys', () => {
    expect(parseEnv({}).einvoice).toEqual({
      provider: 'sandbox',
      environment: '2',
      alegra: null,
      testTechnicalKey: 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c',
      softwareId: '9c2b7f4e-3d1a-4b8e-a6f0-5e7d8c9b0a12',
      softwarePin: '12345',
      real: false,
    });
  });

  it('needs every Alegra credential, and never lets the sandbox claim the production environment', () => {
    expect(() => parseEnv({ EINVOICE_PROVIDER: 'alegra' })).toThrow(
      /ALEGRA_EINVOICE_TOKEN[\s\S]*ALEGRA_EINVOICE_COMPANY_ID/,
    );
    expect(() => parseEnv({ DIAN_ENVIRONMENT: 'produccion' })).toThrow(/DIAN_ENVIRONMENT: el proveedor de prueba/);
    expect(() => parseEnv({ EINVOICE_PROVIDER: 'siigo' })).toThrow(/EINVOICE_PROVIDER: debe ser sandbox o alegra/);
    const live = parseEnv({
      EINVOICE_PROVIDER: 'alegra',
      ALEGRA_EINVOICE_TOKEN: 'tok',
      ALEGRA_EINVOICE_COMPANY_ID: '01FCYA9GSSNT2674KGJV2V0NS9',
      DIAN_ENVIRONMENT: 'produccion',
    }).einvoice;
    expect(live).toMatchObject({
      environment: '1',
      real: true,
      alegra: { apiUrl: 'https://api.alegra.com/e-provider/col/v1' },
    });
    const testShop = parseEnv({
      EINVOICE_PROVIDER: 'alegra',
      ALEGRA_EINVOICE_TOKEN: 'tok',
      ALEGRA_EINVOICE_COMPANY_ID: 'c',
      TEST_SHOP: 'true',
    }).einvoice;
    expect(testShop).toMatchObject({
      environment: '2',
      real: false,
      alegra: { apiUrl: 'https://sandbox-api.alegra.com/e-provider/col/v1' },
    });
  });
});
