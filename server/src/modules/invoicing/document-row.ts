import type { EinvoiceKindValue, EinvoiceStatusValue } from '#shared/einvoicing.js';
import type { Reason } from './dian-rules.js';
import type { NumberingSnapshot } from './numbering.js';

/** One row of einvoice_document as the module reads it. */
export interface DocumentRow {
  id: number;
  order_id: number;
  kind: EinvoiceKindValue;
  dedupe_key: string;
  invoice_id: number | null;
  return_id: number | null;
  credited_units: Array<{ orderLineId: number; quantity: number }> | null;
  status: EinvoiceStatusValue;
  prefix: string | null;
  number: string | null;
  numbering: NumberingSnapshot | null;
  issued_at: Date;
  amount: number;
  base_cents: string | null;
  tax_cents: string | null;
  unique_code: string | null;
  reasons: Reason[];
  provider: 'sandbox' | 'alegra';
  provider_id: string | null;
  environment: 1 | 2;
  xml: string | null;
  qr_text: string | null;
  attempts: number;
  last_error: string | null;
  accepted_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** `SETP990000001`: prefix and number (null before it has one). */
export function documentNumber(d: Pick<DocumentRow, 'prefix' | 'number'>): string | null {
  return d.number === null ? null : `${d.prefix ?? ''}${d.number}`;
}
