import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { startTestShop, type TestShop } from '../setup/test-shop.js';
import { legacyStaffHeaders } from '../setup/staff-tokens.js';
import { orderInput, placeOrder } from './checkout-fixtures.js';
import { insertOrder } from '../setup/staff-order-fixtures.js';
import { requireBuiltClient } from '../setup/built-client.js';
import { expectTypename } from '../setup/graphql-post.js';

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

const FIELDS = `id slug name description price active archived archivedAt collections pets path formerPaths category { slug name }
  sizes { id label stock reserved } images { id url alt width height }
  sizeGuide { measurements note rows { size values { min max } } }`;
const REFUSALS = '... on ValidationErrors { message errors { field message } } ... on NotFound { message }';
const RESULT = `__typename ... on StaffProduct { ${FIELDS} } ${REFUSALS}`;
const CREATE = `mutation($input: ProductInput!) { staffCreateProduct(input: $input) { ${RESULT} } }`;
const SAVE = `mutation($id: ID!, $input: ProductInput!) { staffSaveProduct(productId: $id, input: $input) { ${RESULT} } }`;
const ARCHIVE = `mutation($id: ID!) { staffArchiveProduct(productId: $id) { ${RESULT} } }`;
const RESTORE = `mutation($id: ID!) { staffRestoreProduct(productId: $id) { ${RESULT} } }`;

interface Product {
  __typename: 'StaffProduct';
  id: string;
  slug: string;
  name: string;
  price: number;
  active: boolean;
  archived: boolean;
  path: string;
  formerPaths: string[];
  category: { slug: string };
  sizes: Array<{ id: string; label: string; stock: number; reserved: number }>;
  images: Array<{ id: string; url: string; alt: string }>;
  sizeGuide: {
    measurements: string[];
    rows: Array<{ size: string; values: Array<{ min: number; max: number | null }> }>;
  } | null;
}
type Refusal = {
  __typename: 'ValidationErrors' | 'NotFound';
  message: string;
  errors?: Array<{ field: string; message: string }>;
};

const collarInput = (overrides: Record<string, unknown> = {}) => ({
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

async function create(input: Record<string, unknown>, headers = auth) {
  const res = await shop.gql<{ staffCreateProduct: Product | Refusal }>(CREATE, { input }, headers);
  expect(res.errors).toBeUndefined();
  return res.data!.staffCreateProduct;
}

async function save(id: string, input: Record<string, unknown>) {
  const res = await shop.gql<{ staffSaveProduct: Product | Refusal }>(SAVE, { id, input }, auth);
  expect(res.errors).toBeUndefined();
  return res.data!.staffSaveProduct;
}

/** The product as a ProductInput that changes nothing (sizes with their ids and current stock). */
function asInput(p: Product, overrides: Record<string, unknown> = {}) {
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

async function storefront(id: string) {
  const res = await shop.gql<{
    product: { name: string; price: number; sizes: Array<{ label: string }>; sizeGuide: Product['sizeGuide'] } | null;
  }>(
    `query($id: ID!) { product(id: $id) { name price sizes { label } sizeGuide { measurements rows { size values { min max } } } } }`,
    { id },
  );
  return res.data!.product;
}

async function page(path: string) {
  const res = await fetch(`${shop.url}${path}`, { redirect: 'manual', headers: { accept: 'text/html' } });
  return { status: res.status, location: res.headers.get('location') };
}

describe('staff create products', () => {
  it('creates a published product with a slug from its name, sizes with stock and its size guide; the storefront sells it', async () => {
    const created = (await create(collarInput())) as Product;
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
    const twin = (await create(collarInput())) as Product;
    expect(twin.slug).toBe('collar-cuero-cafe-nandu-2');
  });

  it.each([
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
    const res = (await create(collarInput(change))) as Refusal;
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
    const p = (await create(collarInput({ name: 'Collar Paseo Largo' }))) as Product;
    const original = p.path;
    const renamed = (await save(
      p.id,
      asInput(p, { name: 'Collar Paseo Largo Edición Café', pets: ['CAT'] }),
    )) as Product;
    expect(renamed).toMatchObject({
      name: 'Collar Paseo Largo Edición Café',
      slug: 'collar-paseo-largo',
      path: original,
      formerPaths: [],
      pets: ['CAT'],
    });

    const reslugged = (await save(p.id, asInput(renamed, { slug: 'collar-paseo-cafe' }))) as Product;
    expect(reslugged.path).toBe(`/collares/${p.id}/collar-paseo-cafe`);
    expect(reslugged.formerPaths).toEqual([original]);
    expect(await page(original)).toEqual({ status: 301, location: reslugged.path });

    // Moved to harnesses: /collares/<id>/… and /arnes/<id>/ both land on the new canonical URL.
    const moved = (await save(p.id, asInput(reslugged, { categorySlug: 'arneses', sizeGuide: null }))) as Product;
    expect(moved.path).toBe(`/arnes/${p.id}/`);
    expect(moved.formerPaths).toEqual(expect.arrayContaining([`/collares/${p.id}/collar-paseo-cafe`, original]));
    expect(await page(original)).toEqual({ status: 301, location: moved.path });
    expect(await page(`/collares/${p.id}/collar-paseo-cafe`)).toEqual({ status: 301, location: moved.path });
    expect((await page(moved.path)).status).toBe(200);
    // A category the product never lived in stays a 404.
    expect((await page(`/chaqueta/${p.id}/collar-paseo-cafe`)).status).toBe(404);
    const detail = await shop.gql<{ product: { formerCategories: string[] } }>(
      `query($id: ID!) { product(id: $id) { formerCategories } }`,
      { id: p.id },
    );
    expect(detail.data!.product.formerCategories).toEqual(['collares']);

    const sitemap = await (await fetch(`${shop.url}/sitemap.xml`)).text();
    expect(sitemap).toContain(moved.path);
    expect(sitemap).not.toContain(`/${p.id}/collar-paseo`);
  });

  it('adds, renames, reorders and removes sizes; keeps reserved units; refuses to remove held sizes or to overwrite stock that moved', async () => {
    const p = (await create(collarInput({ name: 'Collar Tallas Móviles' }))) as Product;
    const [s, m] = p.sizes;
    const changed = (await save(
      p.id,
      asInput(p, {
        sizes: [
          { id: m!.id, label: 'M', stock: 9, expectedStock: 6 },
          { id: s!.id, label: 'Pequeña', stock: 4, expectedStock: 4 },
          { id: null, label: 'L', stock: 3 },
        ],
        sizeGuide: null,
      }),
    )) as Product;
    expect(changed.sizes.map((x) => [x.label, x.stock])).toEqual([
      ['M', 9],
      ['Pequeña', 4],
      ['L', 3],
    ]);
    expect(changed.sizes[0]!.id).toBe(m!.id);

    // A pending order holds one M: the size cannot go, and a stale stock figure is refused.
    await shop.ds.query(`UPDATE product_size SET stock = stock - 1, reserved = 1 WHERE id = $1`, [Number(m!.id)]);
    const held = (await save(
      p.id,
      asInput(changed, {
        sizes: [{ id: changed.sizes[2]!.id, label: 'L', stock: 3, expectedStock: 3 }],
        sizeGuide: null,
      }),
    )) as Refusal;
    expect(held).toMatchObject({
      __typename: 'ValidationErrors',
      message: 'La talla M tiene unidades reservadas por órdenes pendientes de pago: no se puede quitar todavía.',
    });
    const stale = (await save(p.id, asInput(changed, { sizeGuide: null }))) as Refusal;
    expect(stale).toMatchObject({
      __typename: 'ValidationErrors',
      message: 'El inventario de la talla M cambió mientras editabas (ahora hay 8): revisa y guarda de nuevo.',
    });
    const [row] = await shop.ds.query(`SELECT stock, reserved FROM product_size WHERE id = $1`, [Number(m!.id)]);
    expect(row).toEqual({ stock: 8, reserved: 1 });

    // Swapping two names goes through.
    const fresh = (
      await shop.gql<{ staffProduct: Product }>(
        `query($id: ID!) { staffProduct(id: $id) { ${FIELDS} } }`,
        { id: p.id },
        auth,
      )
    ).data!.staffProduct;
    const swapped = (await save(
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
    )) as Product;
    expect(swapped.sizes.map((x) => x.label)).toEqual(['L', 'Pequeña', 'M']);
    expect(swapped.sizes.find((x) => x.label === 'L')!.reserved).toBe(1);
  });

  it('arranges images (first is the main one) with alt texts, and refuses a stale list', async () => {
    const p = (await create(collarInput({ name: 'Collar Con Fotos' }))) as Product;
    const svg = (fill: string) =>
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"><rect width="800" height="800" fill="${fill}"/></svg>`,
      ).toString('base64');
    const ADD = `mutation($input: AddProductImageInput!) { staffAddProductImage(input: $input) { ... on StaffProduct { images { id alt } } } }`;
    await shop.gql(
      ADD,
      { input: { productId: p.id, contentType: 'image/svg+xml', dataBase64: svg('#c8893a'), alt: 'Collar de frente' } },
      auth,
    );
    const two = await shop.gql<{ staffAddProductImage: { images: Array<{ id: string }> } }>(
      ADD,
      { input: { productId: p.id, contentType: 'image/svg+xml', dataBase64: svg('#5b3a17'), alt: 'Hebilla' } },
      auth,
    );
    const [a, b] = two.data!.staffAddProductImage.images;
    const ARRANGE = `mutation($id: ID!, $images: [ProductImageOrderInput!]!) { staffArrangeProductImages(productId: $id, images: $images) { ${RESULT} } }`;
    const res = await shop.gql<{ staffArrangeProductImages: Product }>(
      ARRANGE,
      {
        id: p.id,
        images: [
          { id: b!.id, alt: 'Hebilla de latón' },
          { id: a!.id, alt: 'Collar café de frente' },
        ],
      },
      auth,
    );
    expect(res.data!.staffArrangeProductImages.images.map((i) => [i.id, i.alt])).toEqual([
      [b!.id, 'Hebilla de latón'],
      [a!.id, 'Collar café de frente'],
    ]);
    const pub = await shop.gql<{ product: { images: Array<{ alt: string }> } }>(
      `query($id: ID!) { product(id: $id) { images { alt } } }`,
      { id: p.id },
    );
    expect(pub.data!.product.images[0]!.alt).toBe('Hebilla de latón');
    const stale = await shop.gql<{ staffArrangeProductImages: Refusal }>(
      ARRANGE,
      { id: p.id, images: [{ id: a!.id, alt: 'Solo una' }] },
      auth,
    );
    expect(stale.data!.staffArrangeProductImages).toMatchObject({
      __typename: 'ValidationErrors',
      message: 'Las imágenes cambiaron mientras editabas: recarga la página e inténtalo de nuevo.',
    });
    const noAlt = await shop.gql<{ staffArrangeProductImages: Refusal }>(
      ARRANGE,
      {
        id: p.id,
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
    const p = (await create(collarInput({ name: 'Collar Para Archivar' }))) as Product;
    const size = p.sizes[0]!;
    const old = await insertOrder(shop.ds, {
      productId: Number(p.id),
      sizeId: Number(size.id),
      unitPrice: p.price,
      status: 'ENTREGADO',
    });

    const archived = (await shop.gql<{ staffArchiveProduct: Product }>(ARCHIVE, { id: p.id }, auth)).data!
      .staffArchiveProduct;
    expect(archived).toMatchObject({ archived: true, active: false });
    expect(await storefront(p.id)).toBeNull();
    expect((await page(p.path)).status).toBe(404);
    expect(await (await fetch(`${shop.url}/sitemap.xml`)).text()).not.toContain(p.path);
    const listing = await shop.gql<{ products: { edges: Array<{ node: { id: string } }> } }>(
      `{ products(category: "collares", first: 48) { edges { node { id } } } }`,
    );
    expect(listing.data!.products.edges.map((e) => e.node.id)).not.toContain(p.id);

    // A cart that still has it: unavailable, and no order can be placed with it.
    const quote = await shop.gql<{
      cartQuote: { hasProblems: boolean; lines: Array<{ problem: { kind: string } | null }> };
    }>(`query($input: CartQuoteInput!) { cartQuote(input: $input) { hasProblems lines { problem { kind } } } }`, {
      input: { lines: [{ productId: p.id, sizeId: size.id, quantity: 1 }] },
    });
    expect(quote.data!.cartQuote.lines[0]!.problem!.kind).toBe('UNAVAILABLE');
    const placed = await placeOrder(shop, orderInput({ productId: p.id, sizeId: size.id, price: p.price }));
    expectTypename(placed, 'CartProblem');

    // Staff keep it apart from the working list; the old order keeps its line.
    const lists = await shop.gql<{ active: Array<{ id: string }>; archived: Array<{ id: string }> }>(
      `{ active: staffProducts(category: "collares") { id } archived: staffProducts(category: "collares", archived: true) { id } }`,
      {},
      auth,
    );
    expect(lists.data!.active.map((x) => x.id)).not.toContain(p.id);
    expect(lists.data!.archived.map((x) => x.id)).toContain(p.id);
    const order = await shop.gql<{ staffOrder: { lines: Array<{ productId: string; name: string }> } }>(
      `query($id: ID!) { staffOrder(id: $id) { lines { productId name } } }`,
      { id: String(old.id) },
      auth,
    );
    expect(order.data!.staffOrder.lines).toEqual([{ productId: p.id, name: 'Collar de prueba' }]);

    // Publishing an archived product needs a restore first.
    const publish = (await save(p.id, asInput(archived, { active: true }))) as Refusal;
    expect(publish).toMatchObject({
      __typename: 'ValidationErrors',
      message: 'El producto está archivado: restáuralo antes de publicarlo.',
    });

    const restored = (await shop.gql<{ staffRestoreProduct: Product }>(RESTORE, { id: p.id }, auth)).data!
      .staffRestoreProduct;
    expect(restored).toMatchObject({ archived: false, active: true });
    expect(await storefront(p.id)).not.toBeNull();
    const missing = await shop.gql<{ staffArchiveProduct: Refusal }>(ARCHIVE, { id: '999999' }, auth);
    expect(missing.data!.staffArchiveProduct).toEqual({ __typename: 'NotFound', message: 'El producto no existe.' });
  });
});
