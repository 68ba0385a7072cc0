import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parseEnv } from '../../server/src/config/env.js';
import { createLogger, startShop } from '../../server/src/app/start-shop.js';
import { startTestShop, type TestShop } from '../setup/test-shop.js';
import { legacyStaffHeaders } from '../setup/staff-tokens.js';
import { orderInput, placedOrder, placeOrder, variantWithStock, type Variant } from './checkout-fixtures.js';
import {
  documentsOf,
  paidOrder,
  readDocumentXml,
  STAFF_DOCUMENTS,
  waitForDocuments,
  type StaffDocument,
} from './einvoice-fixtures.js';
import { expectTypename } from '../setup/graphql-post.js';
import { graphql } from '../gql/index.js';
import type { OrderStatus, TransitionOrderInput } from '../gql/graphql.js';
import type { InvoiceNumberingInput, LegalSettingsInput } from '../../client/src/gql/types.js';
import {
  StaffMarkCashCollectedDocument,
  StaffTransitionOrderDocument,
} from '../../client/src/features/staff-orders/staff-orders.generated.js';
import {
  StaffInvoicingDocument,
  StaffSaveInvoiceNumberingDocument,
  StaffSaveLegalSettingsDocument,
  StaffSetInvoicingEnabledDocument,
} from '../../client/src/features/staff-invoicing/staff-invoicing.generated.js';
import { StaffDashboardHomeDocument } from '../../client/src/features/staff-home/staff-home.generated.js';
import { RequestReturnDocument } from '../../client/src/features/returns/returns.generated.js';
import {
  StaffDecideReturnDocument,
  StaffReceiveReturnDocument,
  StaffRefundReturnDocument,
} from '../../client/src/features/staff-returns/staff-returns.generated.js';

/**
 * DIAN electronic invoicing on real PostgreSQL with the built-in sandbox (provider and DIAN): an invoice per sale,
 * even with the payment event posted twice to two instances; totals to the peso for every order shape; the
 * numbering running out; credit notes for a cancelled sale and for a partial retracto; the shopper's links.
 */
let shop: TestShop;
let second: TestShop;
let auth: Record<string, string>;
let collar: Variant;
let leash: Variant;

beforeAll(async () => {
  shop = await startTestShop();
  // A second instance on the same database: its own pools and its own job runner.
  const env = parseEnv({
    NODE_ENV: 'test',
    PORT: '0',
    DATA_DIR: shop.services.env.DATA_DIR,
    DATABASE_URL: shop.databaseUrl,
    LOG_LEVEL: 'silent',
    SEED_ON_START: 'false',
    TEST_SHOP: 'true',
    MAX_OPEN_ORDERS_PER_EMAIL: '1000',
    MAX_OPEN_ORDERS_PER_CLIENT: '10000',
    FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost'),
  });
  second = Object.assign(await startShop(env, createLogger(env)), { gql: shop.gql }) as TestShop;
  auth = await legacyStaffHeaders(inject('authEmulatorHost'), 'staff-facturas@enzo.test');
  collar = await variantWithStock(shop, 500, 0);
  leash = await variantWithStock(shop, 500, 40);
  await shop.ds.query('UPDATE product SET price = 45000 WHERE id = $1', [Number(collar.productId)]);
  await shop.ds.query('UPDATE product SET price = 32900 WHERE id = $1', [Number(leash.productId)]);
}, 180_000);
afterAll(async () => {
  await second?.close();
  await shop?.close();
});

const issued = (kind: string) => (docs: Array<{ kind: string; status: string }>) =>
  docs.some((d) => d.kind === kind && d.status !== 'PENDIENTE');

async function staffDocuments(orderId: number): Promise<StaffDocument[]> {
  const res = await shop.gql(STAFF_DOCUMENTS, { id: String(orderId) }, auth);
  expect(res.errors).toBeUndefined();
  return res.data!.staffOrder!.electronicDocuments;
}

// The staff's and the shopper's own documents (order moves, returns, invoicing settings): what they send is tested.
async function move(orderId: number, to: OrderStatus, extra: Omit<TransitionOrderInput, 'orderId' | 'to'> = {}) {
  const res = await shop.gql(StaffTransitionOrderDocument, { input: { orderId: String(orderId), to, ...extra } }, auth);
  expect(res.errors).toBeUndefined();
  expect(res.data!.staffTransitionOrder.__typename).toBe('StaffOrder');
}

describe('an invoice per sale', () => {
  it('issues exactly one invoice per paid order even when the event reaches two instances twice', async () => {
    const orders = await Promise.all(
      [0, 1, 2].map((i) =>
        paidOrder(
          shop,
          orderInput(collar, 1 + i, { customer: { ...orderInput(collar).customer, email: `fe${i}@correo.com` } }),
          [shop, second, shop],
        ),
      ),
    );
    const numbers: number[] = [];
    for (const order of orders) {
      const docs = await waitForDocuments(shop, order.id, issued('INVOICE'));
      expect(docs).toHaveLength(1);
      expect(docs[0]).toMatchObject({ kind: 'INVOICE', status: 'EMITIDO', prefix: 'SETP', amount: order.total });
      numbers.push(Number(docs[0]!.number));
      const xml = readDocumentXml(docs[0]!.xml!);
      expect(xml.kind).toBe('Invoice');
      expect(xml.uuid).toBe(docs[0]!.unique_code);
      expect(xml.payable).toBe(order.total * 100);
    }
    // Consecutive, no gaps or repeats.
    numbers.sort((a, b) => a - b);
    expect(numbers).toEqual([numbers[0]!, numbers[0]! + 1, numbers[0]! + 2]);
  });

  it("links the invoice from the paid email and the order page, guarded by the order's token", async () => {
    const order = await paidOrder(
      shop,
      orderInput(collar, 1, { customer: { ...orderInput(collar).customer, email: 'links@correo.com' } }),
    );
    await waitForDocuments(shop, order.id, issued('INVOICE'));
    const [mail] = await shop.ds.query(`SELECT text FROM outbound_email WHERE order_id = $1 AND dedupe_key = $2`, [
      order.id,
      `order:${order.id}:paid:shopper`,
    ]);
    const pdfUrl = /(http\S+\/api\/documentos\/\S+\.pdf\?token=\S+) \(PDF\)/.exec(mail.text)![1]!;
    const pdf = await fetch(pdfUrl);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const xml = await fetch(pdfUrl.replace('.pdf?', '.xml?'));
    expect(await xml.text()).toContain('<AttachedDocument');
    expect((await fetch(pdfUrl.replace(/token=[^&]+/, 'token=otro'))).status).toBe(404);
    // A wrong token of a plausible length and an unknown reference get the same answer: no way to tell orders exist.
    const wrongToken = await fetch(pdfUrl.replace(/token=[^&]+/, `token=${'x'.repeat(32)}`));
    const unknownOrder = await fetch(pdfUrl.replace(/\/documentos\/[^/]+\//, '/documentos/ENZ-ZZZZZZ/'));
    expect([wrongToken.status, unknownOrder.status]).toEqual([404, 404]);
    expect(await unknownOrder.text()).toBe(await wrongToken.text());
    // Only the documents: the order page reads the whole receipt.
    const page = await shop.gql(
      graphql(`
        query EinvoicingReceiptDocuments($r: String!, $t: String!) {
          orderReceipt(reference: $r, token: $t) {
            electronicDocuments {
              kind
              number
              status
              pdfUrl
              xmlUrl
            }
          }
        }
      `),
      { r: order.reference, t: order.accessToken },
    );
    expect(page.data!.orderReceipt!.electronicDocuments).toEqual([
      expect.objectContaining({ kind: 'INVOICE', pdfUrl }),
    ]);
  });
});

describe('totals to the peso for every order shape', () => {
  const customer = (over: Record<string, unknown>) => ({ ...orderInput(collar).customer, ...over });

  async function expectTotals(orderId: number, total: number) {
    const [doc] = await waitForDocuments(shop, orderId, issued('INVOICE'));
    expect(doc!.status, JSON.stringify(doc!.reasons)).toBe('EMITIDO');
    const xml = readDocumentXml(doc!.xml!);
    expect(xml.payable).toBe(total * 100);
    expect(xml.lineExtension).toBe(xml.lines.reduce((a, l) => a + l.base, 0));
    expect(xml.tax).toBe(xml.lines.reduce((a, l) => a + l.tax, 0));
    expect(xml.taxInclusive + xml.rounding).toBe(total * 100);
    return xml;
  }

  it('a discount code over several lines, with shipping', async () => {
    const order = await paidOrder(
      shop,
      orderInput(collar, 1, {
        lines: [
          { productId: collar.productId, sizeId: collar.sizeId, quantity: 1 },
          { productId: leash.productId, sizeId: leash.sizeId, quantity: 1 },
        ],
        discountCode: 'BIENVENIDO10',
        customer: customer({ email: 'forma1@correo.com' }),
      }),
    );
    const xml = await expectTotals(order.id, order.total);
    expect(xml.lines.map((l) => l.description)).toEqual([expect.any(String), expect.any(String), 'Envío']);
    expect(xml.lines.slice(0, 2).every((l) => l.allowance > 0)).toBe(true);
  });

  it('free shipping above the threshold, several units', async () => {
    const order = await paidOrder(shop, orderInput(collar, 4, { customer: customer({ email: 'forma2@correo.com' }) }));
    const xml = await expectTotals(order.id, order.total);
    expect(xml.lines.map((l) => l.description)).not.toContain('Envío');
  });

  it('a NIT buyer (identification type 31 with its check digit)', async () => {
    const order = await paidOrder(
      shop,
      orderInput(leash, 1, {
        customer: customer({ email: 'forma3@correo.com', documentType: 'NIT', documentNumber: '900559088-2' }),
      }),
    );
    const xml = await expectTotals(order.id, order.total);
    expect([xml.buyerId, xml.buyerIdType]).toEqual(['900559088', '31']);
  });

  it('the final consumer, for an order without a document', async () => {
    const placed = await placedOrder(
      shop,
      orderInput(leash, 2, { customer: customer({ email: 'forma4@correo.com' }) }),
    );
    await shop.ds.query(`UPDATE shop_order SET document_number = '' WHERE reference = $1`, [placed.reference]);
    const [row] = await shop.ds.query(`SELECT id, total FROM shop_order WHERE reference = $1`, [placed.reference]);
    const { knownEvent, postEvent } = await import('./checkout-fixtures.js');
    await postEvent(
      shop,
      await knownEvent(shop, {
        id: `tx-cf-${row.id}`,
        reference: placed.reference,
        amountInCents: row.total * 100,
        status: 'APPROVED',
      }),
    );
    const xml = await expectTotals(row.id, row.total);
    expect(xml.buyerId).toBe('222222222222');
  });

  it('cash on delivery: shipping and the fee as lines of their own, invoiced once the cash is collected', async () => {
    await shop.ds.query(
      `UPDATE cash_on_delivery_settings SET enabled = true, max_total = 1000000, fee = 7000 WHERE id = 1`,
    );
    const placed = await placeOrder(
      shop,
      orderInput(leash, 1, { paymentMethod: 'CASH_ON_DELIVERY', customer: customer({ email: 'forma5@correo.com' }) }),
    );
    expectTypename(placed, 'OrderPlaced');
    const [row] = await shop.ds.query(`SELECT id, total, payment_fee FROM shop_order WHERE reference = $1`, [
      placed.reference,
    ]);
    expect(row.payment_fee).toBe(7000);
    await move(row.id, 'EN_PREPARACION');
    await move(row.id, 'ENVIADO', { carrier: 'Servientrega', trackingNumber: '123456789' });
    await move(row.id, 'ENTREGADO');
    expect(await documentsOf(shop, row.id)).toEqual([]);
    const res = await shop.gql(StaffMarkCashCollectedDocument, { orderId: String(row.id) }, auth);
    expect(res.data!.staffMarkCashCollected.__typename).toBe('StaffOrder');
    const xml = await expectTotals(row.id, row.total);
    expect(xml.lines.map((l) => l.description).slice(-2)).toEqual(['Envío', 'Recargo por pago contraentrega']);
    await shop.ds.query(`UPDATE cash_on_delivery_settings SET enabled = false WHERE id = 1`);
  });

  it('many units of two sizes with a 15 % code', async () => {
    const order = await paidOrder(
      shop,
      orderInput(collar, 7, {
        lines: [
          { productId: collar.productId, sizeId: collar.sizeId, quantity: 7 },
          { productId: leash.productId, sizeId: leash.sizeId, quantity: 3 },
        ],
        discountCode: 'ENZO15',
        customer: customer({ email: 'forma6@correo.com' }),
      }),
    );
    const xml = await expectTotals(order.id, order.total);
    expect(xml.lines.map((l) => l.quantity)).toEqual([7, 3]);
  });
});

describe('numbering', () => {
  const save = (input: InvoiceNumberingInput) => shop.gql(StaffSaveInvoiceNumberingDocument, { input }, auth);
  // The shop's calendar is Bogotá's (UTC−5): from 19:00 there, the UTC date is already tomorrow's, and a
  // resolution valid from that date would not apply yet.
  const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/Bogota' }).format(new Date());
  const nextYear = `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`;

  it('refuses an invoice once the range is used up, visibly, and issues it when a new resolution is registered', async () => {
    const saved = await save({
      resolutionNumber: '18764000000123',
      prefix: 'FE',
      from: 1,
      to: 2,
      validFrom: today,
      validTo: nextYear,
      technicalKey: 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678',
      creditNotePrefix: 'NC',
    });
    expect(saved.data!.staffSaveInvoiceNumbering.__typename).toBe('InvoicingSettings');
    const orders = [];
    for (const i of [0, 1, 2]) {
      const order = await paidOrder(
        shop,
        orderInput(collar, 1, { customer: { ...orderInput(collar).customer, email: `rango${i}@correo.com` } }),
      );
      orders.push(order);
      await waitForDocuments(shop, order.id, issued('INVOICE'));
    }
    const third = await staffDocuments(orders[2]!.id);
    expect(third).toEqual([
      expect.objectContaining({
        kind: 'INVOICE',
        status: 'RECHAZADO',
        number: null,
        reasons: [expect.objectContaining({ code: 'NUM04' })],
      }),
    ]);
    expect(third[0]!.reasons[0]!.message).toMatch(/Se agotó el rango de numeración FE 1 a 2/);
    const settings = await shop.gql(StaffInvoicingDocument, {}, auth);
    expect(settings.data!.staffInvoicing.warnings.join(' ')).toMatch(/Se agotó el rango de numeración FE/);
    expect((await staffDocuments(orders[0]!.id))[0]).toMatchObject({ status: 'EMITIDO', number: 'FE1' });
    expect((await staffDocuments(orders[1]!.id))[0]).toMatchObject({ status: 'EMITIDO', number: 'FE2' });
    // The dashboard warns too.
    const dashboard = await shop.gql(StaffDashboardHomeDocument, {}, auth);
    expect(dashboard.data!.staffDashboard.invoicingWarnings.join(' ')).toMatch(/Se agotó el rango/);

    const renewed = (
      await save({
        resolutionNumber: '18764000000456',
        prefix: 'FEB',
        from: 1,
        to: 20,
        validFrom: today,
        validTo: nextYear,
        technicalKey: 'b1b2c3d4e5f60718293a4b5c6d7e8f9012345678',
        creditNotePrefix: 'NC',
      })
    ).data!.staffSaveInvoiceNumbering;
    expectTypename(renewed, 'InvoicingSettings');
    expect(renewed.invoiceNumbering).toMatchObject({ prefix: 'FEB', nextNumber: 2 });
    await waitForDocuments(shop, orders[2]!.id, (d) => d[0]!.status === 'EMITIDO');
    expect((await staffDocuments(orders[2]!.id))[0]).toMatchObject({ status: 'EMITIDO', number: 'FEB1', reasons: [] });
  });

  it('warns when 10 % of the range or 30 days of validity remain, and refuses a bad resolution in Spanish', async () => {
    await shop.ds.query(
      `UPDATE einvoice_numbering SET next_number = 19, valid_to = $1::date + 10 WHERE kind = 'INVOICE'`,
      [today],
    );
    try {
      await expectWarningsAndRefusal();
    } finally {
      // Later tests invoice with this resolution, whether or not the checks above held.
      await shop.ds.query(
        `UPDATE einvoice_numbering SET next_number = 2, valid_to = $1::date + 400 WHERE kind = 'INVOICE'`,
        [today],
      );
    }
  });

  async function expectWarningsAndRefusal() {
    const res = await shop.gql(StaffInvoicingDocument, {}, auth);
    expect(res.data!.staffInvoicing.warnings).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Quedan 2 números del rango FEB/),
        expect.stringMatching(/vence el .* \(en 10 días\)/),
      ]),
    );
    const bad = (
      await save({
        resolutionNumber: 'abc',
        prefix: 'FEB',
        from: 10,
        to: 5,
        validFrom: today,
        validTo: today,
        technicalKey: 'x',
        creditNotePrefix: 'FEB',
      })
    ).data!.staffSaveInvoiceNumbering;
    expectTypename(bad, 'ValidationErrors');
    expect(bad.errors.map((e) => e.field).sort()).toEqual(
      ['creditNotePrefix', 'resolutionNumber', 'technicalKey', 'to'].sort(),
    );
    // A date that is not on the calendar is the owner's mistake, told in Spanish (the database never sees it).
    const noSuchDay = (
      await save({
        resolutionNumber: '18760000001',
        prefix: 'FEB',
        from: 1,
        to: 20,
        validFrom: '2026-02-30',
        validTo: '2026-13-01',
        technicalKey: 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c',
        creditNotePrefix: 'NC',
      })
    ).data!.staffSaveInvoiceNumbering;
    expectTypename(noSuchDay, 'ValidationErrors');
    expect(noSuchDay.errors.map((e) => e.field).sort()).toEqual(['validFrom', 'validTo']);
  }
});

describe('credit notes', () => {
  it('a paid order cancelled after its invoice gets a credit note for the whole, referencing the invoice', async () => {
    const order = await paidOrder(
      shop,
      orderInput(leash, 2, { customer: { ...orderInput(leash).customer, email: 'anula@correo.com' } }),
    );
    const [invoice] = await waitForDocuments(shop, order.id, issued('INVOICE'));
    await move(order.id, 'CANCELADO', { note: 'El cliente se arrepintió' });
    const docs = await waitForDocuments(shop, order.id, issued('CREDIT_NOTE'));
    const note = docs.find((d) => d.kind === 'CREDIT_NOTE')!;
    expect(note).toMatchObject({ status: 'EMITIDO', prefix: 'NC', amount: order.total });
    const xml = readDocumentXml(note.xml!);
    expect(xml.kind).toBe('CreditNote');
    expect(xml.billingReference).toBe(invoice!.unique_code);
    expect(xml.payable).toBe(order.total * 100);
    const staff = await staffDocuments(order.id);
    expect(staff[1]).toMatchObject({
      kind: 'CREDIT_NOTE',
      corrects: staff[0]!.number,
      note: 'Cancelación del pedido pagado',
    });
    const mails = await shop.ds.query(`SELECT subject FROM outbound_email WHERE dedupe_key = $1`, [
      `einvoice:${note.id}:issued`,
    ]);
    expect(mails[0].subject).toMatch(/^Tu nota crédito NC\d+ · Enzo$/);
  });

  it('a partial retracto refunded gets a credit note for the returned units only', async () => {
    const input = orderInput(collar, 2, {
      lines: [
        { productId: collar.productId, sizeId: collar.sizeId, quantity: 2 },
        { productId: leash.productId, sizeId: leash.sizeId, quantity: 1 },
      ],
      discountCode: 'BIENVENIDO10',
      customer: { ...orderInput(collar).customer, email: 'retracto@correo.com' },
    });
    const order = await paidOrder(shop, input);
    await waitForDocuments(shop, order.id, issued('INVOICE'));
    await move(order.id, 'EN_PREPARACION');
    await move(order.id, 'ENVIADO', { carrier: 'Servientrega', trackingNumber: '99887766' });
    await move(order.id, 'ENTREGADO');
    const lines = await shop.ds.query(`SELECT id, size_id FROM order_line WHERE order_id = $1 ORDER BY position`, [
      order.id,
    ]);
    const request = await shop.gql(RequestReturnDocument, {
      reference: order.reference,
      token: order.accessToken,
      input: {
        kind: 'RETRACTO',
        reason: 'No le quedó al perro',
        items: [{ lineId: String(lines[0].id), quantity: 1 }],
      },
    });
    const asked = request.data!.requestReturn;
    expectTypename(asked, 'ReturnRequest');
    const { id, refundAmount } = asked;
    await shop.gql(StaffDecideReturnDocument, { id, accept: true }, auth);
    await shop.gql(StaffReceiveReturnDocument, { id }, auth);
    const refunded = await shop.gql(
      StaffRefundReturnDocument,
      { id, method: 'BANK_TRANSFER', reference: 'TRF-123' },
      auth,
    );
    expect(refunded.data!.staffRefundReturn.__typename).toBe('ReturnRequest');
    const docs = await waitForDocuments(shop, order.id, issued('CREDIT_NOTE'));
    const note = docs.find((d) => d.kind === 'CREDIT_NOTE')!;
    expect(note).toMatchObject({ status: 'EMITIDO', amount: refundAmount });
    const xml = readDocumentXml(note.xml!);
    expect(xml.lines).toHaveLength(1);
    expect(xml.lines[0]).toMatchObject({ quantity: 1 });
    expect(xml.lines[0]!.allowance).toBeGreaterThan(0);
    expect(xml.payable).toBe(refundAmount * 100);
  });
});

describe('staff files, the legal identity and the owner’s switch', () => {
  const month = new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/Bogota' }).format(new Date()).slice(0, 7);

  it('exports the month as CSV and a zip of XMLs, and downloads a document, for staff only', async () => {
    const csv = await fetch(`${shop.url}/api/staff/facturacion/${month}.csv`, { headers: auth });
    expect(csv.status).toBe(200);
    const bytes = Buffer.from(await csv.arrayBuffer());
    // A BOM first, so Excel reads the accents as UTF-8 (fetch's text() would drop it).
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const text = bytes.subarray(3).toString('utf8');
    expect(text.startsWith('Tipo;Número;Fecha de emisión')).toBe(true);
    expect(text).toMatch(/Factura electrónica de venta;SETP\d+;/);
    expect(text).toMatch(/Nota crédito electrónica;NC\d+;/);
    const zip = await fetch(`${shop.url}/api/staff/facturacion/${month}.zip`, { headers: auth });
    const { unzipSync } = await import('fflate');
    const files = Object.keys(unzipSync(new Uint8Array(await zip.arrayBuffer())));
    expect(files.some((f) => /^facturas\/SETP\d+\.xml$/.test(f))).toBe(true);
    expect(files.some((f) => /^notas-credito\/NC\d+\.xml$/.test(f))).toBe(true);
    expect((await fetch(`${shop.url}/api/staff/facturacion/${month}.csv`)).status).toBe(401);
    expect((await fetch(`${shop.url}/api/staff/facturacion/mayo.csv`, { headers: auth })).status).toBe(400);
    const [doc] = await shop.ds.query(`SELECT id FROM einvoice_document WHERE status = 'EMITIDO' ORDER BY id LIMIT 1`);
    const pdf = await fetch(`${shop.url}/api/staff/documentos/${doc.id}.pdf`, { headers: auth });
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect((await fetch(`${shop.url}/api/staff/documentos/${doc.id}.pdf`)).status).toBe(401);
  });

  it('the owner saves the legal identity: the NIT’s check digit is checked, the footer and the next invoice use it', async () => {
    const SAVE = StaffSaveLegalSettingsDocument;
    const input: LegalSettingsInput = {
      legalName: 'Mascotas del Norte S.A.S.',
      tradeName: 'Enzo',
      nit: '900.559.088-3',
      organizationType: 'JURIDICA',
      taxRegime: 'RESPONSABLE_IVA',
      taxResponsibilities: ['O-13', 'O-15'],
      address: 'Avenida 0 # 10-20',
      departmentCode: '54',
      municipalityCode: '54001',
      postalCode: '540001',
      phone: '+57 607 555 1234',
      email: 'facturas@mascotasdelnorte.co',
    };
    const bad = (await shop.gql(SAVE, { input }, auth)).data!.staffSaveLegalSettings;
    expectTypename(bad, 'ValidationErrors');
    expect(bad.errors).toEqual([
      { field: 'nit', message: 'El dígito de verificación no corresponde a ese NIT (para 900559088 es 2).' },
    ]);
    const good = await shop.gql(SAVE, { input: { ...input, nit: '900559088' } }, auth);
    expect(good.data!.staffSaveLegalSettings).toMatchObject({ nit: '900.559.088-2', saved: true });
    // Three fields compared whole (the footer reads more of the shop's settings).
    const footer = await shop.gql(
      graphql(`
        query EinvoicingFooterLegal {
          shopSettings {
            legal {
              legalName
              nit
              address
            }
          }
        }
      `),
    );
    expect(footer.data!.shopSettings.legal).toEqual({
      legalName: 'Mascotas del Norte S.A.S.',
      nit: '900.559.088-2',
      address: 'Avenida 0 # 10-20, Cúcuta, Norte de Santander',
    });
    const order = await paidOrder(
      shop,
      orderInput(collar, 1, { customer: { ...orderInput(collar).customer, email: 'legal@correo.com' } }),
    );
    const [doc] = await waitForDocuments(shop, order.id, issued('INVOICE'));
    expect(doc!.status).toBe('EMITIDO');
    const inner = doc!.xml!;
    expect(inner).toContain('schemeID="2" schemeName="31">900559088</cbc:CompanyID>');
    expect(inner).toContain('O-13;O-15');
  });

  it('switched off, a sale gets no invoice and its email says nothing about invoices', async () => {
    const SWITCH = StaffSetInvoicingEnabledDocument;
    const off = (await shop.gql(SWITCH, { enabled: false }, auth)).data!.staffSetInvoicingEnabled;
    expectTypename(off, 'InvoicingSettings');
    expect(off.enabled).toBe(false);
    try {
      const settings = await shop.gql(
        graphql(`
          query EinvoicingShopSwitch {
            shopSettings {
              electronicInvoicing
            }
          }
        `),
      );
      expect(settings.data!.shopSettings.electronicInvoicing).toBe(false);
      const order = await paidOrder(
        shop,
        orderInput(collar, 1, { customer: { ...orderInput(collar).customer, email: 'sinfactura@correo.com' } }),
      );
      const [mail] = await shop.ds.query(`SELECT text FROM outbound_email WHERE dedupe_key = $1`, [
        `order:${order.id}:paid:shopper`,
      ]);
      expect(mail.text).not.toMatch(/factura/i);
      expect(await documentsOf(shop, order.id)).toEqual([]);
    } finally {
      await shop.gql(SWITCH, { enabled: true }, auth);
    }
  });
});
