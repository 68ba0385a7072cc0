import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { startTestShop, type TestShop } from '../setup/test-shop.js';
import { legacyStaffHeaders } from '../setup/staff-tokens.js';
import { insertOrder } from '../setup/staff-order-fixtures.js';
import { graphql } from '../gql/index.js';
import { expectTypename, postGraphqlWith, type GqlVariables, type TypedDocument } from '../setup/graphql-post.js';

let shop: TestShop;
let auth: Record<string, string>;
let product: { productId: number; sizeId: number; unitPrice: number };

beforeAll(async () => {
  shop = await startTestShop();
  auth = await legacyStaffHeaders(inject('authEmulatorHost'), 'staff-floor@enzo.test');
  const [row] = await shop.ds.query(
    `SELECT p.id, s.id AS size_id, p.price FROM product p JOIN product_size s ON s.product_id = p.id WHERE p.active ORDER BY p.id DESC, s.position LIMIT 1`,
  );
  await shop.ds.query(`UPDATE product_size SET stock = 500 WHERE id = $1`, [row.size_id]);
  product = { productId: row.id, sizeId: row.size_id, unitPrice: row.price };
});
afterAll(() => shop?.close());

/** A staff operation, signed in, that must answer without errors. */
async function gql<R, V>(query: TypedDocument<R, V>, ...variables: GqlVariables<V>) {
  const res = await postGraphqlWith(shop.url, auth, query, ...variables);
  expect(res.errors).toBeUndefined();
  return res.data!;
}

describe('low stock', () => {
  const REPORT = graphql(`
    query StaffFloorLowStock {
      staffLowStock {
        threshold
        items {
          sizeId
          sizeLabel
          stock
          reserved
          product {
            id
            name
            active
          }
        }
      }
      staffDashboard {
        lowStockCount
        lowStockThreshold
      }
    }
  `);

  it('lists sizes of published products at or below the threshold, fewest first; the dashboard counts them; staff change the threshold', async () => {
    const [size] = await shop.ds.query(
      `SELECT s.id, s.product_id FROM product_size s JOIN product p ON p.id = s.product_id WHERE p.active AND s.stock > 10 ORDER BY s.id LIMIT 1`,
    );
    await shop.ds.query(`UPDATE product_size SET stock = 1 WHERE id = $1`, [size.id]);
    const before = await gql(REPORT);
    expect(before.staffLowStock.threshold).toBe(3);
    expect(before.staffLowStock.items.map((i) => i.sizeId)).toContain(String(size.id));
    expect(before.staffLowStock.items.every((i) => i.stock <= 3 && i.product.active)).toBe(true);
    const stocks = before.staffLowStock.items.map((i) => i.stock);
    expect(stocks).toEqual([...stocks].sort((a, b) => a - b));
    expect(before.staffDashboard).toEqual({ lowStockCount: before.staffLowStock.items.length, lowStockThreshold: 3 });

    const SET = graphql(`
      mutation StaffFloorSetThreshold($t: Int!) {
        staffSetLowStockThreshold(threshold: $t) {
          __typename
          ... on LowStockReport {
            threshold
            items {
              sizeId
            }
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
    const zero = (await gql(SET, { t: 0 })).staffSetLowStockThreshold;
    expectTypename(zero, 'LowStockReport');
    expect(zero.threshold).toBe(0);
    expect(zero.items.length).toBeLessThan(before.staffLowStock.items.length);
    const bad = await gql(SET, { t: -1 });
    expect(bad.staffSetLowStockThreshold).toMatchObject({
      __typename: 'ValidationErrors',
      errors: [{ field: 'threshold', message: 'El umbral debe ser un número entero entre 0 y 1.000.' }],
    });
    await gql(SET, { t: 3 });

    // An archived product is not on the list.
    await shop.ds.query(`UPDATE product SET active = false, archived_at = now() WHERE id = $1`, [size.product_id]);
    expect((await gql(REPORT)).staffLowStock.items.map((i) => i.sizeId)).not.toContain(String(size.id));
  });
});

describe('bulk state change and packing list', () => {
  const BULK = graphql(`
    mutation StaffFloorBulkTransition($input: BulkTransitionInput!) {
      staffBulkTransitionOrders(input: $input) {
        __typename
        ... on BulkTransitionReport {
          moved
          refused
          items {
            orderId
            result {
              __typename
              ... on StaffOrder {
                id
                status
                timeline {
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
              ... on NotFound {
                message
              }
              ... on ValidationErrors {
                message
              }
            }
          }
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

  it('moves 20 paid orders to EN_PREPARACION one by one through the lifecycle; each answers its own result', async () => {
    const paid = await Promise.all(
      Array.from({ length: 20 }, () => insertOrder(shop.ds, { ...product, status: 'PAGADO' })),
    );
    const shipped = await insertOrder(shop.ds, { ...product, status: 'ENVIADO' });
    const ids = [...paid.map((o) => String(o.id)), String(shipped.id), '999999'];
    const res = await gql(BULK, { input: { orderIds: ids, to: 'EN_PREPARACION', note: 'Lote de la mañana' } });
    const report = res.staffBulkTransitionOrders;
    expectTypename(report, 'BulkTransitionReport');
    expect(report).toMatchObject({ moved: 20, refused: 2 });
    expect(report.items.map((i) => i.orderId)).toEqual(ids);
    for (const item of report.items.slice(0, 20)) {
      const order = item.result;
      expectTypename(order, 'StaffOrder');
      expect(order.status).toBe('EN_PREPARACION');
      expect(order.timeline.at(-1)).toEqual({
        to: 'EN_PREPARACION',
        actor: 'staff-floor@enzo.test',
        note: 'Lote de la mañana',
      });
    }
    expect(report.items[20]!.result).toMatchObject({
      __typename: 'TransitionNotAllowed',
      message: 'No se puede pasar de «Enviado» a «En preparación».',
    });
    expect(report.items[21]!.result).toEqual({ __typename: 'NotFound', message: 'La orden no existe.' });
    const rows: Array<{ status: string }> = await shop.ds.query(
      `SELECT status FROM shop_order WHERE id = ANY($1::int[])`,
      [paid.map((o) => o.id)],
    );
    expect(rows.every((r) => r.status === 'EN_PREPARACION')).toBe(true);
    const [{ n }] = await shop.ds.query(
      `SELECT count(*)::int AS n FROM order_transition WHERE order_id = ANY($1::int[]) AND to_status = 'EN_PREPARACION'`,
      [paid.map((o) => o.id)],
    );
    expect(n).toBe(20);

    // Shipping needs each order's own guide number: refused per order, nothing moves.
    const ship = (await gql(BULK, { input: { orderIds: ids.slice(0, 2), to: 'ENVIADO' } })).staffBulkTransitionOrders;
    expectTypename(ship, 'BulkTransitionReport');
    expect(ship).toMatchObject({ moved: 0, refused: 2 });
    expect(ship.items[0]!.result).toMatchObject({
      __typename: 'ValidationErrors',
      message: 'Indica la transportadora.',
    });
  });

  it('refuses an empty or too large batch', async () => {
    const empty = await gql(BULK, { input: { orderIds: [], to: 'EN_PREPARACION' } });
    expect(empty.staffBulkTransitionOrders).toMatchObject({
      __typename: 'ValidationErrors',
      message: 'Elige al menos una orden.',
    });
    const many = await gql(BULK, {
      input: { orderIds: Array.from({ length: 101 }, (_, i) => String(i + 1)), to: 'EN_PREPARACION' },
    });
    expect(many.staffBulkTransitionOrders).toMatchObject({
      __typename: 'ValidationErrors',
      message: 'Puedes cambiar hasta 100 órdenes a la vez.',
    });
  });

  it('reads the chosen orders for a combined packing list, in the order asked', async () => {
    const a = await insertOrder(shop.ds, { ...product, status: 'PAGADO', fullName: 'Ana Packing Uno' });
    const b = await insertOrder(shop.ds, { ...product, status: 'PAGADO', fullName: 'Beto Packing Dos', quantity: 3 });
    const BY_IDS = graphql(`
      query StaffFloorOrdersByIds($ids: [ID!]!) {
        staffOrdersByIds(ids: $ids) {
          id
          customer {
            fullName
          }
          lines {
            quantity
          }
        }
      }
    `);
    const res = await gql(BY_IDS, { ids: [String(b.id), 'x', String(a.id)] });
    expect(res.staffOrdersByIds.map((o) => [o.customer.fullName, o.lines[0]!.quantity])).toEqual([
      ['Beto Packing Dos', 3],
      ['Ana Packing Uno', 1],
    ]);
    expect((await shop.gql(BY_IDS, { ids: ['1'] })).errors![0]!.extensions!.code).toBe('UNAUTHENTICATED');
  });
});

describe('line-item CSV', () => {
  it('has one row per line item (product, size, quantity) for the filtered orders, with the same guards as the order CSV', async () => {
    const order = await insertOrder(shop.ds, {
      ...product,
      status: 'EN_PREPARACION',
      fullName: 'Camila Líneas Ortiz',
      createdAt: new Date('2025-06-10T15:00:00Z'),
    });
    await shop.ds.query(
      `INSERT INTO order_line (order_id, product_id, size_id, name, size_label, unit_price, quantity, line_total, category_slug, position)
       VALUES ($1, $2, $3, 'Correa "Doble"; azul', 'Única', 59000, 2, 118000, 'correas', 1)`,
      [order.id, product.productId, product.sizeId],
    );
    const list = await gql(
      graphql(`
        query StaffFloorLinesCsv {
          staffOrders(filter: { search: "Camila Líneas" }) {
            linesCsvUrl
          }
        }
      `),
    );
    expect(list.staffOrders.linesCsvUrl).toBe('/api/staff/order-lines.csv?search=Camila+L%C3%ADneas');
    const res = await fetch(`${shop.url}${list.staffOrders.linesCsvUrl}`, { headers: auth });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="productos-por-orden-enzo-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = (await res.text()).replace(/^\uFEFF/, '');
    const rows = text.trim().split('\r\n');
    expect(rows[0]).toBe(
      'Referencia;Fecha;Estado;Cliente;Celular;Departamento;Municipio;Dirección;Barrio;Producto;Código de producto;Talla;Cantidad;Precio unitario;Total línea',
    );
    expect(rows).toHaveLength(3);
    expect(rows[1]).toContain(`${order.reference};2025-06-10 10:00;En preparación;Camila Líneas Ortiz;`);
    expect(rows[1]).toContain(`;Collar de prueba;${product.productId};M;1;${product.unitPrice};${product.unitPrice}`);
    expect(rows[2]).toContain(`;"Correa ""Doble""; azul";${product.productId};Única;2;59000;118000`);

    expect((await fetch(`${shop.url}/api/staff/order-lines.csv`)).status).toBe(401);
    expect((await fetch(`${shop.url}/api/staff/order-lines.csv?status=NADA`, { headers: auth })).status).toBe(400);
  });
});
