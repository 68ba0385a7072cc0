import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { startTestShop, type TestShop } from '../setup/test-shop.js';
import { legacyStaffHeaders } from '../setup/staff-tokens.js';
import { orderInput, placeOrder } from './checkout-fixtures.js';
import { insertOrder } from '../setup/staff-order-fixtures.js';
import { requireBuiltClient } from '../setup/built-client.js';
import { expectTypename } from '../setup/graphql-post.js';
import { graphql } from '../gql/index.js';
import type { ProductInput } from '../../client/src/gql/types.js';
import {
  StaffAddProductImageDocument,
  StaffArchiveProductDocument,
  StaffArrangeProductImagesDocument,
  StaffCreateProductDocument,
  StaffProductEditorDocument,
  StaffRestoreProductDocument,
  StaffSaveProductDocument,
  type StaffCreateProductMutation,
} from '../../client/src/features/staff-catalog/staff-catalog.generated.js';
import { CartQuoteDocument } from '../../client/src/features/cart/cart.generated.js';
import { CategoryListingDocument } from '../../client/src/features/catalog/catalog.generated.js';

let shop: TestShop;
let auth: Record<string, string>;
// The real build (dist/client + dist/ssr): pages answer 200, 301 or 404 as the server render decides.
const clientDist = requireBuiltClient();

beforeAll(async () => {
  shop = await startTestShop({ CLIENT_DIST_DIR: clientDist });
  auth = await legacyStaffHeaders(inject('authEmulatorHost'), 'staff-products@enzo.test');
});
afterAll(async () => {
  await shop?.close();
});

// The product editor's own documents: what it sends is what is tested.
const CREATE = StaffCreateProductDocument;
const SAVE = StaffSaveProductDocument;
const ARCHIVE = StaffArchiveProductDocument;
const RESTORE = StaffRestoreProductDocument;

type Product = Omit<
  Extract<StaffCreateProductMutation['staffCreateProduct'], { __typename: 'StaffProduct' }>,
  '__typename'
>;

const collarInput = (overrides: Partial<ProductInput> = {}): ProductInput => ({
  name: 'Collar Cuero Café Ñandú',
  categorySlug: 'collares',
  description: 'Collar de cuero café con hebilla de latón, cosido a mano en Cúcuta.',
  price: 58_000,
  active: true,
  pets: ['DOG', 'CAT'],
  sizes: [
    { label: 'S', stock: 4 },
    { label: 'M', stock: 6 },
  ],
  sizeGuide: {
    measurements: ['NECK'],
    rows: [
      { size: 'S', values: [{ min: 26, max: 32 }] },
      { size: 'M', values: [{ min: 32, max: 40 }] },
    ],
    note: 'Deja espacio para dos dedos.',
  },
  ...overrides,
});

async function create(input: ProductInput, headers = auth) {
  const res = await shop.gql(CREATE, { input }, headers);
  expect(res.errors).toBeUndefined();
  return res.data!.staffCreateProduct;
}

async function save(id: string, input: ProductInput) {
  const res = await shop.gql(SAVE, { id, input }, auth);
  expect(res.errors).toBeUndefined();
  return res.data!.staffSaveProduct;
}

/** A product created (or saved) as expected: fails the test otherwise. */
async function newProduct(input: ProductInput) {
  const res = await create(input);
  expectTypename(res, 'StaffProduct');
  return res;
}
async function savedProduct(id: string, input: ProductInput) {
  const res = await save(id, input);
  expectTypename(res, 'StaffProduct');
  return res;
}

/** The product as a ProductInput that changes nothing (sizes with their ids and current stock). */
function asInput(p: Product, overrides: Partial<ProductInput> = {}): ProductInput {
  return {
    name: p.name,
    slug: p.slug,
    categorySlug: p.category.slug,
    description: 'Collar de cuero café con hebilla de latón, cosido a mano en Cúcuta.',
    price: p.price,
    active: p.active,
    sizes: p.sizes.map((s) => ({ id: s.id, label: s.label, stock: s.stock, expectedStock: s.stock })),
    sizeGuide: p.sizeGuide,
    ...overrides,
  };
}

// What the storefront shows of it, compared whole (the product page reads much more).
const STOREFRONT = graphql(`
  query StaffProductsStorefront($id: ID!) {
    product(id: $id) {
      name
      price
      sizes {
        label
      }
      sizeGuide {
        measurements
        rows {
          size
          values {
            min
            max
          }
        }
      }
    }
  }
`);

async function storefront(id: string) {
  const res = await shop.gql(STOREFRONT, { id });
  return res.data!.product;
}

async function page(path: string) {
  const res = await fetch(`${shop.url}${path}`, { redirect: 'manual', headers: { accept: 'text/html' } });
  return { status: res.status, location: res.headers.get('location') };
}

describe('staff create products', () => {
  it('creates a published product with a slug from its name, sizes with stock and its size guide; the storefront sells it', async () => {
    const created = await newProduct(collarInput());
    expect(created).toMatchObject({
      __typename: 'StaffProduct',
      slug: 'collar-cuero-cafe-nandu',
      price: 58_000,
      active: true,
      archived: false,
      pets: ['DOG', 'CAT'],
      category: { slug: 'collares' },
    });
    expect(created.sizes.map((s) => [s.label, s.stock, s.reserved])).toEqual([
      ['S', 4, 0],
      ['M', 6, 0],
    ]);
    expect(created.path).toBe(`/collares/${created.id}/collar-cuero-cafe-nandu`);
    const pub = await storefront(created.id);
    expect(pub).toMatchObject({
      name: 'Collar Cuero Café Ñandú',
      price: 58_000,
      sizes: [{ label: 'S' }, { label: 'M' }],
    });
    expect(pub!.sizeGuide).toEqual({
      measurements: ['NECK'],
      rows: [
        { size: 'S', values: [{ min: 26, max: 32 }] },
        { size: 'M', values: [{ min: 32, max: 40 }] },
      ],
    });
    expect((await page(created.path)).status).toBe(200);
    const sitemap = await (await fetch(`${shop.url}/sitemap.xml`)).text();
    expect(sitemap).toContain(created.path);

    // Same name again: the slug gets a suffix instead of failing.
    const twin = await newProduct(collarInput());
    expect(twin.slug).toBe('collar-cuero-cafe-nandu-2');
  });

  it.each<[Partial<ProductInput>, string, string]>([
    [{ name: 'ab' }, 'name', 'Escribe el nombre del producto (al menos 3 caracteres).'],
    [{ price: 0 }, 'price', 'El precio debe ser un número entero de pesos mayor que 0 (ej. 85000).'],
    [{ price: 100_000_001 }, 'price', 'El precio debe ser un número entero de pesos mayor que 0 (ej. 85000).'],
    [{ description: 'corta' }, 'description', 'Escribe una descripción de al menos 20 caracteres.'],
    [
      { slug: 'Con Espacios' },
      'slug',
      'La dirección (slug) solo admite minúsculas sin tildes, números y guiones, por ejemplo collar-cuero-miel (máximo 120).',
    ],
    [{ slug: 'collar-cuero-miel' }, 'slug', 'Ya hay otro producto con esa dirección (slug).'],
    [{ categorySlug: 'juguetes' }, 'categorySlug', 'Elige una categoría.'],
    [{ sizes: [] }, 'sizes', 'Agrega al menos una talla.'],
    [
      {
        sizes: [
          { label: 'M', stock: 1 },
          { label: 'm', stock: 2 },
        ],
      },
      'sizes',
      'Hay dos tallas con el mismo nombre.',
    ],
    [
      { sizes: [{ label: 'M', stock: -1 }] },
      'sizes.0.stock',
      'El inventario debe ser un número entero mayor o igual a 0.',
    ],
    [
      { sizeGuide: { measurements: ['NECK'], rows: [{ size: 'XL', values: [{ min: 48, max: 56 }] }] } },
      'sizeGuide',
      'La guía tiene la talla «XL», que el producto no tiene.',
    ],
    [
      { sizeGuide: { measurements: ['NECK'], rows: [{ size: 'S', values: [{ min: 40, max: 30 }] }] } },
      'sizeGuide.rows.0.values.0.max',
      'En un rango, el valor máximo debe ser mayor que el mínimo.',
    ],
    [
      { sizeGuide: { measurements: ['NECK', 'CHEST'], rows: [{ size: 'S', values: [{ min: 30, max: null }] }] } },
      'sizeGuide.rows.0.values',
      'Cada talla necesita un valor por medida.',
    ],
  ])('refuses %j with a Spanish message for the field, creating nothing', async (change, field, message) => {
    const before = (await shop.ds.query(`SELECT count(*)::int AS n FROM product`))[0].n;
    const res = await create(collarInput(change));
    expectTypename(res, 'ValidationErrors');
    expect(res.errors).toContainEqual({ field, message });
    expect((await shop.ds.query(`SELECT count(*)::int AS n FROM product`))[0].n).toBe(before);
  });

  it('is for staff only', async () => {
    const res = await shop.gql(CREATE, { input: collarInput() });
    expect(res.errors![0]!.extensions!.code).toBe('UNAUTHENTICATED');
  });
});

describe('staff edit products', () => {
  it('a new name keeps the slug; a new slug or category keeps the old URLs answering 301 to the current one', async () => {
    const p = await newProduct(collarInput({ name: 'Collar Paseo Largo' }));
    const original = p.path;
    const renamed = await savedProduct(p.id, asInput(p, { name: 'Collar Paseo Largo Edición Café', pets: ['CAT'] }));
    expect(renamed).toMatchObject({
      name: 'Collar Paseo Largo Edición Café',
      slug: 'collar-paseo-largo',
      path: original,
      formerPaths: [],
      pets: ['CAT'],
    });

    const reslugged = await savedProduct(p.id, asInput(renamed, { slug: 'collar-paseo-cafe' }));
    expect(reslugged.path).toBe(`/collares/${p.id}/collar-paseo-cafe`);
    expect(reslugged.formerPaths).toEqual([original]);
    expect(await page(original)).toEqual({ status: 301, location: reslugged.path });

    // Moved to harnesses: /collares/<id>/… and /arnes/<id>/ both land on the new canonical URL.
    const moved = await savedProduct(p.id, asInput(reslugged, { categorySlug: 'arneses', sizeGuide: null }));
    expect(moved.path).toBe(`/arnes/${p.id}/`);
    expect(moved.formerPaths).toEqual(expect.arrayContaining([`/collares/${p.id}/collar-paseo-cafe`, original]));
    expect(await page(original)).toEqual({ status: 301, location: moved.path });
    expect(await page(`/collares/${p.id}/collar-paseo-cafe`)).toEqual({ status: 301, location: moved.path });
    expect((await page(moved.path)).status).toBe(200);
    // A category the product never lived in stays a 404.
    expect((await page(`/chaqueta/${p.id}/collar-paseo-cafe`)).status).toBe(404);
    const detail = await shop.gql(
      graphql(`
        query StaffProductsFormerCategories($id: ID!) {
          product(id: $id) {
            formerCategories
          }
        }
      `),
      { id: p.id },
    );
    expect(detail.data!.product!.formerCategories).toEqual(['collares']);

    const sitemap = await (await fetch(`${shop.url}/sitemap.xml`)).text();
    expect(sitemap).toContain(moved.path);
    expect(sitemap).not.toContain(`/${p.id}/collar-paseo`);
  });

  it('adds, renames, reorders and removes sizes; keeps reserved units; refuses to remove held sizes or to overwrite stock that moved', async () => {
    const p = await newProduct(collarInput({ name: 'Collar Tallas Móviles' }));
    const [s, m] = p.sizes;
    const changed = await savedProduct(
      p.id,
      asInput(p, {
        sizes: [
          { id: m!.id, label: 'M', stock: 9, expectedStock: 6 },
          { id: s!.id, label: 'Pequeña', stock: 4, expectedStock: 4 },
          { id: null, label: 'L', stock: 3 },
        ],
        sizeGuide: null,
      }),
    );
    expect(changed.sizes.map((x) => [x.label, x.stock])).toEqual([
      ['M', 9],
      ['Pequeña', 4],
      ['L', 3],
    ]);
    expect(changed.sizes[0]!.id).toBe(m!.id);

    // A pending order holds one M: the size cannot go, and a stale stock figure is refused.
    await shop.ds.query(`UPDATE product_size SET stock = stock - 1, reserved = 1 WHERE id = $1`, [Number(m!.id)]);
    const held = await save(
      p.id,
      asInput(changed, {
        sizes: [{ id: changed.sizes[2]!.id, label: 'L', stock: 3, expectedStock: 3 }],
        sizeGuide: null,
      }),
    );
    expect(held).toMatchObject({
      __typename: 'ValidationErrors',
      message: 'La talla M tiene unidades reservadas por órdenes pendientes de pago: no se puede quitar todavía.',
    });
    const stale = await save(p.id, asInput(changed, { sizeGuide: null }));
    expect(stale).toMatchObject({
      __typename: 'ValidationErrors',
      message: 'El inventario de la talla M cambió mientras editabas (ahora hay 8): revisa y guarda de nuevo.',
    });
    const [row] = await shop.ds.query(`SELECT stock, reserved FROM product_size WHERE id = $1`, [Number(m!.id)]);
    expect(row).toEqual({ stock: 8, reserved: 1 });

    // Swapping two names goes through.
    const fresh = (await shop.gql(StaffProductEditorDocument, { id: p.id }, auth)).data!.staffProduct!;
    const swapped = await savedProduct(
      p.id,
      asInput(fresh, {
        sizes: fresh.sizes.map((x) => ({
          id: x.id,
          label: x.label === 'M' ? 'L' : x.label === 'L' ? 'M' : x.label,
          stock: x.stock,
          expectedStock: x.stock,
        })),
        sizeGuide: null,
      }),
    );
    expect(swapped.sizes.map((x) => x.label)).toEqual(['L', 'Pequeña', 'M']);
    expect(swapped.sizes.find((x) => x.label === 'L')!.reserved).toBe(1);
  });

  it('arranges images (first is the main one) with alt texts, and refuses a stale list', async () => {
    const p = await newProduct(collarInput({ name: 'Collar Con Fotos' }));
    const svg = (fill: string) =>
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"><rect width="800" height="800" fill="${fill}"/></svg>`,
      ).toString('base64');
    const ADD = StaffAddProductImageDocument;
    await shop.gql(
      ADD,
      { input: { productId: p.id, contentType: 'image/svg+xml', dataBase64: svg('#c8893a'), alt: 'Collar de frente' } },
      auth,
    );
    const two = await shop.gql(
      ADD,
      { input: { productId: p.id, contentType: 'image/svg+xml', dataBase64: svg('#5b3a17'), alt: 'Hebilla' } },
      auth,
    );
    const withTwo = two.data!.staffAddProductImage;
    expectTypename(withTwo, 'StaffProduct');
    const [a, b] = withTwo.images;
    const ARRANGE = StaffArrangeProductImagesDocument;
    const res = await shop.gql(
      ARRANGE,
      {
        productId: p.id,
        images: [
          { id: b!.id, alt: 'Hebilla de latón' },
          { id: a!.id, alt: 'Collar café de frente' },
        ],
      },
      auth,
    );
    const arranged = res.data!.staffArrangeProductImages;
    expectTypename(arranged, 'StaffProduct');
    expect(arranged.images.map((i) => [i.id, i.alt])).toEqual([
      [b!.id, 'Hebilla de latón'],
      [a!.id, 'Collar café de frente'],
    ]);
    const pub = await shop.gql(
      graphql(`
        query StaffProductsImageAlts($id: ID!) {
          product(id: $id) {
            images {
              alt
            }
          }
        }
      `),
      { id: p.id },
    );
    expect(pub.data!.product!.images[0]!.alt).toBe('Hebilla de latón');
    const stale = await shop.gql(ARRANGE, { productId: p.id, images: [{ id: a!.id, alt: 'Solo una' }] }, auth);
    expect(stale.data!.staffArrangeProductImages).toMatchObject({
      __typename: 'ValidationErrors',
      message: 'Las imágenes cambiaron mientras editabas: recarga la página e inténtalo de nuevo.',
    });
    const noAlt = await shop.gql(
      ARRANGE,
      {
        productId: p.id,
        images: [
          { id: a!.id, alt: ' ' },
          { id: b!.id, alt: 'Hebilla' },
        ],
      },
      auth,
    );
    expect(noAlt.data!.staffArrangeProductImages.__typename).toBe('ValidationErrors');
  });

  it('answers NotFound for an unknown product', async () => {
    const res = await save('999999', collarInput());
    expect(res).toEqual({ __typename: 'NotFound', message: 'El producto no existe.' });
  });
});

describe('archive and restore', () => {
  it('an archived product leaves the storefront, the sitemap and the cart, stays in old orders, and comes back when restored', async () => {
    const p = await newProduct(collarInput({ name: 'Collar Para Archivar' }));
    const size = p.sizes[0]!;
    const old = await insertOrder(shop.ds, {
      productId: Number(p.id),
      sizeId: Number(size.id),
      unitPrice: p.price,
      status: 'ENTREGADO',
    });

    const archived = (await shop.gql(ARCHIVE, { id: p.id }, auth)).data!.staffArchiveProduct;
    expectTypename(archived, 'StaffProduct');
    expect(archived).toMatchObject({ archived: true, active: false });
    expect(await storefront(p.id)).toBeNull();
    expect((await page(p.path)).status).toBe(404);
    expect(await (await fetch(`${shop.url}/sitemap.xml`)).text()).not.toContain(p.path);
    // The category page's own listing.
    const listing = await shop.gql(CategoryListingDocument, { category: 'collares', first: 48 });
    expect(listing.data!.products.edges.map((e) => e.node.id)).not.toContain(p.id);

    // A cart that still has it: unavailable, and no order can be placed with it.
    const quote = await shop.gql(CartQuoteDocument, {
      input: { lines: [{ productId: p.id, sizeId: size.id, quantity: 1 }] },
    });
    expect(quote.data!.cartQuote.lines[0]!.problem!.kind).toBe('UNAVAILABLE');
    const placed = await placeOrder(shop, orderInput({ productId: p.id, sizeId: size.id, price: p.price }));
    expectTypename(placed, 'CartProblem');

    // Staff keep it apart from the working list; the old order keeps its line.
    const lists = await shop.gql(
      graphql(`
        query StaffProductsActiveAndArchived {
          active: staffProducts(category: "collares") {
            id
          }
          archived: staffProducts(category: "collares", archived: true) {
            id
          }
        }
      `),
      {},
      auth,
    );
    expect(lists.data!.active.map((x) => x.id)).not.toContain(p.id);
    expect(lists.data!.archived.map((x) => x.id)).toContain(p.id);
    // The lines alone, compared whole.
    const order = await shop.gql(
      graphql(`
        query StaffProductsOrderLines($id: ID!) {
          staffOrder(id: $id) {
            lines {
              productId
              name
            }
          }
        }
      `),
      { id: String(old.id) },
      auth,
    );
    expect(order.data!.staffOrder!.lines).toEqual([{ productId: p.id, name: 'Collar de prueba' }]);

    // Publishing an archived product needs a restore first.
    const publish = await save(p.id, asInput(archived, { active: true }));
    expect(publish).toMatchObject({
      __typename: 'ValidationErrors',
      message: 'El producto está archivado: restáuralo antes de publicarlo.',
    });

    const restored = (await shop.gql(RESTORE, { id: p.id }, auth)).data!.staffRestoreProduct;
    expect(restored).toMatchObject({ archived: false, active: true });
    expect(await storefront(p.id)).not.toBeNull();
    const missing = await shop.gql(ARCHIVE, { id: '999999' }, auth);
    expect(missing.data!.staffArchiveProduct).toEqual({ __typename: 'NotFound', message: 'El producto no existe.' });
  });
});
