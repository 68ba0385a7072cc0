import { describe, expect, it } from 'vitest';
import { eventChecksum, integritySignature, signEvent, verifyEvent } from './wompi-signature.js';
import { WompiGateway, defaultWompiApiUrl } from './wompi-gateway.js';

// Vectors computed independently of this code:
//   printf '%s' 'ENZ-TEST1234500000COPtest_integrity_secret' | sha256sum
const INTEGRITY_VECTOR = 'b9cda394a9ffbaad83a9d3037d999ae30cbc60205e71fc4da24c2ba1fa1b01bc';
//   printf '%s' '1234-1610641025-49201APPROVED44900001530291411test_events_secret' | sha256sum
const CHECKSUM_VECTOR = '82d7b6fae35f0de10bb9186be459d13d54d3752c4def83a41fb8ceea85b53633';

const event = {
  event: 'transaction.updated',
  data: {
    transaction: { id: '1234-1610641025-49201', amount_in_cents: 4490000, reference: 'ENZ-ABC234', status: 'APPROVED' },
  },
  environment: 'test',
  signature: {
    properties: ['transaction.id', 'transaction.status', 'transaction.amount_in_cents'],
    checksum: CHECKSUM_VECTOR.toUpperCase(),
  },
  timestamp: 1530291411,
};

describe('Wompi signatures', () => {
  it('computes the integrity signature (reference + cents + currency + secret)', () => {
    expect(integritySignature('ENZ-TEST12', 34500000, 'COP', 'test_integrity_secret')).toBe(INTEGRITY_VECTOR);
  });

  it('computes the event checksum from the event’s own property list', () => {
    expect(eventChecksum(event, 'test_events_secret')).toBe(CHECKSUM_VECTOR);
    const reordered = {
      ...event,
      signature: {
        ...event.signature,
        properties: ['transaction.status', 'transaction.id', 'transaction.amount_in_cents'],
      },
    };
    expect(eventChecksum(reordered, 'test_events_secret')).not.toBe(CHECKSUM_VECTOR);
  });

  it('verifies authentic events (case-insensitive hex) and the header', () => {
    expect(verifyEvent(event, undefined, 'test_events_secret')).not.toBeNull();
    expect(verifyEvent(event, CHECKSUM_VECTOR, 'test_events_secret')).not.toBeNull();
  });

  it('rejects forged events, wrong headers and malformed bodies', () => {
    const tampered = { ...event, data: { transaction: { ...event.data.transaction, amount_in_cents: 100 } } };
    expect(verifyEvent(tampered, undefined, 'test_events_secret')).toBeNull();
    expect(verifyEvent(event, undefined, 'other_secret')).toBeNull();
    expect(verifyEvent(event, 'abc', 'test_events_secret')).toBeNull();
    expect(verifyEvent({ event: 'x' }, undefined, 'test_events_secret')).toBeNull();
    expect(verifyEvent(null, undefined, 'test_events_secret')).toBeNull();
    expect(
      verifyEvent(
        { ...event, signature: { properties: [], checksum: CHECKSUM_VECTOR } },
        undefined,
        'test_events_secret',
      ),
    ).toBeNull();
  });

  it('signs events so that they verify', () => {
    const signed = signEvent({ ...event, signature: { properties: event.signature.properties } }, 's3cret');
    expect(verifyEvent(signed, signed.signature.checksum, 's3cret')).not.toBeNull();
  });
});

describe('WompiGateway', () => {
  it('builds the web checkout URL with amount, signature, redirect and customer data', async () => {
    const gw = new WompiGateway({
      publicKey: 'pub_test_abc',
      integritySecret: 'test_integrity_secret',
      eventsSecret: 'x',
    });
    const url = new URL(
      await gw.createCheckoutUrl({
        reference: 'ENZ-TEST12',
        amountInCents: 34500000,
        paymentMethod: 'CARD',
        redirectUrl: 'https://enzo.com.co/pago-exitoso?ref=ENZ-TEST12&token=t',
        customer: {
          email: 'ana@correo.com',
          fullName: 'Ana Pérez',
          phone: '3154827760',
          legalId: '1020304050',
          legalIdType: 'CC',
        },
      }),
    );
    expect(url.origin + url.pathname).toBe('https://checkout.wompi.co/p/');
    const p = url.searchParams;
    expect(p.get('public-key')).toBe('pub_test_abc');
    expect(p.get('currency')).toBe('COP');
    expect(p.get('amount-in-cents')).toBe('34500000');
    expect(p.get('reference')).toBe('ENZ-TEST12');
    expect(p.get('signature:integrity')).toBe(INTEGRITY_VECTOR);
    expect(p.get('redirect-url')).toBe('https://enzo.com.co/pago-exitoso?ref=ENZ-TEST12&token=t');
    expect(p.get('customer-data:full-name')).toBe('Ana Pérez');
    expect(p.get('customer-data:legal-id-type')).toBe('CC');
  });

  it('picks the sandbox API for test keys and looks transactions up', async () => {
    expect(defaultWompiApiUrl('pub_test_x')).toBe('https://sandbox.wompi.co/v1');
    expect(defaultWompiApiUrl('pub_prod_x')).toBe('https://production.wompi.co/v1');
    const calls: string[] = [];
    const fakeFetch = (async (url: string) => {
      calls.push(url);
      return new Response(
        JSON.stringify({
          data: {
            id: 'T1',
            reference: 'ENZ-ABC234',
            amount_in_cents: 100,
            status: 'APPROVED',
            payment_method_type: 'NEQUI',
          },
        }),
        { status: 200 },
      );
    }) as unknown as typeof fetch;
    const gw = new WompiGateway({ publicKey: 'pub_test_abc', integritySecret: 'i', eventsSecret: 'e' }, fakeFetch);
    expect(await gw.getTransaction('T1')).toEqual({
      id: 'T1',
      reference: 'ENZ-ABC234',
      amountInCents: 100,
      status: 'APPROVED',
      paymentMethodType: 'NEQUI',
    });
    expect(calls).toEqual(['https://sandbox.wompi.co/v1/transactions/T1']);
  });
});
