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
    expect(parseEnv({}).legal).toMatchObject({ nit: '901.234.567-8', sicUrl: 'https://www.sic.gov.co' });
    const legal = parseEnv({
      LEGAL_NAME: 'Mascotas del Norte S.A.S.',
      LEGAL_NIT: '900123456-1',
      LEGAL_EMAIL: 'hola@mascotas.co',
    }).legal;
    expect(legal).toMatchObject({
      legalName: 'Mascotas del Norte S.A.S.',
      nit: '900123456-1',
      email: 'hola@mascotas.co',
    });
    expect(() => parseEnv({ LEGAL_NIT: '12345' })).toThrow(/LEGAL_NIT: debe ser un NIT/);
    expect(() => parseEnv({ LEGAL_EMAIL: 'no-es-correo' })).toThrow(/LEGAL_EMAIL/);
  });
});
