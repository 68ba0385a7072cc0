import { priceCart } from '#shared/pricing.js';
import { documentAmounts } from './document-amounts.js';
import { buyerOf, paymentMeansCode } from './buyer.js';
import { prepareDocument, type DocumentDraft, type ElectronicDocument } from './electronic-document.js';

/**
 * A representative invoice for tests (and for looking at the PDF): two products with a 15 % code, shipping, a
 * shopper with a cédula, the DIAN's test-set numbering resolution. `overrides` change any part of the draft.
 */
export function sampleInvoiceDraft(overrides: Partial<DocumentDraft> = {}): DocumentDraft {
  const lines = [
    { description: 'Collar Andino · Talla M', code: 'P12-M', unitPrice: 45_000, quantity: 2, discountable: true },
    { description: 'Correa Nómada · Talla Única', code: 'P31-U', unitPrice: 32_900, quantity: 1, discountable: true },
  ];
  const priced = priceCart({ lines, discountPercent: 15 });
  return {
    kind: 'INVOICE',
    prefix: 'SETP',
    number: 990000001,
    issuedAt: new Date('2026-05-14T15:04:05Z'),
    environment: '2',
    issuer: {
      legalName: 'Enzo Accesorios para Mascotas S.A.S.',
      tradeName: 'Enzo',
      nit: { number: '901234567', checkDigit: '7' },
      organizationType: 'JURIDICA',
      taxRegime: 'RESPONSABLE_IVA',
      responsibilities: ['R-99-PN'],
      address: {
        line: 'Calle 10 # 4-38, local 2',
        departmentCode: '54',
        departmentName: 'Norte de Santander',
        municipalityCode: '54001',
        municipalityName: 'Cúcuta',
        postalCode: '540001',
      },
      phone: '+57 313 456 7890',
      email: 'facturacion@enzo.com.co',
    },
    buyer: buyerOf({
      fullName: 'Ana María Pérez',
      email: 'ana@correo.com',
      phone: '3154827760',
      documentType: 'CC',
      documentNumber: '1020304050',
      address: 'Av. 0 # 11-64, Caobos',
      departmentCode: '54',
      departmentName: 'Norte de Santander',
      municipalityCode: '54001',
      municipalityName: 'Cúcuta',
    }),
    amounts: documentAmounts({
      lines,
      discount: priced.discount,
      shipping: priced.shipping,
      paymentFee: 0,
      total: priced.total,
    }),
    paymentMeansCode: paymentMeansCode('CARD'),
    orderReference: 'ENZ-7K3Q9D',
    numbering: {
      resolutionNumber: '18760000001',
      prefix: 'SETP',
      from: 990000000,
      to: 995000000,
      validFrom: '2019-01-19',
      validTo: '2030-01-19',
    },
    software: {
      id: '9c2b7f4e-3d1a-4b8e-a6f0-5e7d8c9b0a12',
      pin: '12345',
      providerNit: { number: '901234567', checkDigit: '7' },
    },
    ...overrides,
  };
}

export const SAMPLE_TECHNICAL_KEY = 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c';

export function sampleInvoice(overrides: Partial<DocumentDraft> = {}): ElectronicDocument {
  return prepareDocument(sampleInvoiceDraft(overrides), SAMPLE_TECHNICAL_KEY);
}

/** The credit note that annuls the sample invoice whole. */
export function sampleCreditNote(invoice: ElectronicDocument = sampleInvoice()): ElectronicDocument {
  return prepareDocument(
    {
      ...sampleInvoiceDraft(),
      kind: 'CREDIT_NOTE',
      prefix: 'NC',
      number: 1,
      issuedAt: new Date('2026-05-15T14:00:00Z'),
      numbering: undefined,
      corrects: {
        id: invoice.id,
        uniqueCode: invoice.uniqueCode,
        issueDate: invoice.date,
        responseCode: '2',
        description: 'Pedido cancelado después del pago',
      },
    },
    null,
  );
}
