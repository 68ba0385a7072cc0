import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { startTestShop, type TestShop } from '../setup/test-shop.js';
import { legacyStaffHeaders } from '../setup/staff-tokens.js';
import { expectTypename } from '../setup/graphql-post.js';
import { graphql } from '../gql/index.js';
import type { DiscountCodeInput, UpdateProductInput } from '../../client/src/gql/types.js';
import {
  StaffAddProductImageDocument,
  StaffProductsListDocument,
  StaffRemoveProductImageDocument,
  StaffUpdateProductDocument,
} from '../../client/src/features/staff-catalog/staff-catalog.generated.js';
import {
  StaffCreateDiscountCodeDocument,
  StaffDiscountCodesListDocument,
  StaffUpdateDiscountCodeDocument,
} from '../../client/src/features/staff-discounts/staff-discounts.generated.js';

let shop: TestShop;
let auth: Record<string, string>;

beforeAll(async () => {
  shop = await startTestShop();
  auth = await legacyStaffHeaders(inject('authEmulatorHost'), 'staff-catalog@enzo.test');
});
afterAll(() => shop?.close());

// The catalogue and discount screens' own documents (their fields are the client's fragments): what they send is what
// is tested.
const LIST = StaffProductsListDocument;
const UPDATE = StaffUpdateProductDocument;
const ADD_IMAGE = StaffAddProductImageDocument;

async function firstCollar() {
  const res = await shop.gql(LIST, { category: 'collares' }, auth);
  expect(res.errors).toBeUndefined();
  return res.data!.staffProducts[0]!;
}

/** What the storefront shows of a product (null once it is hidden). */
const STOREFRONT = graphql(`
  query StaffCatalogStorefront($id: ID!) {
    product(id: $id) {
      price
      sizes {
        stock
      }
    }
  }
`);

describe('staff products', () => {
  it('lists products with stock and reserved units per size, filtered by search and category', async () => {
    const all = await shop.gql(LIST, {}, auth);
    expect(all.data!.staffProducts.length).toBeGreaterThanOrEqual(54);
    const collar = await firstCollar();
    expect(collar.sizes.map((s) => s.label)).toEqual(['XS', 'S', 'M', 'L', 'XL']);
    const search = await shop.gql(LIST, { search: collar.name.slice(0, 8).toUpperCase() }, auth);
    expect(search.data!.staffProducts.map((p) => p.name)).toContain(collar.name);
  });

  it('edits price, stock per size and active without touching reserved units', async () => {
    const collar = await firstCollar();
    const size = collar.sizes[0]!;
    await shop.ds.query('UPDATE product_size SET reserved = 2 WHERE id = $1', [size.id]);
    const res = await shop.gql(
      UPDATE,
      { input: { productId: collar.id, price: 52_900, active: false, sizes: [{ sizeId: size.id, stock: 7 }] } },
      auth,
    );
    expect(res.errors).toBeUndefined();
    const updated = res.data!.staffUpdateProduct;
    expectTypename(updated, 'StaffProduct');
    expect(updated).toMatchObject({ price: 52_900, active: false });
    expect(updated.sizes[0]).toMatchObject({ id: size.id, stock: 7, reserved: 2 });
    // The storefront sees the change and hides the inactive product.
    const pub = await shop.gql(STOREFRONT, { id: collar.id });
    expect(pub.data!.product).toBeNull();
    await shop.gql(UPDATE, { input: { productId: collar.id, active: true } }, auth);
    const again = await shop.gql(STOREFRONT, { id: collar.id });
    expect(again.data!.product!.price).toBe(52_900);
    expect(again.data!.product!.sizes[0]!.stock).toBe(7);
  });

  it('refuses a quick stock edit when orders moved the stock since staff looked', async () => {
    const collar = await firstCollar();
    const size = collar.sizes[3]!;
    await shop.ds.query('UPDATE product_size SET stock = stock - 1, reserved = reserved + 1 WHERE id = $1', [size.id]);
    const res = await shop.gql(
      UPDATE,
      { input: { productId: collar.id, sizes: [{ sizeId: size.id, stock: 20, expectedStock: size.stock }] } },
      auth,
    );
    expect(res.data!.staffUpdateProduct).toMatchObject({
      __typename: 'ValidationErrors',
      message: `El inventario de la talla ${size.label} cambió mientras editabas (ahora hay ${size.stock - 1}): revisa y guarda de nuevo.`,
    });
    const ok = await shop.gql(
      UPDATE,
      { input: { productId: collar.id, sizes: [{ sizeId: size.id, stock: 20, expectedStock: size.stock - 1 }] } },
      auth,
    );
    const moved = ok.data!.staffUpdateProduct;
    expectTypename(moved, 'StaffProduct');
    expect(moved.sizes[3]).toMatchObject({ stock: 20, reserved: size.reserved + 1 });
  });

  it.each<[Partial<UpdateProductInput>, string]>([
    [{ price: 0 }, 'El precio debe ser un número entero de pesos mayor que 0.'],
    [{ price: -5 }, 'El precio debe ser un número entero de pesos mayor que 0.'],
    [{ sizes: [{ sizeId: 'OWN', stock: -1 }] }, 'El inventario debe ser un número entero mayor o igual a 0.'],
    [{ sizes: [{ sizeId: '999999', stock: 3 }] }, 'Una de las tallas no pertenece a este producto.'],
  ])('refuses %j', async (change, message) => {
    const collar = await firstCollar();
    const sizes = change.sizes?.map((s) => ({
      ...s,
      sizeId: s.sizeId === 'OWN' ? collar.sizes[1]!.id : s.sizeId,
    }));
    const res = await shop.gql(
      UPDATE,
      { input: { productId: collar.id, ...change, ...(sizes ? { sizes } : {}) } },
      auth,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.staffUpdateProduct).toMatchObject({
      __typename: 'ValidationErrors',
      message,
      errors: [{ field: expect.any(String), message }],
    });
    expect((await firstCollar()).price).toBe(collar.price);
  });

  it('uploads an image to the media store and removes it', async () => {
    const collar = await firstCollar();
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480"><rect width="640" height="480" fill="#f4b942"/></svg>';
    const res = await shop.gql(
      ADD_IMAGE,
      {
        input: {
          productId: collar.id,
          contentType: 'image/svg+xml',
          dataBase64: Buffer.from(svg).toString('base64'),
          alt: 'Collar amarillo',
        },
      },
      auth,
    );
    expect(res.errors).toBeUndefined();
    const withImage = res.data!.staffAddProductImage;
    expectTypename(withImage, 'StaffProduct');
    const added = withImage.images.at(-1)!;
    expect(added.alt).toBe('Collar amarillo');
    expect(added.url).toMatch(new RegExp(`^/media/products/${collar.slug}-[0-9a-f]{10}\\.svg$`));
    const file = path.join(inject('mediaDir'), added.url.replace('/media/', ''));
    // What is stored is the sanitised serialisation: the same drawing, elements written out in full.
    expect(fs.readFileSync(file, 'utf8')).toBe(svg.replace('"/>', '"></rect>'));
    const served = await fetch(`${shop.url}${added.url}`);
    expect(served.status).toBe(200);

    const REMOVE = StaffRemoveProductImageDocument;
    const removed = (await shop.gql(REMOVE, { productId: collar.id, imageId: added.id }, auth)).data!
      .staffRemoveProductImage;
    expectTypename(removed, 'StaffProduct');
    expect(removed.images.map((i) => i.id)).not.toContain(added.id);
    const again = await shop.gql(REMOVE, { productId: collar.id, imageId: added.id }, auth);
    expect(again.data!.staffRemoveProductImage).toEqual({ __typename: 'NotFound', message: 'La imagen no existe.' });
  });

  it.each([
    ['image/gif', Buffer.from('GIF89a').toString('base64'), 'Formato no admitido: usa PNG, JPEG, WebP o SVG.'],
    [
      'image/png',
      Buffer.from('not a png at all').toString('base64'),
      'El archivo no es una imagen válida del formato indicado.',
    ],
    ['image/png', '!!!', 'El archivo no es válido.'],
    ['image/jpeg', Buffer.alloc(5 * 1024 * 1024 + 10, 0xff).toString('base64'), 'La imagen supera los 5 MB.'],
  ])('refuses an upload of %s', async (contentType, dataBase64, message) => {
    const collar = await firstCollar();
    const res = await shop.gql(ADD_IMAGE, { input: { productId: collar.id, contentType, dataBase64, alt: 'x' } }, auth);
    expect(res.data!.staffAddProductImage).toMatchObject({ __typename: 'ValidationErrors', message });
  });
});

describe('staff discount codes', () => {
  it('lists the seeded codes with their uses', async () => {
    const res = await shop.gql(StaffDiscountCodesListDocument, {}, auth);
    expect(res.data!.staffDiscountCodes.length).toBeGreaterThanOrEqual(4);
    for (const c of res.data!.staffDiscountCodes) expect(c.uses).toBeGreaterThanOrEqual(0);
  });

  it('creates (upper-cased), edits and deactivates a code', async () => {
    const input: DiscountCodeInput = {
      code: 'verano-25',
      percent: 25,
      active: true,
      validFrom: '2024-01-01T05:00:00.000Z',
      validUntil: '2099-01-01T05:00:00.000Z',
      usageLimit: 100,
    };
    const created = await shop.gql(StaffCreateDiscountCodeDocument, { input }, auth);
    expect(created.errors).toBeUndefined();
    const code = created.data!.staffCreateDiscountCode;
    expectTypename(code, 'StaffDiscountCode');
    expect(code).toMatchObject({
      code: 'VERANO-25',
      percent: 25,
      active: true,
      usageLimit: 100,
      uses: 0,
      validUntil: '2099-01-01T05:00:00.000Z',
    });
    const id = code.id;

    const dup = await shop.gql(StaffCreateDiscountCodeDocument, { input: { ...input, code: 'Verano-25' } }, auth);
    expect(dup.data!.staffCreateDiscountCode).toMatchObject({
      __typename: 'ValidationErrors',
      message: 'Ya existe un código de descuento con ese nombre.',
      errors: [{ field: 'code' }],
    });

    const edited = await shop.gql(
      StaffUpdateDiscountCodeDocument,
      { id, input: { ...input, percent: 30, usageLimit: null } },
      auth,
    );
    expect(edited.data!.staffUpdateDiscountCode).toMatchObject({ percent: 30, usageLimit: null });

    const off = await shop.gql(
      StaffUpdateDiscountCodeDocument,
      { id, input: { ...input, percent: 30, active: false } },
      auth,
    );
    const offCode = off.data!.staffUpdateDiscountCode;
    expectTypename(offCode, 'StaffDiscountCode');
    expect(offCode.active).toBe(false);
    const [row] = await shop.ds.query('SELECT active FROM discount_code WHERE code = $1', ['VERANO-25']);
    expect(row.active).toBe(false);
  });

  it.each<[Partial<DiscountCodeInput>, string]>([
    [{ code: 'ab' }, 'code'],
    [{ code: 'CON ESPACIO' }, 'code'],
    [{ percent: 0 }, 'percent'],
    [{ percent: 101 }, 'percent'],
    [{ validFrom: '2030-01-01T00:00:00Z', validUntil: '2029-01-01T00:00:00Z' }, 'validUntil'],
    [{ usageLimit: 0 }, 'usageLimit'],
  ])('refuses %j', async (change, field) => {
    const res = await shop.gql(
      StaffCreateDiscountCodeDocument,
      { input: { code: 'VALIDO10', percent: 10, active: true, ...change } },
      auth,
    );
    expect(res.data!.staffCreateDiscountCode).toMatchObject({ __typename: 'ValidationErrors', errors: [{ field }] });
    expect((await shop.ds.query(`SELECT count(*)::int AS n FROM discount_code WHERE code = 'VALIDO10'`))[0].n).toBe(0);
  });
});
