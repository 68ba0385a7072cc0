import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { repoPath } from '../../common/repo-root.js';
import { buyerOf } from './buyer.js';
import { sampleCreditNote, sampleInvoice } from './sample-documents.js';
import { ublXml } from './ubl-xml.js';
import { attachedDocumentXml } from './attached-document.js';

/** The OASIS UBL 2.1 schemas shipped with the tests (tests/fixtures/ubl-2.1, with their notice). */
const XSD_DIR = repoPath('tests', 'fixtures', 'ubl-2.1');
const schemas = ['common', 'maindoc'].flatMap((dir) =>
  fs.readdirSync(path.join(XSD_DIR, dir)).map((f) => ({
    fileName: `${dir}/${f}`,
    contents: fs.readFileSync(path.join(XSD_DIR, dir, f), 'utf8'),
  })),
);

async function validateUbl(xml: string, document: 'Invoice' | 'CreditNote' | 'AttachedDocument') {
  const main = `maindoc/UBL-${document}-2.1.xsd`;
  return validateXML({
    xml: [{ fileName: 'document.xml', contents: xml }],
    schema: schemas.find((s) => s.fileName === main)!,
    preload: schemas.filter((s) => s.fileName !== main),
  });
}

// Each validation runs libxml2 compiled to WebAssembly over ~0.7 MB of schemas: seconds each on a busy machine.
describe('UBL 2.1 XML of the DIAN documents', { timeout: 60_000 }, () => {
  it('an invoice validates against the UBL 2.1 Invoice schema', async () => {
    const invoice = sampleInvoice();
    const xml = ublXml(invoice);
    const result = await validateUbl(xml, 'Invoice');
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    expect(xml).toContain(`<cbc:UUID schemeID="2" schemeName="CUFE-SHA384">${invoice.uniqueCode}</cbc:UUID>`);
    expect(xml).toContain('<sts:InvoiceAuthorization>18760000001</sts:InvoiceAuthorization>');
    expect(xml).toContain('<cbc:ProfileExecutionID>2</cbc:ProfileExecutionID>');
    expect(xml).toContain(
      `<cbc:PayableAmount currencyID="COP">${(invoice.amounts.payable / 100).toFixed(2)}</cbc:PayableAmount>`,
    );
    expect(xml).toContain('catalogo-vpfe-hab.dian.gov.co/document/searchqr?documentkey=');
  });

  it('a final consumer and a NIT buyer validate too', async () => {
    const base = {
      fullName: 'Mascotas del Norte S.A.S.',
      email: 'compras@mascotas.co',
      phone: '3001234567',
      address: 'Calle 1 # 2-3',
      departmentCode: '11',
      departmentName: 'Bogotá, D.C.',
      municipalityCode: '11001',
      municipalityName: 'Bogotá, D.C.',
    };
    const nit = sampleInvoice({ buyer: buyerOf({ ...base, documentType: 'NIT', documentNumber: '900559088' }) });
    expect(nit.buyer).toMatchObject({ identificationType: '31', identification: '900559088', checkDigit: '2' });
    expect((await validateUbl(ublXml(nit), 'Invoice')).errors).toEqual([]);
    expect(ublXml(nit)).toContain('schemeID="2" schemeName="31">900559088</cbc:ID>');
    const consumer = sampleInvoice({ buyer: buyerOf({ ...base, documentType: 'CC', documentNumber: '' }) });
    expect(consumer.buyer).toMatchObject({ identification: '222222222222', name: 'Consumidor final' });
    expect((await validateUbl(ublXml(consumer), 'Invoice')).errors).toEqual([]);
  });

  it('a credit note references the invoice it corrects and validates against the CreditNote schema', async () => {
    const invoice = sampleInvoice();
    const note = sampleCreditNote(invoice);
    const xml = ublXml(note);
    const result = await validateUbl(xml, 'CreditNote');
    expect(result.errors).toEqual([]);
    expect(xml).toContain(`<cbc:UUID schemeName="CUFE-SHA384">${invoice.uniqueCode}</cbc:UUID>`);
    expect(xml).toContain('CUDE-SHA384');
    expect(xml).not.toContain('InvoiceControl');
  });

  it('the AttachedDocument the buyer receives carries the validated XML and validates too', async () => {
    const invoice = sampleInvoice();
    const xml = attachedDocumentXml(invoice, ublXml(invoice), { code: '02', at: new Date('2026-05-14T15:05:00Z') });
    expect((await validateUbl(xml, 'AttachedDocument')).errors).toEqual([]);
    expect(xml).toContain('<![CDATA[<?xml');
    expect(xml).toContain('<cbc:ValidationResultCode>02</cbc:ValidationResultCode>');
  });

  it('the schema check can fail: a misplaced element is reported', async () => {
    const xml = ublXml(sampleInvoice()).replace(
      '<cbc:DocumentCurrencyCode>COP</cbc:DocumentCurrencyCode>',
      '<cbc:DocumentCurrencyCode>COP</cbc:DocumentCurrencyCode><cbc:InvoiceTypeCode>01</cbc:InvoiceTypeCode>',
    );
    const result = await validateUbl(xml, 'Invoice');
    expect(result.valid).toBe(false);
  });
});
