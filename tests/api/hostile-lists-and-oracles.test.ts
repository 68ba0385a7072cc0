import fs from 'node:fs';
import {
  buildSchema,
  getNamedType,
  isInputObjectType,
  isListType,
  isNonNullType,
  type GraphQLInputObjectType,
  type GraphQLInputType,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { repoPath } from '../../server/src/common/repo-root.js';
import { startTestShop, type TestShop } from '../setup/test-shop.js';
import { legacyStaffHeaders } from '../setup/staff-tokens.js';
import {
  knownEvent,
  orderInput,
  orderRow,
  placeOrder,
  postEvent,
  shopperIp,
  sizeStock,
  variantWithStock,
  type Placed,
  type Variant,
} from './checkout-fixtures.js';
import { expectTypename } from '../setup/graphql-post.js';

/**
 * The shop tried as an attacker would, class by class, across the whole API:
 * - every list a client sends (walked from schema.graphql: a new list input without a case here fails) is checked
 *   for repeats and totals: repeats are added up or refused, never counted twice, and over-long lists are refused;
 * - every public operation that takes an email, a reference, a token or a code answers the same whether what it
 *   names exists or not (no oracle), except where the answer is about a code itself (expired, used up).
 *
 * Its documents are generated from the schema's list inputs, so they are plain strings: a deliberate exception to
 * the API tests' graphql(`…`) documents (scripts/typed-test-documents.test.ts lists it).
 */
const schema = buildSchema(fs.readFileSync(repoPath('schema.graphql'), 'utf8'));

const isList = (type: GraphQLInputType): boolean => isListType(isNonNullType(type) ? type.ofType : type);

/** Every list input: `Root.field(arg)` for a list argument, `Input.field` for a list field of an input type. */
function listInputs(): string[] {
  const found = new Set<string>();
  const seen = new Set<string>();
  const visit = (input: GraphQLInputObjectType) => {
    if (seen.has(input.name)) return;
    seen.add(input.name);
    for (const field of Object.values(input.getFields())) {
      if (isList(field.type)) found.add(`${input.name}.${field.name}`);
      const named = getNamedType(field.type);
      if (isInputObjectType(named)) visit(named);
    }
  };
  for (const root of [schema.getQueryType()!, schema.getMutationType()!]) {
    for (const field of Object.values(root.getFields())) {
      for (const arg of field.args) {
        if (isList(arg.type)) found.add(`${root.name}.${field.name}(${arg.name})`);
        const named = getNamedType(arg.type);
        if (isInputObjectType(named)) visit(named);
      }
    }
  }
  return [...found].sort();
}

/** What in a public operation names something that may or may not exist. */
const NAMING = /email|reference|token|code|session/i;

/** Public root fields that take such a name (directly or inside their input), by `Root.field`. */
function namingOperations(): string[] {
  const found: string[] = [];
  const names = (input: GraphQLInputObjectType, seen = new Set<string>()): boolean => {
    if (seen.has(input.name)) return false;
    seen.add(input.name);
    return Object.values(input.getFields()).some((f) => {
      const named = getNamedType(f.type);
      return NAMING.test(f.name) || (isInputObjectType(named) && names(named, seen));
    });
  };
  for (const root of [schema.getQueryType()!, schema.getMutationType()!]) {
    for (const field of Object.values(root.getFields())) {
      if (field.name.startsWith('staff') || field.name === 'me') continue;
      const takes = field.args.some((a) => {
        const named = getNamedType(a.type);
        return NAMING.test(a.name) || (isInputObjectType(named) && names(named));
      });
      if (takes) found.push(`${root.name}.${field.name}`);
    }
  }
  return found.sort();
}

let shop: TestShop;
let auth: Record<string, string>;
let variant: Variant;
/** A size that never runs out here (orders for the oracle cases). */
let plenty: Variant;

beforeAll(async () => {
  shop = await startTestShop();
  auth = await legacyStaffHeaders(inject('authEmulatorHost'), 'staff-hostil@enzo.test');
  variant = await variantWithStock(shop, 5, 60);
  plenty = await variantWithStock(shop, 100_000, 61);
});
afterAll(() => shop?.close());

type Gql = { __typename: string; message?: string; errors?: Array<{ field: string; message: string }> } & Record<
  string,
  unknown
>;

/** One root field's answer (the first key of `data`); GraphQL errors are returned, never a 5xx. */
async function call(query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const res = await shop.gql<Record<string, Gql>>(query, variables, headers);
  expect(res.status).toBeLessThan(500);
  return { data: res.data ? Object.values(res.data)[0]! : null, errors: res.errors ?? [] };
}
const staff = (query: string, variables: Record<string, unknown> = {}) => call(query, variables, auth);

async function productWithSizes(): Promise<{ id: string; sizes: Array<{ id: string; label: string; stock: number }> }> {
  const res = await shop.gql<{
    staffProducts: Array<{ id: string; sizes: Array<{ id: string; label: string; stock: number }> }>;
  }>(`{ staffProducts { id sizes { id label stock } } }`, {}, auth);
  return res.data!.staffProducts.find((p) => p.sizes.length >= 2)!;
}

async function paidOrder(quantity = 1): Promise<{ placed: Placed; id: number }> {
  const placed = await placeOrder(shop, orderInput(plenty, quantity));
  expectTypename(placed, 'OrderPlaced');
  const row = await orderRow(shop, placed.reference);
  const event = await knownEvent(shop, {
    id: `tx-hostil-${row.id}`,
    reference: placed.reference,
    amountInCents: row.total * 100,
    status: 'APPROVED',
  });
  expect(await postEvent(shop, event)).toBe(200);
  return { placed, id: row.id };
}

const QUOTE = `query($input: CartQuoteInput!) { cartQuote(input: $input) { itemCount subtotal hasProblems lines { quantity problem { kind available } } } }`;
const PLACE = `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { __typename
  ... on OrderPlaced { reference accessToken } ... on CartProblem { message lines { quantity problem { kind available } } }
  ... on ValidationErrors { message errors { field message } } ... on InvalidDiscountCode { reason message } } }`;
const BULK = `mutation($input: BulkTransitionInput!) { staffBulkTransitionOrders(input: $input) { __typename
  ... on ValidationErrors { message errors { field message } } ... on BulkTransitionReport { moved refused } } }`;
const PRODUCT_RESULT = `__typename ... on ValidationErrors { message errors { field message } } ... on NotFound { message } ... on StaffProduct { id sizes { id label stock } }`;

/** Each list input and how the shop treats its repeats and its length. */
const LIST_CASES: Record<string, () => Promise<void>> = {
  'CartQuoteInput.lines': async () => {
    const line = { productId: variant.productId, sizeId: variant.sizeId, quantity: 3 };
    // Repeats of a size are one line: 3 + 3 of a size with 5 left is short, not two fits.
    const { data } = await call(QUOTE, { input: { lines: [line, line] } });
    expect(data).toMatchObject({
      hasProblems: true,
      lines: [{ quantity: 6, problem: { kind: 'INSUFFICIENT_STOCK', available: 5 } }],
    });
    const many = await call(QUOTE, {
      input: { lines: Array.from({ length: 51 }, (_, i) => ({ ...line, sizeId: String(i + 1) })) },
    });
    expect(many.errors[0]!.extensions!.code).toBe('BAD_USER_INPUT');
  },
  'PlaceOrderInput.lines': async () => {
    const line = { productId: variant.productId, sizeId: variant.sizeId, quantity: 3 };
    const before = await sizeStock(shop, variant.sizeId);
    const { data } = await call(PLACE, { input: orderInput(variant, 3, { lines: [line, line] }) }, shopperIp());
    expect(data).toMatchObject({ __typename: 'CartProblem' });
    expect(await sizeStock(shop, variant.sizeId)).toEqual(before);
    const fits = await call(
      PLACE,
      {
        input: orderInput(variant, 1, {
          lines: [
            { ...line, quantity: 1 },
            { ...line, quantity: 1 },
          ],
        }),
      },
      shopperIp(),
    );
    expect(fits.data).toMatchObject({ __typename: 'OrderPlaced' });
    const lines = await shop.ds.query(
      `SELECT quantity FROM order_line l JOIN shop_order o ON o.id = l.order_id WHERE o.reference = $1`,
      [fits.data!.reference],
    );
    expect(lines).toEqual([{ quantity: 2 }]);
  },
  'RequestReturnInput.items': async () => {
    // Covered in depth by money-and-stock.test.ts; here: repeats added up against the units bought, and a long list.
    const { placed, id } = await paidOrder(1);
    for (const [to, extra] of [
      ['EN_PREPARACION', {}],
      ['ENVIADO', { carrier: 'Servientrega', trackingNumber: 'SV-H' }],
      ['ENTREGADO', {}],
    ] as const)
      await staff(`mutation($input: TransitionOrderInput!) { staffTransitionOrder(input: $input) { __typename } }`, {
        input: { orderId: String(id), to, ...extra },
      });
    const order = { id, reference: placed.reference, accessToken: placed.accessToken };
    const [{ id: lineId }] = await shop.ds.query(`SELECT id FROM order_line WHERE order_id = $1`, [order.id]);
    const ask = (items: Array<{ lineId: string; quantity: number }>) =>
      call(
        `mutation($r: String!, $t: String!, $input: RequestReturnInput!) { requestReturn(reference: $r, token: $t, input: $input) { __typename ... on ValidationErrors { message errors { field message } } } }`,
        {
          r: order.reference,
          t: order.accessToken,
          input: { kind: 'RETRACTO', reason: 'No le quedó a mi perro', items },
        },
      );
    const twice = await ask([
      { lineId: String(lineId), quantity: 1 },
      { lineId: String(lineId), quantity: 1 },
    ]);
    expect(twice.data).toMatchObject({
      __typename: 'ValidationErrors',
      errors: [{ message: 'Puedes devolver hasta 1 unidad de ese producto.' }],
    });
    const long = await ask(Array.from({ length: 101 }, () => ({ lineId: String(lineId), quantity: 1 })));
    expect(long.data).toMatchObject({
      __typename: 'ValidationErrors',
      message: 'La solicitud tiene demasiados productos.',
    });
    expect(await shop.ds.query(`SELECT id FROM return_request WHERE order_id = $1`, [order.id])).toEqual([]);
  },
  'BulkTransitionInput.orderIds': async () => {
    const { id } = await paidOrder();
    const twice = await staff(BULK, { input: { orderIds: [String(id), String(id)], to: 'EN_PREPARACION' } });
    expect(twice.data).toMatchObject({
      __typename: 'ValidationErrors',
      message: 'Una orden aparece más de una vez en la lista.',
    });
    expect(
      (await orderRow(shop, (await shop.ds.query(`SELECT reference FROM shop_order WHERE id = $1`, [id]))[0].reference))
        .status,
    ).toBe('PAGADO');
    const many = await staff(BULK, {
      input: { orderIds: Array.from({ length: 101 }, (_, i) => String(i + 1)), to: 'EN_PREPARACION' },
    });
    expect(many.data).toMatchObject({
      __typename: 'ValidationErrors',
      message: 'Puedes cambiar hasta 100 órdenes a la vez.',
    });
  },
  'BulkTransitionInput.shipments': async () => {
    const { id } = await paidOrder();
    const ship = (shipments: unknown[], to = 'ENVIADO') =>
      staff(BULK, { input: { orderIds: [String(id)], to, shipments } });
    const guide = { orderId: String(id), carrier: 'Servientrega', trackingNumber: 'SV-1' };
    expect((await ship([guide, { ...guide, trackingNumber: 'SV-2' }])).data).toMatchObject({
      __typename: 'ValidationErrors',
      message: 'Una orden tiene más de una guía en la lista.',
    });
    expect((await ship([{ ...guide, orderId: '999999' }])).data).toMatchObject({
      message: 'Hay una guía para una orden que no elegiste.',
    });
    expect((await ship([guide], 'EN_PREPARACION')).data).toMatchObject({
      message: 'La transportadora y la guía solo se indican al enviar.',
    });
  },
  'Query.staffOrdersByIds(ids)': async () => {
    const { id } = await paidOrder();
    const { data } = await staff(`query($ids: [ID!]!) { staffOrdersByIds(ids: $ids) { id } }`, {
      ids: [String(id), String(id), ...Array.from({ length: 200 }, (_, i) => String(900_000 + i))],
    });
    expect(data).toEqual([{ id: String(id) }]);
  },
  'Query.staffReturns(statuses)': async () => {
    const { data, errors } = await staff(`query($s: [ReturnStatus!]) { staffReturns(statuses: $s) { id } }`, {
      s: Array.from({ length: 500 }, () => 'SOLICITADA'),
    });
    expect(errors).toEqual([]);
    expect(Array.isArray(data)).toBe(true);
  },
  'StaffOrderFilter.statuses': async () => {
    const { errors } = await staff(`query($f: StaffOrderFilter) { staffOrders(filter: $f) { totalCount } }`, {
      f: { statuses: Array.from({ length: 500 }, () => 'PAGADO') },
    });
    expect(errors).toEqual([]);
  },
  'StaffOrderFilter.paymentMethods': async () => {
    const { errors } = await staff(`query($f: StaffOrderFilter) { staffOrders(filter: $f) { totalCount } }`, {
      f: { paymentMethods: Array.from({ length: 500 }, () => 'CARD') },
    });
    expect(errors).toEqual([]);
  },
  'ProductFilter.categories': async () => {
    const q = `query($f: ProductFilter) { products(filter: $f) { totalCount } }`;
    const twice = await call(q, { f: { categories: ['collares', 'collares'] } });
    const once = await call(q, { f: { categories: ['collares'] } });
    expect(twice.data).toEqual(once.data);
    const many = await call(q, { f: { categories: Array.from({ length: 21 }, (_, i) => `c${i}`) } });
    expect(many.errors[0]!.extensions!.code).toBe('BAD_USER_INPUT');
  },
  'ProductFilter.sizes': async () => {
    const q = `query($f: ProductFilter) { products(filter: $f) { totalCount } }`;
    expect((await call(q, { f: { sizes: ['M', 'M', 'M'] } })).data).toEqual(
      (await call(q, { f: { sizes: ['M'] } })).data,
    );
    expect((await call(q, { f: { sizes: ['XXXL'] } })).errors[0]!.extensions!.code).toBe('BAD_USER_INPUT');
  },
  'ProductFilter.pets': async () => {
    const q = `query($f: ProductFilter) { products(filter: $f) { totalCount } }`;
    expect((await call(q, { f: { pets: Array.from({ length: 200 }, () => 'DOG') } })).data).toEqual(
      (await call(q, { f: { pets: ['DOG'] } })).data,
    );
  },
  'LegalSettingsInput.taxResponsibilities': async () => {
    const SAVE = `mutation($input: LegalSettingsInput!) { staffSaveLegalSettings(input: $input) {
      __typename ... on LegalSettings { saved } ... on ValidationErrors { errors { field } } } }`;
    const input = {
      legalName: 'Mascotas del Norte S.A.S.',
      tradeName: 'Enzo',
      nit: '900.559.088-2',
      organizationType: 'JURIDICA',
      taxRegime: 'RESPONSABLE_IVA',
      address: 'Avenida 0 # 10-20',
      departmentCode: '54',
      municipalityCode: '54001',
      postalCode: '540001',
      phone: '+57 607 555 1234',
      email: 'facturas@mascotasdelnorte.co',
    };
    const before = await shop.ds.query(`SELECT * FROM legal_settings`);
    // A responsibility twice, and more of them than the RUT has: refused, nothing saved.
    for (const taxResponsibilities of [
      ['O-13', 'O-13'],
      ['O-13', 'O-15', 'O-23', 'O-47', 'R-99-PN', 'O-13'],
    ]) {
      const { data } = await staff(SAVE, { input: { ...input, taxResponsibilities } });
      expect(data).toMatchObject({ __typename: 'ValidationErrors' });
    }
    expect(await shop.ds.query(`SELECT * FROM legal_settings`)).toEqual(before);
  },
  'ProductInput.sizes': async () => {
    const product = await productWithSizes();
    const [a, b] = product.sizes;
    const input = await productInput(product.id);
    const repeated = await staff(
      `mutation($id: ID!, $input: ProductInput!) { staffSaveProduct(productId: $id, input: $input) { ${PRODUCT_RESULT} } }`,
      {
        id: product.id,
        input: {
          ...input,
          sizes: [
            { id: a!.id, label: a!.label, stock: 1 },
            { id: a!.id, label: 'ZZ', stock: 999 },
            { id: b!.id, label: b!.label, stock: b!.stock },
          ],
        },
      },
    );
    expect(repeated.data).toMatchObject({
      __typename: 'ValidationErrors',
      errors: [{ field: 'sizes', message: 'Una talla aparece dos veces en la lista.' }],
    });
    const labels = await staff(
      `mutation($input: ProductInput!) { staffCreateProduct(input: $input) { ${PRODUCT_RESULT} } }`,
      {
        input: {
          ...input,
          slug: null,
          sizes: [
            { label: 'M', stock: 1 },
            { label: 'm', stock: 2 },
          ],
        },
      },
    );
    expect(labels.data).toMatchObject({ errors: [{ field: 'sizes', message: 'Hay dos tallas con el mismo nombre.' }] });
    const many = await staff(
      `mutation($input: ProductInput!) { staffCreateProduct(input: $input) { ${PRODUCT_RESULT} } }`,
      {
        input: { ...input, slug: null, sizes: Array.from({ length: 13 }, (_, i) => ({ label: `T${i}`, stock: 1 })) },
      },
    );
    expect(many.data).toMatchObject({
      errors: [{ field: 'sizes', message: 'Un producto admite como máximo 12 tallas.' }],
    });
  },
  'ProductInput.collections': async () => {
    const product = await productWithSizes();
    const input = await productInput(product.id);
    const saved = await staff(
      `mutation($id: ID!, $input: ProductInput!) { staffSaveProduct(productId: $id, input: $input) { __typename ... on StaffProduct { collections } } }`,
      {
        id: product.id,
        input: { ...input, collections: ['halloween', 'halloween', 'halloween'] },
      },
    );
    expect(saved.data).toMatchObject({ __typename: 'StaffProduct', collections: ['halloween'] });
  },
  'ProductInput.pets': async () => {
    const product = await productWithSizes();
    const input = await productInput(product.id);
    const saved = await staff(
      `mutation($id: ID!, $input: ProductInput!) { staffSaveProduct(productId: $id, input: $input) { __typename ... on StaffProduct { pets } } }`,
      {
        id: product.id,
        input: { ...input, pets: ['CAT', 'DOG', 'CAT', 'DOG'] },
      },
    );
    expect(saved.data).toMatchObject({ pets: ['DOG', 'CAT'] });
  },
  'SizeGuideInput.measurements': async () => {
    const product = await productWithSizes();
    const input = await productInput(product.id);
    const guide = {
      measurements: ['NECK', 'NECK'],
      rows: [{ size: product.sizes[0]!.label, values: [{ min: 20 }, { min: 21 }] }],
    };
    const res = await staff(
      `mutation($id: ID!, $input: ProductInput!) { staffSaveProduct(productId: $id, input: $input) { ${PRODUCT_RESULT} } }`,
      {
        id: product.id,
        input: { ...input, sizeGuide: guide },
      },
    );
    expect(res.data).toMatchObject({ __typename: 'ValidationErrors', errors: [{ field: 'sizeGuide.measurements' }] });
  },
  'SizeGuideInput.rows': async () => {
    const product = await productWithSizes();
    const input = await productInput(product.id);
    const row = { size: product.sizes[0]!.label, values: [{ min: 20 }] };
    const res = await staff(
      `mutation($id: ID!, $input: ProductInput!) { staffSaveProduct(productId: $id, input: $input) { ${PRODUCT_RESULT} } }`,
      {
        id: product.id,
        input: { ...input, sizeGuide: { measurements: ['NECK'], rows: [row, row] } },
      },
    );
    expect(res.data).toMatchObject({ __typename: 'ValidationErrors' });
    expect(res.data!.message).toMatch(/repet|dos veces|más de una vez/i);
    const many = await staff(
      `mutation($id: ID!, $input: ProductInput!) { staffSaveProduct(productId: $id, input: $input) { ${PRODUCT_RESULT} } }`,
      {
        id: product.id,
        input: { ...input, sizeGuide: { measurements: ['NECK'], rows: Array.from({ length: 21 }, () => row) } },
      },
    );
    expect(many.data).toMatchObject({ __typename: 'ValidationErrors' });
  },
  'SizeGuideRowInput.values': async () => {
    const product = await productWithSizes();
    const input = await productInput(product.id);
    const res = await staff(
      `mutation($id: ID!, $input: ProductInput!) { staffSaveProduct(productId: $id, input: $input) { ${PRODUCT_RESULT} } }`,
      {
        id: product.id,
        input: {
          ...input,
          sizeGuide: {
            measurements: ['NECK'],
            rows: [{ size: product.sizes[0]!.label, values: Array.from({ length: 50 }, () => ({ min: 20 })) }],
          },
        },
      },
    );
    expect(res.data).toMatchObject({ __typename: 'ValidationErrors', errors: [{ field: 'sizeGuide.rows.0.values' }] });
  },
  'UpdateProductInput.sizes': async () => {
    const product = await productWithSizes();
    const [a] = product.sizes;
    const q = `mutation($input: UpdateProductInput!) { staffUpdateProduct(input: $input) { ${PRODUCT_RESULT} } }`;
    const repeated = await staff(q, {
      input: {
        productId: product.id,
        sizes: [
          { sizeId: a!.id, stock: 1 },
          { sizeId: a!.id, stock: 900 },
        ],
      },
    });
    expect(repeated.data).toMatchObject({
      __typename: 'ValidationErrors',
      errors: [{ field: 'sizes', message: 'Una talla aparece dos veces en la lista.' }],
    });
    const [{ stock }] = await shop.ds.query(`SELECT stock FROM product_size WHERE id = $1`, [Number(a!.id)]);
    expect(stock).toBe(a!.stock);
  },
  'UpdateProductInput.pets': async () => {
    const product = await productWithSizes();
    const res = await staff(
      `mutation($input: UpdateProductInput!) { staffUpdateProduct(input: $input) { __typename ... on StaffProduct { pets } } }`,
      {
        input: { productId: product.id, pets: Array.from({ length: 100 }, () => 'DOG') },
      },
    );
    expect(res.data).toMatchObject({ __typename: 'StaffProduct', pets: ['DOG'] });
  },
  'Mutation.staffArrangeProductImages(images)': async () => {
    const [row] = await shop.ds.query(
      `SELECT product_id, array_agg(id ORDER BY position) AS ids FROM product_image GROUP BY product_id HAVING count(*) >= 1 LIMIT 1`,
    );
    const id = String(row.ids[0]);
    const res = await staff(
      `mutation($p: ID!, $images: [ProductImageOrderInput!]!) { staffArrangeProductImages(productId: $p, images: $images) { ${PRODUCT_RESULT} } }`,
      {
        p: String(row.product_id),
        images: [
          ...row.ids.map((i: number) => ({ id: String(i), alt: 'Foto del producto' })),
          { id, alt: 'Foto repetida' },
        ],
      },
    );
    expect(res.data).toMatchObject({ __typename: 'ValidationErrors', errors: [{ field: 'images' }] });
  },
  'DiscountCodeInput.categorySlugs': async () => {
    const res = await staff(
      `mutation($input: DiscountCodeInput!) { staffCreateDiscountCode(input: $input) { __typename ... on StaffDiscountCode { categories { slug } } } }`,
      {
        input: { code: 'HOSTIL-CAT', percent: 5, active: true, categorySlugs: ['collares', 'collares', 'collares'] },
      },
    );
    expect(res.data).toMatchObject({ __typename: 'StaffDiscountCode', categories: [{ slug: 'collares' }] });
  },
  'Mutation.staffReorderHomeSlides(ids)': async () => {
    const slides: Array<{ id: number }> = await shop.ds.query(`SELECT id FROM home_slide ORDER BY position`);
    const ids = slides.map((s) => String(s.id));
    const res = await staff(
      `mutation($ids: [ID!]!) { staffReorderHomeSlides(ids: $ids) { __typename ... on ValidationErrors { errors { field } } } }`,
      {
        ids: [...ids.slice(0, -1), ids[0]!],
      },
    );
    expect(res.data).toMatchObject({ __typename: 'ValidationErrors', errors: [{ field: 'ids' }] });
  },
  'Mutation.staffReorderPromoBlocks(ids)': async () => {
    const blocks: Array<{ id: number }> = await shop.ds.query(`SELECT id FROM promo_block ORDER BY position`);
    const ids = blocks.map((s) => String(s.id));
    const res = await staff(
      `mutation($ids: [ID!]!) { staffReorderPromoBlocks(ids: $ids) { __typename ... on ValidationErrors { errors { field } } } }`,
      {
        ids: [...ids, ids[0] ?? '1'],
      },
    );
    expect(res.data).toMatchObject({ __typename: 'ValidationErrors', errors: [{ field: 'ids' }] });
  },
};

/** A product as staff would save it unchanged (sizes with their ids and stock). */
async function productInput(id: string) {
  const res = await shop.gql<{
    staffProduct: {
      name: string;
      description: string;
      price: number;
      active: boolean;
      category: { slug: string };
      collections: string[];
      pets: string[];
      sizes: Array<{ id: string; label: string; stock: number }>;
    };
  }>(
    `query($id: ID!) { staffProduct(id: $id) { name description price active category { slug } collections pets sizes { id label stock } } }`,
    { id },
    auth,
  );
  const p = res.data!.staffProduct;
  return {
    name: p.name,
    slug: null,
    categorySlug: p.category.slug,
    description: p.description,
    price: p.price,
    active: p.active,
    collections: p.collections,
    pets: p.pets,
    sizes: p.sizes.map((s) => ({ id: s.id, label: s.label, stock: s.stock })),
    sizeGuide: null,
  };
}

describe('every list a client sends is checked for repeats and totals', () => {
  it('has a case for every list input in the schema (a new one needs its own)', () => {
    const inputs = listInputs();
    expect(inputs.filter((p) => !(p in LIST_CASES))).toEqual([]);
    expect(Object.keys(LIST_CASES).filter((p) => !inputs.includes(p))).toEqual([]);
  });

  for (const [path, test] of Object.entries(LIST_CASES)) it(path, test);
});

const LOOKUP = `query($r: String!, $e: String!) { orderLookup(reference: $r, email: $e) { __typename ... on NotFound { message } } }`;
const RECEIPT = `query($r: String!, $t: String!) { orderReceipt(reference: $r, token: $t) { reference } }`;

/** A well-formed reference no order has. */
const UNKNOWN_REF = 'ENZ-ZZZZZZ';

/** Each public operation that names something, and proof its answer does not tell whether it exists. */
const ORACLE_CASES: Record<string, () => Promise<void>> = {
  'Query.orderLookup': async () => {
    const { placed } = await paidOrder();
    const wrongEmail = await call(LOOKUP, { r: placed.reference, e: 'otra@correo.com' }, shopperIp());
    const unknown = await call(LOOKUP, { r: UNKNOWN_REF, e: 'ana@correo.com' }, shopperIp());
    expect(wrongEmail.data).toEqual(unknown.data);
    expect(wrongEmail.data).toMatchObject({ __typename: 'NotFound' });
  },
  'Query.orderReceipt': async () => {
    const { placed } = await paidOrder();
    const wrongToken = await call(RECEIPT, { r: placed.reference, t: 'x'.repeat(64) });
    const unknown = await call(RECEIPT, { r: UNKNOWN_REF, t: 'x'.repeat(64) });
    expect(wrongToken).toEqual(unknown);
    expect(wrongToken.data).toBeNull();
  },
  'Mutation.retryPayment': async () => {
    const { placed } = await paidOrder();
    const q = `mutation($r: String!, $t: String!) { retryPayment(reference: $r, token: $t) { __typename ... on PaymentRetryUnavailable { message } } }`;
    expect(await call(q, { r: placed.reference, t: 'x'.repeat(64) })).toEqual(
      await call(q, { r: UNKNOWN_REF, t: 'x'.repeat(64) }),
    );
  },
  'Mutation.releaseOrder': async () => {
    const { placed } = await paidOrder();
    const q = `mutation($r: String!, $t: String!) { releaseOrder(reference: $r, token: $t) { __typename ... on NotFound { message } } }`;
    expect(await call(q, { r: placed.reference, t: 'x'.repeat(64) })).toEqual(
      await call(q, { r: UNKNOWN_REF, t: 'x'.repeat(64) }),
    );
  },
  'Mutation.requestReturn': async () => {
    const { placed } = await paidOrder();
    const q = `mutation($r: String!, $t: String!, $input: RequestReturnInput!) { requestReturn(reference: $r, token: $t, input: $input) { __typename ... on NotFound { message } } }`;
    const input = { kind: 'REVERSION', reason: 'No reconozco este cobro' };
    expect(await call(q, { r: placed.reference, t: 'x'.repeat(64), input })).toEqual(
      await call(q, { r: UNKNOWN_REF, t: 'x'.repeat(64), input }),
    );
  },
  'Query.cartQuote': async () => {
    // A quote names no customer (the schema has no email there): a first-purchase code applies for anyone.
    expect(Object.keys((schema.getType('CartQuoteInput') as GraphQLInputObjectType).getFields())).not.toContain(
      'customerEmail',
    );
    await shop.ds.query(
      `INSERT INTO discount_code (code, percent, first_purchase_only) VALUES ('PRIMERA-HOSTIL', 10, true)`,
    );
    const withEmail = await call(`query($input: CartQuoteInput!) { cartQuote(input: $input) { discount } }`, {
      input: {
        lines: [{ productId: plenty.productId, sizeId: plenty.sizeId, quantity: 1 }],
        discountCode: 'PRIMERA-HOSTIL',
        customerEmail: 'ana@correo.com',
      },
    });
    expect(withEmail.errors[0]!.extensions!.code).toBe('BAD_USER_INPUT');
    const quoted = await call(QUOTE.replace('itemCount', 'itemCount discount'), {
      input: {
        lines: [{ productId: plenty.productId, sizeId: plenty.sizeId, quantity: 1 }],
        discountCode: 'PRIMERA-HOSTIL',
      },
    });
    expect(quoted.data!.discount).toBeGreaterThan(0);
  },
  'Mutation.placeOrder': async () => {
    // Someone who bought and someone who used the code are refused with the same words; the reason is the generic one.
    await shop.ds.query(
      `INSERT INTO discount_code (code, percent, first_purchase_only, per_customer_limit) VALUES ('UNICA-HOSTIL', 10, true, 1)`,
    );
    await paidOrder();
    const customer = (email: string, documentNumber: string) => ({
      ...orderInput(plenty).customer,
      email,
      documentNumber,
    });
    const bought = await call(
      PLACE,
      {
        input: orderInput(plenty, 1, {
          discountCode: 'UNICA-HOSTIL',
          customer: customer('Ana+x@Correo.com', '70111000'),
        }),
      },
      shopperIp(),
    );
    const first = await call(
      PLACE,
      {
        input: orderInput(plenty, 1, {
          discountCode: 'UNICA-HOSTIL',
          customer: customer('nueva.hostil@correo.com', '70222000'),
        }),
      },
      shopperIp(),
    );
    expect(first.data).toMatchObject({ __typename: 'OrderPlaced' });
    const usedIt = await call(
      PLACE,
      {
        input: orderInput(plenty, 1, {
          discountCode: 'UNICA-HOSTIL',
          customer: customer('nueva.hostil@correo.com', '70222000'),
        }),
      },
      shopperIp(),
    );
    expect(bought.data).toEqual({
      __typename: 'InvalidDiscountCode',
      reason: 'NOT_FOR_THIS_ORDER',
      message: 'Este código no aplica a este pedido.',
    });
    expect(usedIt.data).toEqual(bought.data);
  },
  'Query.sandboxCheckout': async () => {
    const unknown = await call(`query($s: String!) { sandboxCheckout(session: $s) { reference } }`, {
      s: 'x'.repeat(40),
    });
    expect(unknown.errors[0]!.extensions!.code).toBe('NOT_FOUND');
    // Sessions are random secrets of 128 bits or more: existence cannot be guessed to ask.
    const sessions: Array<{ id: string }> = await shop.ds.query(
      `SELECT id FROM sandbox_session WHERE id NOT LIKE 'fixture-%' LIMIT 1`,
    );
    for (const s of sessions) expect(s.id.length).toBeGreaterThanOrEqual(22);
  },
  'Mutation.sandboxPay': async () => {
    const unknown = await call(`mutation($i: SandboxPayInput!) { sandboxPay(input: $i) { status } }`, {
      i: { session: 'x'.repeat(40), decision: 'APPROVE' },
    });
    expect(unknown.errors[0]!.extensions!.code).toBe('NOT_FOUND');
  },
  'Query.campaign': async () => {
    const q = `query($slug: String!, $t: String) { campaign(slug: $slug, previewToken: $t) { slug } }`;
    await shop.ds.query(`UPDATE campaign SET active = false WHERE slug = 'halloween'`);
    const off = await call(q, { slug: 'halloween', t: 'x'.repeat(43) });
    const none = await call(q, { slug: 'no-existe', t: 'x'.repeat(43) });
    expect(off).toEqual(none);
    expect(off.data).toBeNull();
  },
};

describe('no public operation tells whether an email, a reference, a token or a code exists', () => {
  it('has a case for every public operation that takes one (a new one needs its own)', () => {
    const operations = namingOperations();
    expect(operations.filter((o) => !(o in ORACLE_CASES))).toEqual([]);
    expect(Object.keys(ORACLE_CASES).filter((o) => !operations.includes(o))).toEqual([]);
  });

  for (const [operation, test] of Object.entries(ORACLE_CASES)) it(operation, test);
});
