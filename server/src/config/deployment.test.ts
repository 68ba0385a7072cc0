import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env.js';
import { assertInvoicingSafe, assertSafeToStart, deploymentReasons } from './deployment.js';

const LIVE = {
  WOMPI_PUBLIC_KEY: 'pub_prod_abc',
  WOMPI_INTEGRITY_SECRET: 'prod_integrity_x',
  WOMPI_EVENTS_SECRET: 'prod_events_x',
  FIREBASE_PROJECT_ID: 'enzo-tienda',
  FIREBASE_WEB_API_KEY: 'AIzaSyExample',
  SMTP_URL: 'smtps://u:p@smtp.example.com',
  PUBLIC_URL: 'https://enzo.com.co',
};

function refusal(env: Record<string, string>): string {
  try {
    assertSafeToStart(parseEnv(env));
  } catch (err) {
    expect(err).toBeInstanceOf(EnvError);
    return (err as Error).message;
  }
  return '';
}

describe('local shop or deployment', () => {
  it('starts a shop on one’s own computer with the embedded defaults', () => {
    expect(deploymentReasons(parseEnv({}))).toEqual([]);
    expect(refusal({})).toBe('');
    expect(refusal({ HOST: 'localhost', PUBLIC_URL: 'http://127.0.0.1:4330' })).toBe('');
  });

  it('treats a reachable HOST, an external database or a public URL as a deployment', () => {
    expect(deploymentReasons(parseEnv({ HOST: '0.0.0.0' }))[0]).toMatch(/HOST=0\.0\.0\.0/);
    expect(deploymentReasons(parseEnv({ DATABASE_URL: 'postgres://db/enzo' }))[0]).toMatch(/DATABASE_URL/);
    expect(deploymentReasons(parseEnv({ PUBLIC_URL: 'https://enzo.com.co' }))[0]).toMatch(/PUBLIC_URL/);
  });

  it('refuses a deployment without real payments and Firebase, listing every missing variable in Spanish', () => {
    const message = refusal({ HOST: '0.0.0.0' });
    expect(message).toMatch(/^La tienda no arranca: esta ejecución es un despliegue/);
    for (const name of [
      'WOMPI_PUBLIC_KEY',
      'WOMPI_INTEGRITY_SECRET',
      'WOMPI_EVENTS_SECRET',
      'FIREBASE_PROJECT_ID',
      'FIREBASE_WEB_API_KEY',
      'SMTP_URL',
      'PUBLIC_URL',
    ]) {
      expect(message).toContain(`  - ${name}:`);
    }
    expect(message).toContain('TEST_SHOP=true');
    // Only what is missing is listed.
    expect(refusal({ ...LIVE, DATABASE_URL: 'postgres://db/enzo', SMTP_URL: '' })).toMatch(/- SMTP_URL:/);
    expect(refusal({ ...LIVE, DATABASE_URL: 'postgres://db/enzo', SMTP_URL: '' })).not.toMatch(/- WOMPI/);
  });

  it('does not count Wompi test keys or a demo Firebase project as real', () => {
    const message = refusal({
      ...LIVE,
      HOST: '0.0.0.0',
      WOMPI_PUBLIC_KEY: 'pub_test_abc',
      FIREBASE_PROJECT_ID: 'demo-enzo',
    });
    expect(message).toMatch(/WOMPI_PUBLIC_KEY: «pub_test_…» no es una llave de producción/);
    expect(message).toMatch(/FIREBASE_PROJECT_ID/);
  });

  it('starts a live deployment with every real part, and a declared test shop without them', () => {
    expect(refusal({ ...LIVE, HOST: '0.0.0.0', DATABASE_URL: 'postgres://db/enzo' })).toBe('');
    expect(parseEnv({ ...LIVE }).paymentsAreReal).toBe(true);
    const test = parseEnv({ HOST: '0.0.0.0', DATABASE_URL: 'postgres://db/enzo', TEST_SHOP: 'true' });
    expect(refusal({ HOST: '0.0.0.0', DATABASE_URL: 'postgres://db/enzo', TEST_SHOP: 'true' })).toBe('');
    expect(test.paymentsAreReal).toBe(false);
  });

  it('refuses a test shop with production Wompi keys (payments would be real)', () => {
    expect(refusal({ ...LIVE, TEST_SHOP: 'true' })).toMatch(/TEST_SHOP=true .* llave de producción/);
  });

  it('never lets the Auth emulator outrank a real Firebase project', () => {
    expect(() =>
      parseEnv({ FIREBASE_PROJECT_ID: 'enzo-tienda', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }),
    ).toThrow(/FIREBASE_AUTH_EMULATOR_HOST: con un proyecto de Firebase real/);
    const demo = parseEnv({ FIREBASE_PROJECT_ID: 'demo-enzo', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' });
    expect(demo.realFirebaseProject).toBe(false);
  });
});

describe('TRUST_PROXY', () => {
  it('defaults to loopback and accepts hop counts, names and subnets', () => {
    expect(parseEnv({}).trustProxy).toEqual(['loopback']);
    expect(parseEnv({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(parseEnv({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(parseEnv({ TRUST_PROXY: 'loopback, 10.0.0.0/8, 2001:db8::/32' }).trustProxy).toEqual([
      'loopback',
      '10.0.0.0/8',
      '2001:db8::/32',
    ]);
  });

  it('refuses `true` and things that are not addresses', () => {
    expect(() => parseEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: creería cualquier X-Forwarded-For/);
    expect(() => parseEnv({ TRUST_PROXY: 'proxy.example.com' })).toThrow(/TRUST_PROXY: «proxy\.example\.com» no es/);
    expect(() => parseEnv({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY/);
  });
});

describe('electronic invoicing in a deployment', () => {
  const invoicingRefusal = (env: Record<string, string>, on: boolean) => {
    try {
      assertInvoicingSafe(parseEnv(env), on);
    } catch (err) {
      expect(err).toBeInstanceOf(EnvError);
      return (err as Error).message;
    }
    return '';
  };
  const ALEGRA = { EINVOICE_PROVIDER: 'alegra', ALEGRA_EINVOICE_TOKEN: 'tok', ALEGRA_EINVOICE_COMPANY_ID: 'c' };

  it('refuses a live deployment with invoicing on and no real provider, and says how to switch it off', () => {
    const message = invoicingRefusal({ ...LIVE, HOST: '0.0.0.0' }, true);
    expect(message).toMatch(/^La tienda no arranca: es un despliegue con la facturación electrónica encendida/);
    expect(message).toContain('EINVOICE_PROVIDER=alegra');
    expect(message).toContain('DIAN_ENVIRONMENT=produccion');
    expect(message).toContain('npm run einvoicing -- off');
    expect(invoicingRefusal({ ...LIVE, ...ALEGRA, HOST: '0.0.0.0' }, true)).toMatch(/DIAN_ENVIRONMENT=produccion/);
  });

  it('lets it start with Alegra in production, with invoicing off, on a test shop or on one’s own computer', () => {
    expect(invoicingRefusal({ ...LIVE, ...ALEGRA, DIAN_ENVIRONMENT: 'produccion', HOST: '0.0.0.0' }, true)).toBe('');
    expect(invoicingRefusal({ ...LIVE, HOST: '0.0.0.0' }, false)).toBe('');
    expect(invoicingRefusal({ HOST: '0.0.0.0', TEST_SHOP: 'true' }, true)).toBe('');
    expect(invoicingRefusal({}, true)).toBe('');
  });

  it('refuses a test shop that would issue real invoices', () => {
    expect(refusal({ ...ALEGRA, DIAN_ENVIRONMENT: 'produccion', TEST_SHOP: 'true' })).toMatch(
      /facturas electrónicas reales/,
    );
  });
});
