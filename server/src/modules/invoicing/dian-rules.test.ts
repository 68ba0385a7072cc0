import { describe, expect, it } from 'vitest';
import { dianReview, type DianContext } from './dian-rules.js';
import { SAMPLE_TECHNICAL_KEY, sampleCreditNote, sampleInvoice, sampleInvoiceDraft } from './sample-documents.js';
import { prepareDocument } from './electronic-document.js';
import { ublXml } from './ubl-xml.js';
import { buyerOf } from './buyer.js';

const ctx = (accepted: string[] = []): DianContext => ({
  technicalKey: SAMPLE_TECHNICAL_KEY,
  softwareId: sampleInvoiceDraft().software.id,
  softwarePin: '12345',
  now: new Date('2026-05-16T16:00:00Z'),
  acceptedInvoice: async (code) => accepted.includes(code),
});
const codes = async (xml: string, c = ctx()) => (await dianReview(xml, c)).map((r) => r.code);

describe('what the sandbox checks as the DIAN would', () => {
  it('accepts a well-formed invoice and its credit note', async () => {
    const invoice = sampleInvoice();
    expect(await dianReview(ublXml(invoice), ctx())).toEqual([]);
    expect(await dianReview(ublXml(sampleCreditNote(invoice)), ctx([invoice.uniqueCode]))).toEqual([]);
  });

  it('refuses a number outside the range, a wrong prefix and a date outside the validity', async () => {
    expect(await codes(ublXml(sampleInvoice({ number: 995000001 })))).toEqual(['FAB07b']);
    const expired = sampleInvoice({ numbering: { ...sampleInvoiceDraft().numbering!, validTo: '2026-05-01' } });
    expect(await codes(ublXml(expired))).toEqual(['FAB10b']);
    const prefix = sampleInvoice({ numbering: { ...sampleInvoiceDraft().numbering!, prefix: 'FE' } });
    expect(await codes(ublXml(prefix))).toEqual(['FAB05b']);
  });

  it("checks the issuer's and a NIT buyer's check digit", async () => {
    const issuer = sampleInvoiceDraft().issuer;
    expect(
      await codes(ublXml(sampleInvoice({ issuer: { ...issuer, nit: { number: '901234567', checkDigit: '8' } } }))),
    ).toContain('FAJ24');
    const buyer = buyerOf({
      fullName: 'Mascotas del Norte S.A.S.',
      email: 'a@b.co',
      phone: '3001234567',
      documentType: 'NIT',
      documentNumber: '900559088-3',
      address: 'Calle 1',
      departmentCode: '11',
      departmentName: 'Bogotá, D.C.',
      municipalityCode: '11001',
      municipalityName: 'Bogotá, D.C.',
    });
    expect(await codes(ublXml(sampleInvoice({ buyer })))).toEqual(['FAK24']);
  });

  it('recomputes the totals, the tax arithmetic and the CUFE from the XML', async () => {
    const xml = ublXml(sampleInvoice());
    const payable = /<cbc:PayableAmount currencyID="COP">([\d.]+)</.exec(xml)![1]!;
    const tampered = xml.replace(
      `<cbc:PayableAmount currencyID="COP">${payable}`,
      '<cbc:PayableAmount currencyID="COP">1.00',
    );
    expect(await codes(tampered)).toEqual(['FAU14', 'FAD06']);
    const lineTax = xml.replace(
      /(<cac:InvoiceLine>[\s\S]*?<cac:TaxSubtotal>[\s\S]*?<cbc:TaxAmount currencyID="COP">)([\d.]+)/,
      '$10.01',
    );
    expect(await codes(lineTax)).toContain('FAX05');
    const wrongKey = await codes(xml, { ...ctx(), technicalKey: 'otra-clave' });
    expect(wrongKey).toEqual(['FAD06']);
    const future = sampleInvoice({ issuedAt: new Date('2026-05-16T17:00:00Z') });
    expect(await codes(ublXml(future))).toEqual(['FAD09e']);
  });

  it('refuses a credit note whose invoice the DIAN did not accept', async () => {
    const note = sampleCreditNote();
    expect(await codes(ublXml(note), ctx([]))).toEqual(['CBG03']);
    const pin = prepareDocument(
      { ...sampleInvoiceDraft(), kind: 'CREDIT_NOTE', numbering: undefined, corrects: note.corrects },
      null,
    );
    expect(await codes(ublXml(pin), { ...ctx([note.corrects!.uniqueCode]), softwarePin: '99999' })).toEqual([
      'FAB27b',
      'CAD06',
    ]);
  });
});
