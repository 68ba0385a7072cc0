import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { startTestShop, type TestShop } from '../setup/test-shop.js';
import { legacyStaffHeaders } from '../setup/staff-tokens.js';
import {
  knownEvent,
  orderInput,
  orderRow,
  placedOrder,
  postEvent,
  variantWithStock,
  type Placed,
} from './checkout-fixtures.js';
import { expectTypename } from '../setup/graphql-post.js';
import { graphql } from '../gql/index.js';

let shop: TestShop;
let auth: Record<string, string>;
let order: Placed & { id: number };

const LOOKUP = graphql(`
  query LookupOrder($reference: String!, $email: String!) {
    orderLookup(reference: $reference, email: $email) {
      __typename
      ... on OrderLookup {
        reference
        status
        createdAt
        carrier
        trackingNumber
        trackingUrl
        timeline {
          from
          status
          at
        }
        delivery {
          label
          earliest
          latest
        }
        returns {
          kind
          status
        }
      }
      ... on NotFound {
        message
      }
      ... on ValidationErrors {
        message
        errors {
          field
          message
        }
      }
    }
  }
`);
const TRANSITION = graphql(`
  mutation LookupTestTransition($input: TransitionOrderInput!) {
    staffTransitionOrder(input: $input) {
      __typename
    }
  }
`);
const LEGAL = graphql(`
  query LegalSettings {
    shopSettings {
      legal {
        legalName
        nit
        address
        phone
        email
        sicUrl
      }
    }
  }
`);

/** Each call from its own client address unless one is given (the lookup is limited per address). */
let ipCounter = 0;
const lookup = async (reference: string, email: string, ip = `10.20.0.${++ipCounter}`) =>
  shop.gql(LOOKUP, { reference, email }, { 'x-forwarded-for': ip });

beforeAll(async () => {
  shop = await startTestShop({ LEGAL_NAME: 'Mascotas Pruebas S.A.S.', LEGAL_NIT: '900.111.222-1' });
  auth = await legacyStaffHeaders(inject('authEmulatorHost'), 'staff-consulta@enzo.test');
  const v = await variantWithStock(shop, 20, 0);
  const placed = await placedOrder(
    shop,
    orderInput(v, 1, {
      customer: {
        fullName: 'Luisa Fernanda Ríos',
        email: 'Luisa.Rios@Correo.com',
        phone: '315 482 7760',
        documentType: 'CC',
        documentNumber: '1020304050',
      },
    }),
  );
  const row = await orderRow(shop, placed.reference);
  expect(
    await postEvent(
      shop,
      await knownEvent(shop, {
        id: `tx-consulta-${row.id}`,
        reference: placed.reference,
        amountInCents: row.total * 100,
        status: 'APPROVED',
      }),
    ),
  ).toBe(200);
  for (const [to, extra] of [
    ['EN_PREPARACION', {}],
    ['ENVIADO', { carrier: 'Servientrega', trackingNumber: 'SV 123' }],
  ] as const) {
    const res = await shop.gql(TRANSITION, { input: { orderId: String(row.id), to, ...extra } }, auth);
    expect(res.data!.staffTransitionOrder.__typename).toBe('StaffOrder');
  }
  order = { ...placed, id: row.id };
});
afterAll(() => shop?.close());

describe('«Consulta tu pedido» (reference + email)', () => {
  it('shows status, timeline, tracking link and delivery dates for the right pair, whatever the case and spaces', async () => {
    const res = await lookup(` ${order.reference.toLowerCase()} `, ' luisa.rios@correo.COM ');
    expect(res.errors).toBeUndefined();
    const found = res.data!.orderLookup;
    expect(found).toMatchObject({
      __typename: 'OrderLookup',
      reference: order.reference,
      status: 'ENVIADO',
      carrier: 'Servientrega',
      trackingNumber: 'SV 123',
    });
    expectTypename(found, 'OrderLookup');
    expect(found.trackingUrl).toBe('https://www.servientrega.com/wps/portal/rastreo-envio/detalle?id=SV%20123');
    expect(found.timeline.map((s) => s.status)).toEqual(['PENDIENTE_PAGO', 'PAGADO', 'EN_PREPARACION', 'ENVIADO']);
    // Nothing personal in the answer.
    const body = JSON.stringify(res.data);
    // The phone in every form it could be written (a bare '315' would also match a timestamp's milliseconds).
    for (const personal of ['Luisa', 'Ríos', 'correo.com', 'Av. 0', '1020304050', '482 7760', '4827760', '3154827760'])
      expect(body).not.toContain(personal);
  });

  it('finds the order by the same inbox written another way (a +tag), never by another address', async () => {
    expect((await lookup(order.reference, 'luisa.rios+pedidos@correo.com')).data!.orderLookup).toMatchObject({
      __typename: 'OrderLookup',
      reference: order.reference,
    });
    // Dots count outside Gmail: another mailbox.
    expect((await lookup(order.reference, 'luisarios@correo.com')).data!.orderLookup.__typename).toBe('NotFound');
  });

  it('answers a wrong email and a wrong reference with the same message, without telling which half was wrong', async () => {
    const wrongEmail = (await lookup(order.reference, 'otra.persona@correo.com')).data!.orderLookup;
    const otherRef = order.reference.endsWith('A')
      ? `${order.reference.slice(0, -1)}B`
      : `${order.reference.slice(0, -1)}A`;
    const wrongReference = (await lookup(otherRef, 'luisa.rios@correo.com')).data!.orderLookup;
    const malformed = (await lookup('ENZ-1', 'luisa.rios@correo.com')).data!.orderLookup;
    expectTypename(wrongEmail, 'NotFound');
    expect(wrongEmail.message).toMatch(/^No encontramos un pedido con ese número y ese correo/);
    expect(wrongReference).toEqual(wrongEmail);
    expect(malformed).toEqual(wrongEmail);
  });

  it('asks for both halves in Spanish when one is blank or not an email', async () => {
    expect((await lookup('  ', 'luisa.rios@correo.com')).data!.orderLookup).toMatchObject({
      __typename: 'ValidationErrors',
      errors: [{ field: 'reference' }],
    });
    expect((await lookup(order.reference, 'luisa')).data!.orderLookup).toMatchObject({
      __typename: 'ValidationErrors',
      message: 'Escribe el correo con el que hiciste el pedido.',
    });
  });

  it('is rate-limited per client address: after 10 tries in 10 minutes the 11th is refused (429), other addresses go on', async () => {
    const ip = '10.99.1.1';
    for (let i = 0; i < 10; i++)
      expect((await lookup(order.reference, `intento${i}@correo.com`, ip)).data!.orderLookup.__typename).toBe(
        'NotFound',
      );
    const limited = await lookup(order.reference, 'luisa.rios@correo.com', ip);
    expect(limited.status).toBe(429);
    expect(limited.errors![0]).toMatchObject({
      message: 'Hiciste demasiadas consultas seguidas. Espera unos minutos e inténtalo de nuevo.',
      extensions: { code: 'RATE_LIMITED' },
    });
    expect((await lookup(order.reference, 'luisa.rios@correo.com', '10.99.1.2')).data!.orderLookup.__typename).toBe(
      'OrderLookup',
    );
  });
});

describe('legal information from config', () => {
  it('is public in shopSettings', async () => {
    const res = await shop.gql(LEGAL);
    expect(res.data!.shopSettings.legal).toMatchObject({
      legalName: 'Mascotas Pruebas S.A.S.',
      nit: '900.111.222-1',
      sicUrl: 'https://www.sic.gov.co',
    });
    expect(res.data!.shopSettings.legal.address.length).toBeGreaterThan(5);
  });

  it('closes every email sent (razón social, NIT, address, phone, email and the SIC link)', async () => {
    const outbox = path.join(shop.services.env.dataDir, 'outbox');
    const sent = () => (fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.includes(order.reference)) : []);
    // Paid, in preparation and shipped: the worker sends each; every one carries the footer.
    await expect.poll(() => sent().length, { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
    for (const file of sent()) {
      // Quoted-printable: soft line breaks out, =XX bytes back to UTF-8.
      const qp = fs.readFileSync(path.join(outbox, file), 'latin1').replace(/=\r?\n/g, '');
      const eml = Buffer.from(
        qp.replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8');
      expect(eml).toContain('Mascotas Pruebas S.A.S. · NIT 900.111.222-1');
      expect(eml).toContain('https://www.sic.gov.co');
    }
  });
});
