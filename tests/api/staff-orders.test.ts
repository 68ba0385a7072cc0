import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { startTestShop, type TestShop } from '../setup/test-shop.js';
import { legacyStaffHeaders } from '../setup/staff-tokens.js';
import { insertOrder } from '../setup/staff-order-fixtures.js';
import { ORDER_STATUSES, type OrderStatusValue } from '#shared/orders.js';
import { graphql } from '../gql/index.js';
import { expectTypename } from '../setup/graphql-post.js';
import type { StaffOrderFilter, StaffOrdersPageQuery } from '../gql/graphql.js';

/** What staff may do from each state, written out here so the server's table is checked against it. */
const STAFF_TRANSITIONS: Record<OrderStatusValue, OrderStatusValue[]> = {
  PENDIENTE_PAGO: ['CANCELADO'],
  POR_CONFIRMAR: ['EN_PREPARACION', 'CANCELADO'],
  PAGADO: ['EN_PREPARACION', 'CANCELADO'],
  EN_PREPARACION: ['ENVIADO', 'CANCELADO'],
  ENVIADO: ['ENTREGADO', 'DEVUELTO'],
  ENTREGADO: [],
  DEVUELTO: [],
  PAGO_RECHAZADO: ['CANCELADO'],
  EXPIRADO: ['CANCELADO'],
  CANCELADO: [],
};

let shop: TestShop;
let auth: Record<string, string>;
let product: { productId: number; sizeId: number; unitPrice: number };

const sizeStock = async (sizeId: number) =>
  (await shop.ds.query('SELECT stock, reserved FROM product_size WHERE id = $1', [sizeId]))[0] as {
    stock: number;
    reserved: number;
  };

beforeAll(async () => {
  shop = await startTestShop();
  auth = await legacyStaffHeaders(inject('authEmulatorHost'), 'staff-orders@enzo.test');
  const [row] = await shop.ds.query(
    `SELECT p.id AS "productId", s.id AS "sizeId", p.price AS "unitPrice" FROM product p JOIN product_size s ON s.product_id = p.id WHERE s.stock >= 20 ORDER BY p.id, s.position LIMIT 1`,
  );
  product = row;
  await shop.ds.query('UPDATE product_size SET stock = 10000 WHERE id = $1', [product.sizeId]);
});
afterAll(() => shop?.close());

const TRANSITION = graphql(`
  mutation StaffOrdersTransition($input: TransitionOrderInput!) {
    staffTransitionOrder(input: $input) {
      __typename
      ... on StaffOrder {
        id
        status
        carrier
        trackingNumber
        refundPending
        flags
        allowedTransitions
        timeline {
          from
          to
          actor
          note
        }
      }
      ... on TransitionNotAllowed {
        message
        from
        to
      }
      ... on ValidationErrors {
        message
        errors {
          field
          message
        }
      }
      ... on NotFound {
        message
      }
    }
  }
`);
describe('order transitions', () => {
  const moves = ORDER_STATUSES.flatMap((from) =>
    ORDER_STATUSES.filter((to) => to !== from).map((to) => ({
      from,
      to,
      allowed: STAFF_TRANSITIONS[from].includes(to),
    })),
  );

  it.each(moves)('$from → $to (allowed: $allowed)', async ({ from, to, allowed }) => {
    const order = await insertOrder(shop.ds, { ...product, status: from as OrderStatusValue });
    const input = {
      orderId: String(order.id),
      to,
      note: 'Movido en prueba',
      ...(to === 'ENVIADO' ? { carrier: 'Servientrega', trackingNumber: 'SV-123' } : {}),
    };
    const res = await shop.gql(TRANSITION, { input }, auth);
    if (!allowed) {
      expect(res.errors).toBeUndefined();
      const refused = res.data!.staffTransitionOrder;
      expect(refused).toMatchObject({ __typename: 'TransitionNotAllowed', from, to });
      expectTypename(refused, 'TransitionNotAllowed');
      expect(refused.message).toMatch(/^No se puede pasar de «.+» a «.+»\.$/);
      const [row] = await shop.ds.query('SELECT status FROM shop_order WHERE id = $1', [order.id]);
      expect(row.status).toBe(from);
      return;
    }
    expect(res.errors).toBeUndefined();
    const moved = res.data!.staffTransitionOrder;
    expectTypename(moved, 'StaffOrder');
    expect(moved.status).toBe(to);
    expect(moved.timeline.at(-1)).toEqual({ from, to, actor: 'staff-orders@enzo.test', note: 'Movido en prueba' });
    expect(moved.allowedTransitions).toEqual([...STAFF_TRANSITIONS[to]]);
  });

  it('requires carrier and tracking number for ENVIADO', async () => {
    const order = await insertOrder(shop.ds, { ...product, status: 'EN_PREPARACION' });
    const res = await shop.gql(
      TRANSITION,
      { input: { orderId: String(order.id), to: 'ENVIADO', carrier: 'Servientrega', trackingNumber: '  ' } },
      auth,
    );
    expect(res.data!.staffTransitionOrder).toMatchObject({
      __typename: 'ValidationErrors',
      message: 'Indica el número de guía.',
      errors: [{ field: 'trackingNumber', message: 'Indica el número de guía.' }],
    });
    expect((await shop.ds.query('SELECT status FROM shop_order WHERE id = $1', [order.id]))[0].status).toBe(
      'EN_PREPARACION',
    );
    const ok = await shop.gql(
      TRANSITION,
      { input: { orderId: String(order.id), to: 'ENVIADO', carrier: 'Coordinadora', trackingNumber: '7700112233' } },
      auth,
    );
    expect(ok.data!.staffTransitionOrder).toMatchObject({
      status: 'ENVIADO',
      carrier: 'Coordinadora',
      trackingNumber: '7700112233',
    });
  });

  it('cancelling an unpaid order releases its held stock', async () => {
    const before = await sizeStock(product.sizeId);
    const order = await insertOrder(shop.ds, { ...product, status: 'PENDIENTE_PAGO', quantity: 3 });
    expect(await sizeStock(product.sizeId)).toEqual({ stock: before.stock - 3, reserved: before.reserved + 3 });
    const res = await shop.gql(
      TRANSITION,
      { input: { orderId: String(order.id), to: 'CANCELADO', note: 'Cliente desistió' } },
      auth,
    );
    expect(res.data!.staffTransitionOrder).toMatchObject({ status: 'CANCELADO', refundPending: false });
    expect(await sizeStock(product.sizeId)).toEqual(before);
  });

  it('cancelling a paid order before it left marks a pending refund and puts its units back on the shelf', async () => {
    const order = await insertOrder(shop.ds, { ...product, status: 'PAGADO', quantity: 2 });
    const before = await sizeStock(product.sizeId);
    const res = await shop.gql(TRANSITION, { input: { orderId: String(order.id), to: 'CANCELADO' } }, auth);
    expect(res.data!.staffTransitionOrder).toMatchObject({
      status: 'CANCELADO',
      refundPending: true,
      flags: ['REEMBOLSO_PENDIENTE'],
    });
    expect(await sizeStock(product.sizeId)).toEqual({ stock: before.stock + 2, reserved: before.reserved });
  });
});

const LIST = graphql(`
  query StaffOrdersPage($filter: StaffOrderFilter, $first: Int, $after: String) {
    staffOrders(filter: $filter, first: $first, after: $after) {
      totalCount
      csvUrl
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        cursor
        node {
          id
          reference
          status
          createdAt
          total
          paymentMethod
          customer {
            fullName
          }
          shippingAddress {
            municipalityName
          }
        }
      }
    }
  }
`);
const DETAIL = graphql(`
  query StaffOrderDetail($id: ID!) {
    staffOrder(id: $id) {
      reference
      status
      customer {
        fullName
        documentType
        documentNumber
      }
      shippingAddress {
        municipalityName
        departmentName
        address
      }
      lines {
        name
        sizeLabel
        quantity
        unitPrice
        lineTotal
      }
      subtotal
      shipping
      total
      ivaIncluded
      payments {
        status
      }
      timeline {
        from
        to
        actor
      }
      allowedTransitions
    }
  }
`);
const MISSING_ORDER = graphql(`
  query StaffOrderMissing {
    staffOrder(id: "999999") {
      id
    }
  }
`);
const DASHBOARD = graphql(`
  query StaffDashboardFigures {
    staffDashboard {
      awaitingShipment
      ordersByStatus {
        status
        count
      }
    }
    staffSales {
      salesToday
      salesThisMonth
      salesLast30Days {
        date
        total
        orders
      }
    }
  }
`);
describe('orders list, detail and CSV', () => {
  let refs: Record<string, string>;
  beforeAll(async () => {
    await shop.ds.query('DELETE FROM shop_order');
    const day = (d: string, h = 15) => new Date(`${d}T${String(h).padStart(2, '0')}:00:00-05:00`);
    const made = await Promise.all([
      insertOrder(shop.ds, {
        ...product,
        status: 'PAGADO',
        createdAt: day('2025-03-01'),
        fullName: 'Ñusta Gómez Ávila',
        email: 'nusta@example.com',
        municipalityName: 'Medellín',
      }),
      insertOrder(shop.ds, {
        ...product,
        status: 'ENVIADO',
        createdAt: day('2025-03-02'),
        fullName: 'Carlos "Toto" Ruiz; hijo',
        phone: '3157654321',
      }),
      insertOrder(shop.ds, {
        ...product,
        status: 'PENDIENTE_PAGO',
        createdAt: day('2025-03-03', 23),
        fullName: 'Lucía Fernández',
        documentNumber: '99887766',
      }),
      // 00:30 Bogotá on 2025-03-04 is still 2025-03-04 locally although UTC says 05:30 the same day
      insertOrder(shop.ds, {
        ...product,
        status: 'PAGADO',
        createdAt: day('2025-03-04', 0),
        fullName: '=Fórmula Peligrosa',
      }),
    ]);
    refs = Object.fromEntries(made.map((o) => [o.fullName, o.reference]));
  });

  it('lists newest first and pages with cursors without gaps or repeats', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    for (let i = 0; i < 5; i++) {
      // Named: `after` comes from the previous page, which TypeScript cannot infer in a loop on its own.
      const page: StaffOrdersPageQuery['staffOrders'] = (await shop.gql(LIST, { first: 1, after }, auth)).data!
        .staffOrders;
      expect(page.totalCount).toBe(4);
      seen.push(...page.edges.map((e) => e.node.customer.fullName));
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(seen).toEqual(['=Fórmula Peligrosa', 'Lucía Fernández', 'Carlos "Toto" Ruiz; hijo', 'Ñusta Gómez Ávila']);
    const bad = await shop.gql(LIST, { after: 'bm9wZQ' }, auth);
    expect(bad.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  });

  it.each<[StaffOrderFilter, string[]]>([
    [{ statuses: ['PAGADO'] }, ['=Fórmula Peligrosa', 'Ñusta Gómez Ávila']],
    [{ from: '2025-03-02', to: '2025-03-03' }, ['Lucía Fernández', 'Carlos "Toto" Ruiz; hijo']],
    [{ from: '2025-03-04' }, ['=Fórmula Peligrosa']],
    [{ search: 'ÑUSTA' }, ['Ñusta Gómez Ávila']],
    [{ search: 'gomez avila' }, ['Ñusta Gómez Ávila']],
    [{ search: 'nusta@example' }, ['Ñusta Gómez Ávila']],
    [{ search: '315 765' }, ['Carlos "Toto" Ruiz; hijo']],
    [{ search: '99887766' }, ['Lucía Fernández']],
    [{ search: '%' }, []],
  ])('filters %j', async (filter, expected) => {
    const res = await shop.gql(LIST, { filter }, auth);
    expect(res.errors).toBeUndefined();
    expect(res.data!.staffOrders.edges.map((e) => e.node.customer.fullName)).toEqual(expected);
    expect(res.data!.staffOrders.totalCount).toBe(expected.length);
  });

  it('finds an order by reference and shows its detail', async () => {
    const ref = refs['Ñusta Gómez Ávila'];
    const list = await shop.gql(LIST, { filter: { search: ref.toLowerCase() } }, auth);
    // The reference's digits may also match another order's phone or document: pick the order by its reference.
    const id = list.data!.staffOrders.edges.find((e) => e.node.reference === ref)!.node.id;
    const res = await shop.gql(DETAIL, { id }, auth);
    expect(res.errors).toBeUndefined();
    expect(res.data!.staffOrder).toMatchObject({
      reference: ref,
      status: 'PAGADO',
      customer: { fullName: 'Ñusta Gómez Ávila', documentType: 'CC' },
      shippingAddress: { municipalityName: 'Medellín' },
      lines: [{ quantity: 1, unitPrice: product.unitPrice }],
      timeline: [
        { from: null, to: 'PENDIENTE_PAGO' },
        { from: 'PENDIENTE_PAGO', to: 'PAGADO', actor: 'pasarela' },
      ],
      allowedTransitions: ['EN_PREPARACION', 'CANCELADO'],
    });
    const missing = await shop.gql(MISSING_ORDER, {}, auth);
    expect(missing.data!.staffOrder).toBeNull();
  });

  it('exports the filtered orders as CSV in UTF-8 with BOM, quoted and formula-safe', async () => {
    const list = await shop.gql(
      LIST,
      { filter: { statuses: ['PAGADO', 'ENVIADO'], from: '2025-03-01', to: '2025-03-31' } },
      auth,
    );
    const url = list.data!.staffOrders.csvUrl;
    expect(url).toBe('/api/staff/orders.csv?status=PAGADO%2CENVIADO&from=2025-03-01&to=2025-03-31');
    const res = await fetch(`${shop.url}${url}`, { headers: auth });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="ordenes-enzo-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1);
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0].split(';').slice(0, 6)).toEqual(['Referencia', 'Fecha', 'Estado', 'Cliente', 'Correo', 'Celular']);
    expect(lines[0]).toContain('Número de guía');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(`${refs['=Fórmula Peligrosa']};2025-03-04 00:00;Pagado;'=Fórmula Peligrosa;`);
    expect(lines[2]).toContain(';Enviado;"Carlos ""Toto"" Ruiz; hijo";');
    expect(lines[3]).toContain(`${refs['Ñusta Gómez Ávila']};2025-03-01 15:00;Pagado;Ñusta Gómez Ávila;`);
    expect(lines[3]).toContain(';Medellín;');
    const bad = await fetch(`${shop.url}/api/staff/orders.csv?status=NADA`, { headers: auth });
    expect(bad.status).toBe(400);
  });

  it('dashboard figures count sales per Bogotá day', async () => {
    await shop.ds.query('DELETE FROM shop_order');
    await insertOrder(shop.ds, { ...product, status: 'PAGADO', quantity: 2 });
    await insertOrder(shop.ds, { ...product, status: 'ENVIADO' });
    await insertOrder(shop.ds, { ...product, status: 'PENDIENTE_PAGO' });
    await insertOrder(shop.ds, { ...product, status: 'CANCELADO' });
    const res = await shop.gql(DASHBOARD, {}, auth);
    expect(res.errors).toBeUndefined();
    const d = { ...res.data!.staffDashboard, ...res.data!.staffSales };
    const [totals] = await shop.ds.query(
      `SELECT SUM(total)::int AS t FROM shop_order WHERE status IN ('PAGADO','ENVIADO')`,
    );
    expect(d.salesToday).toBe(totals.t);
    expect(d.salesThisMonth).toBe(totals.t);
    expect(d.awaitingShipment).toBe(1);
    expect(d.ordersByStatus).toHaveLength(ORDER_STATUSES.length);
    expect(d.ordersByStatus.find((s) => s.status === 'PENDIENTE_PAGO')!.count).toBe(1);
    expect(d.salesLast30Days).toHaveLength(30);
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/Bogota' }).format(new Date());
    expect(d.salesLast30Days.at(-1)).toEqual({ date: today, total: totals.t, orders: 2 });
  });
});
