import { describe, expect, it } from 'vitest';
import { cude, cufe, dianLookupUrl, softwareSecurityCode, uniqueCodeChain } from './unique-code.js';

/**
 * The DIAN's technical annex for the electronic sales invoice works one example of each code through. The values
 * below are the annex's own: the invoice 323200000129 of 2019-01-16 10:53:10-05:00 (CUFE example, production
 * environment, technical key 693ff6f2…) and the credit note 8110007871 of 2019-01-12 07:00:00-05:00 (CUDE example,
 * software PIN 12301). Public DIAN libraries quote the same numbers and digests in their tests, e.g. facho
 * (github.com/bit4bit/facho, test_invoice_cufe in its form tests).
 */
describe('CUFE and CUDE (SHA-384 of the annex chain)', () => {
  it("reproduces the annex's CUFE example", () => {
    const invoice = {
      number: '323200000129',
      date: '2019-01-16',
      time: '10:53:10-05:00',
      lineExtension: '1500000.00',
      iva: '285000.00',
      inc: '0.00',
      ica: '0.00',
      payable: '1785000.00',
      issuerNit: '700085371',
      buyerId: '800199436',
      environment: '1' as const,
    };
    expect(uniqueCodeChain(invoice, '693ff6f2a553c3646a063436fd4dd9ded0311471')).toBe(
      '3232000001292019-01-1610:53:10-05:001500000.0001285000.00040.00030.001785000.00700085371800199436693ff6f2a553c3646a063436fd4dd9ded03114711',
    );
    expect(cufe(invoice, '693ff6f2a553c3646a063436fd4dd9ded0311471')).toBe(
      '8bb918b19ba22a694f1da11c643b5e9de39adf60311cf179179e9b33381030bcd4c3c3f156c506ed5908f9276f5bd9b4',
    );
  });

  it("reproduces the annex's CUDE example of a credit note (software PIN instead of the technical key)", () => {
    const note = {
      number: '8110007871',
      date: '2019-01-12',
      time: '07:00:00-05:00',
      lineExtension: '5000.00',
      iva: '950.00',
      inc: '0.00',
      ica: '0.00',
      payable: '5950.00',
      issuerNit: '900373076',
      buyerId: '8355990',
      environment: '1' as const,
    };
    expect(cude(note, '12301')).toBe(
      '907e4444decc9e59c160a2fb3b6659b33dc5b632a5008922b9a62f83f757b1c448e47f5867f2b50dbdb96f48c7681168',
    );
    // Any field changes the code: the DIAN recomputes it and refuses a document whose code does not match.
    expect(cude({ ...note, payable: '5950.01' }, '12301')).not.toBe(cude(note, '12301'));
    expect(cude(note, '12302')).not.toBe(cude(note, '12301'));
  });

  it('keys the software security code and points the QR to the lookup of its environment', () => {
    expect(softwareSecurityCode('abc', '12345', 'SETP990000001')).toMatch(/^[0-9a-f]{96}$/);
    expect(softwareSecurityCode('abc', '12345', 'SETP990000001')).not.toBe(
      softwareSecurityCode('abc', '12345', 'SETP990000002'),
    );
    expect(dianLookupUrl('abc', '2')).toBe('https://catalogo-vpfe-hab.dian.gov.co/document/searchqr?documentkey=abc');
    expect(dianLookupUrl('abc', '1')).toBe('https://catalogo-vpfe.dian.gov.co/document/searchqr?documentkey=abc');
  });
});
