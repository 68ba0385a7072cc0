import { describe, expect, it } from 'vitest';
import { documentPdf } from './document-pdf.js';
import { sampleCreditNote, sampleInvoice } from './sample-documents.js';

describe('graphic representation (PDF)', () => {
  it('renders an invoice with its test mark and a credit note', async () => {
    const invoice = await documentPdf(sampleInvoice(), { testDocument: true, acceptedAt: new Date() });
    expect(invoice.subarray(0, 5).toString()).toBe('%PDF-');
    expect(invoice.length).toBeGreaterThan(5000);
    const note = await documentPdf(sampleCreditNote(), { testDocument: false, acceptedAt: null });
    expect(note.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
