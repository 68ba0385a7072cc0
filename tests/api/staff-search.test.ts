import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { startTestShop, type TestShop } from '../setup/test-shop.js';
import { legacyStaffHeaders } from '../setup/staff-tokens.js';
import { graphql } from '../gql/index.js';
import { expectTypename } from '../setup/graphql-post.js';

let shop: TestShop;
let auth: Record<string, string>;

beforeAll(async () => {
  shop = await startTestShop();
  auth = await legacyStaffHeaders(inject('authEmulatorHost'), 'staff-search@enzo.test');
});
afterAll(() => shop?.close());

const LIST = graphql(`
  query StaffProductSearch($q: String, $c: String) {
    staffProducts(search: $q, category: $c) {
      id
      name
      active
      pets
      category {
        slug
      }
    }
  }
`);
const SHOP_SEARCH = graphql(`
  query ShopSearchIds($query: String, $filter: ProductFilter, $first: Int) {
    search(query: $query, filter: $filter, first: $first) {
      products {
        edges {
          node {
            id
          }
        }
      }
    }
  }
`);

async function list(q: string | null, c: string | null = null) {
  const res = await shop.gql(LIST, { q, c }, auth);
  expect(res.errors).toBeUndefined();
  return res.data!.staffProducts;
}

describe('staff product search', () => {
  it('matches like the shop: accents, plurals and typos, most relevant first', async () => {
    const arnes = await list('arnes gato');
    expect(arnes[0]!.name).toBe('Arnés para gato Gris Perla');
    const colar = await list('colar');
    expect(colar.slice(0, 8).every((p) => p.category.slug === 'collares')).toBe(true);
    const pecheras = await list('PECHERAS', 'pecheras-backpack');
    expect(pecheras.length).toBeGreaterThan(0);
    expect(pecheras.every((p) => p.category.slug === 'pecheras-backpack')).toBe(true);
    expect(await list('🐶')).toEqual([]);
  });

  it('finds inactive products too, which the shop hides', async () => {
    const [target] = await list('collar trenzado');
    const off = await shop.gql(
      graphql(`
        mutation DeactivateSearchedProduct($id: ID!) {
          staffUpdateProduct(input: { productId: $id, active: false }) {
            ... on StaffProduct {
              id
              active
            }
          }
        }
      `),
      { id: target!.id },
      auth,
    );
    expect(off.errors).toBeUndefined();
    const found = await list('colar trensado');
    expect(found[0]).toMatchObject({ id: target!.id, active: false });
    const shopSearch = await shop.gql(SHOP_SEARCH, { query: 'collar trenzado' });
    expect(shopSearch.data!.search.products.edges.map((e) => e.node.id)).not.toContain(target!.id);
  });

  it('sets the pets a product is made for, and the shop filters and searches by them', async () => {
    const [correa] = await list('correa doble');
    expect(correa!.pets).toEqual(['DOG']);
    const res = await shop.gql(
      graphql(`
        mutation SetProductPets($id: ID!) {
          staffUpdateProduct(input: { productId: $id, pets: [CAT, DOG, CAT] }) {
            __typename
            ... on StaffProduct {
              id
              pets
            }
          }
        }
      `),
      { id: correa!.id },
      auth,
    );
    expect(res.errors).toBeUndefined();
    const updated = res.data!.staffUpdateProduct;
    expectTypename(updated, 'StaffProduct');
    expect(updated.pets).toEqual(['DOG', 'CAT']);
    const cats = await shop.gql(SHOP_SEARCH, { query: 'correa', filter: { pets: ['CAT'] }, first: 48 });
    expect(cats.data!.search.products.edges.map((e) => e.node.id)).toContain(correa!.id);
    const bad = await shop.gql(
      // untyped-document: FISH is not a pet of the schema, so codegen cannot read this document.
      `mutation($id: ID!) { staffUpdateProduct(input: { productId: $id, pets: [FISH] }) { __typename } }`,
      { id: correa!.id },
      auth,
    );
    expect(bad.errors![0]!.extensions!.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('is for staff only', async () => {
    const res = await shop.gql(LIST, { q: 'collar' });
    expect(res.errors![0]!.extensions!.code).toBe('UNAUTHENTICATED');
  });
});
