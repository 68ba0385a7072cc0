import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { bearer, createUser, signIn } from '../setup/staff-tokens.js';
import { startTestShop, type TestShop } from '../setup/test-shop.js';
import { orderInput, variantWithStock, type Variant } from './checkout-fixtures.js';
import { paidOrder, waitForDocuments } from './einvoice-fixtures.js';
import { startFakeAlegraApi } from './fake-alegra-api.js';
import { graphql } from '../gql/index.js';

/**
 * The real provider adapter (Alegra's e-invoicing API for Colombia) against a local server that speaks its
 * documented requests and answers: the document Alegra receives, a provider that is down and comes back (the job
 * retries with backoff and never sends a number twice), a DIAN that answers late, and a refusal with its reasons.
 */
let shop: TestShop;
let alegra: Awaited<ReturnType<typeof startFakeAlegraApi>>;
let collar: Variant;

beforeAll(async () => {
  alegra = await startFakeAlegraApi();
  shop = await startTestShop({
    EINVOICE_PROVIDER: 'alegra',
    ALEGRA_EINVOICE_TOKEN: alegra.token,
    ALEGRA_EINVOICE_COMPANY_ID: '01FCYA9GSSNT2674KGJV2V0NS9',
    ALEGRA_EINVOICE_API_URL: alegra.url,
  });
  collar = await variantWithStock(shop, 200, 0);
}, 180_000);
afterAll(async () => {
  await shop?.close();
  await alegra?.close();
});

const customer = (email: string) => ({ ...orderInput(collar).customer, email });

describe('Alegra as the technology provider', () => {
  it('sends the document as Alegra documents it and stores the CUFE and XML it answers', async () => {
    const order = await paidOrder(
      shop,
      orderInput(collar, 2, { discountCode: 'BIENVENIDO10', customer: customer('a1@correo.com') }),
    );
    const [doc] = await waitForDocuments(shop, order.id, (d) => d[0]?.status === 'EMITIDO');
    const sent = alegra.state.posts.find((p) => (p.body.customer as { email: string }).email === 'a1@correo.com')!;
    expect(sent.path).toBe('invoices');
    expect(sent.body).toMatchObject({
      documentType: '01',
      number: Number(doc!.number),
      resolution: {
        resolutionNumber: '18760000001',
        prefix: 'SETP',
        technicalKey: 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c',
      },
      company: { id: '01FCYA9GSSNT2674KGJV2V0NS9', identificationNumber: '901234567', dv: '7', regimeCode: 'R-99-PN' },
      customer: { identificationType: '13', identificationNumber: '1020304050' },
      totalAmounts: { payableTotal: order.total, currencyCode: 'COP' },
    });
    const items = sent.body.items as Array<{ taxes: Array<{ taxPercentage: string }>; discountAmount: number }>;
    expect(items[0]!.taxes[0]!.taxPercentage).toBe('19.00');
    expect(items[0]!.discountAmount).toBeGreaterThan(0);
    const stored = [...alegra.documents.values()].find((d) => d.body === sent.body)!;
    expect(doc!.unique_code).toBe(stored.code);
    expect(doc!.xml).toContain(`<!-- ${stored.id} ${stored.code} -->`);
  });

  it('retries while the provider is down and issues once it is back, sending the number once', async () => {
    alegra.state.down = true;
    const order = await paidOrder(shop, orderInput(collar, 1, { customer: customer('caido@correo.com') }));
    // A first attempt fails against the provider that is down…
    await vi.waitUntil(
      async () =>
        (await shop.ds.query(`SELECT attempts FROM einvoice_document WHERE order_id = $1`, [order.id]))[0]?.attempts >=
        1,
      { timeout: 30_000, interval: 200 },
    );
    const [failed] = await shop.ds.query(`SELECT status, last_error FROM einvoice_document WHERE order_id = $1`, [
      order.id,
    ]);
    expect(failed).toMatchObject({ status: 'PENDIENTE', last_error: expect.stringMatching(/Alegra respondió 503/) });
    alegra.state.down = false;
    const [doc] = await waitForDocuments(shop, order.id, (d) => d[0]?.status === 'EMITIDO', 90_000);
    expect(doc!.unique_code).toMatch(/^[0-9a-f]{96}$/);
    expect(
      alegra.state.posts.filter((p) => (p.body.customer as { email: string }).email === 'caido@correo.com'),
    ).toHaveLength(1);
  });

  it('asks again while the DIAN has not answered, without sending the document twice', async () => {
    alegra.state.pendingPolls = 1;
    const order = await paidOrder(shop, orderInput(collar, 1, { customer: customer('espera@correo.com') }));
    const [doc] = await waitForDocuments(shop, order.id, (d) => d[0]?.status === 'EMITIDO', 90_000);
    alegra.state.pendingPolls = 0;
    expect(doc!.status).toBe('EMITIDO');
    expect(
      alegra.state.posts.filter((p) => (p.body.customer as { email: string }).email === 'espera@correo.com'),
    ).toHaveLength(1);
  });

  it('records the DIAN refusal with its reasons for staff, and a retry sends the number again', async () => {
    alegra.state.verdict = 'REJECTED';
    const order = await paidOrder(shop, orderInput(collar, 1, { customer: customer('rechazo@correo.com') }));
    const [doc] = await waitForDocuments(shop, order.id, (d) => d[0]?.status === 'RECHAZADO');
    alegra.state.verdict = 'ACCEPTED';
    expect(doc!.reasons).toEqual([
      { code: '99', message: 'Regla: FAK24, Rechazo: DV del NIT del adquiriente no es correcto' },
    ]);
    await createUser('staff-alegra@enzo.test', 'clave-segura-1', true);
    const auth = bearer(await signIn(inject('authEmulatorHost'), 'staff-alegra@enzo.test', 'clave-segura-1'));
    const retried = await shop.gql(
      graphql(`
        mutation RetryElectronicDocument($id: ID!) {
          staffRetryElectronicDocument(id: $id) {
            __typename
            ... on ElectronicDocument {
              status
            }
          }
        }
      `),
      { id: String(doc!.id) },
      auth,
    );
    expect(retried.data!.staffRetryElectronicDocument).toEqual({
      __typename: 'ElectronicDocument',
      status: 'PENDIENTE',
    });
    const [issued] = await waitForDocuments(shop, order.id, (d) => d[0]?.status === 'EMITIDO');
    expect(issued!.number).toBe(doc!.number);
    const posts = alegra.state.posts.filter(
      (p) => (p.body.customer as { email: string }).email === 'rechazo@correo.com',
    );
    expect(posts).toHaveLength(2);
  });
});
