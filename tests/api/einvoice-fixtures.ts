import { expect, inject, vi } from 'vitest';
import type { TestShop } from '../setup/test-shop.js';
import { knownEvent, orderRow, placeOrder, postEvent, type Placed } from './checkout-fixtures.js';
import { at, centsOf, children, parseXml, textAt } from '../../server/src/modules/invoicing/xml-reader.js';
import { expectTypename } from '../setup/graphql-post.js';
import { graphql } from '../gql/index.js';
import type { StaffOrderDocumentsQuery } from '../gql/graphql.js';
import type { PlaceOrderInput } from '../../client/src/gql/types.js';

export const STAFF_DOCUMENTS = graphql(`
  query StaffOrderDocuments($id: ID!) {
    staffOrder(id: $id) {
      id
      status
      total
      electronicDocuments {
        id
        kind
        status
        number
        amount
        uniqueCode
        reasons {
          code
          message
        }
        lastError
        attempts
        pdfPath
        xmlPath
        corrects
        note
      }
    }
  }
`);

/** An electronic document as the staff order page reads it. */
export type StaffDocument = NonNullable<StaffOrderDocumentsQuery['staffOrder']>['electronicDocuments'][number];

export interface DocumentRowLite {
  id: number;
  kind: string;
  status: string;
  prefix: string | null;
  number: string | null;
  amount: number;
  xml: string | null;
  unique_code: string | null;
  reasons: Array<{ code: string; message: string }>;
}

/** The order's documents as stored (oldest first). */
export async function documentsOf(shop: TestShop, orderId: number): Promise<DocumentRowLite[]> {
  return shop.ds.query(
    `SELECT id, kind, status, prefix, number::text, amount, xml, unique_code, reasons FROM einvoice_document WHERE order_id = $1 ORDER BY id`,
    [orderId],
  );
}

/** Waits (no fixed sleep) until the order has documents for which `done` holds. */
export async function waitForDocuments(
  shop: TestShop,
  orderId: number,
  done: (docs: DocumentRowLite[]) => boolean,
  timeout = 60_000,
): Promise<DocumentRowLite[]> {
  let last: DocumentRowLite[] = [];
  try {
    await vi.waitUntil(
      async () => {
        last = await documentsOf(shop, orderId);
        return done(last);
      },
      { timeout, interval: 200 },
    );
  } catch (err) {
    // Says what the documents and their jobs were doing instead of only «timed out».
    const jobs = await shop.ds.query(
      `SELECT j.attempts, j.last_error FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
        WHERE t.identifier = 'issue-einvoice-document'`,
    );
    throw new Error(
      `${(err as Error).message}: documentos ${JSON.stringify(last.map(({ xml: _xml, ...d }) => d))}, trabajos ${JSON.stringify(jobs)}`,
      { cause: err },
    );
  }
  return last;
}

/** Places and pays an order through the sandbox gateway's event (posted to every `shops`, concurrently). */
export async function paidOrder(
  shop: TestShop,
  input: PlaceOrderInput,
  shops: TestShop[] = [shop],
): Promise<Placed & { id: number; total: number }> {
  const placed = await placeOrder(shop, input);
  expectTypename(placed, 'OrderPlaced');
  const row = await orderRow(shop, placed.reference);
  const event = await knownEvent(shop, {
    id: `tx-fe-${row.id}-${Math.random().toString(36).slice(2, 8)}`,
    reference: placed.reference,
    amountInCents: row.total * 100,
    status: 'APPROVED',
  });
  const statuses = await Promise.all(shops.map((s) => postEvent(s, event)));
  expect(statuses.every((s) => s === 200)).toBe(true);
  await vi.waitUntil(async () => (await orderRow(shop, placed.reference)).status === 'PAGADO', { timeout: 30_000 });
  return { ...placed, id: row.id, total: row.total };
}

/** What a document's XML states, read as the DIAN reads it (inside its AttachedDocument). */
export function readDocumentXml(attached: string) {
  const container = parseXml(attached);
  const inner = textAt(container, 'cac:Attachment', 'cac:ExternalReference', 'cbc:Description');
  const root = parseXml(inner);
  const lineName = root.localName === 'Invoice' ? 'cac:InvoiceLine' : 'cac:CreditNoteLine';
  const quantityName = root.localName === 'Invoice' ? 'cbc:InvoicedQuantity' : 'cbc:CreditedQuantity';
  const lines = children(root, lineName).map((l) => ({
    description: textAt(l, 'cac:Item', 'cbc:Description'),
    quantity: Number(textAt(l, quantityName)),
    base: centsOf(textAt(l, 'cbc:LineExtensionAmount')),
    tax: centsOf(textAt(l, 'cac:TaxTotal', 'cbc:TaxAmount')),
    allowance: centsOf(textAt(l, 'cac:AllowanceCharge', 'cbc:Amount') || '0.00'),
  }));
  const total = (name: `cbc:${string}`) => centsOf(textAt(root, 'cac:LegalMonetaryTotal', name as never));
  return {
    kind: root.localName,
    id: textAt(root, 'cbc:ID'),
    uuid: textAt(root, 'cbc:UUID'),
    buyerId: textAt(root, 'cac:AccountingCustomerParty', 'cac:Party', 'cac:PartyTaxScheme', 'cbc:CompanyID'),
    buyerIdType:
      at(root, 'cac:AccountingCustomerParty', 'cac:Party', 'cac:PartyTaxScheme', 'cbc:CompanyID')?.getAttribute(
        'schemeName',
      ) ?? null,
    billingReference: textAt(root, 'cac:BillingReference', 'cac:InvoiceDocumentReference', 'cbc:UUID'),
    lines,
    lineExtension: total('cbc:LineExtensionAmount'),
    taxInclusive: total('cbc:TaxInclusiveAmount'),
    rounding: total('cbc:PayableRoundingAmount'),
    payable: total('cbc:PayableAmount'),
    tax: centsOf(textAt(root, 'cac:TaxTotal', 'cbc:TaxAmount')),
  };
}

export const authEmulator = () => inject('authEmulatorHost');
