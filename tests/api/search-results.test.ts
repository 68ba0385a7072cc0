import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICE_RANGES, SEARCH_EXACT_LIMIT, SIZE_LABELS } from '#shared/shop.js';
import { startTestShop, type TestShop } from '../setup/test-shop.js';
import { parseFilter, parseSearchText } from '../../server/src/modules/catalog/search-input.js';
import { oracleListingStatement, type OracleSpec } from './search-oracle-sql.js';
import { SEARCH_STATS_SQL, searchTextStatement } from '../../server/src/modules/catalog/search-sql.js';
import { searchStatsOf, type SearchStatsRow } from '../../server/src/modules/catalog/search-estimate.js';
import { searchPageStatement } from '../../server/src/modules/catalog/listing-sql.js';
import { textQueryOf } from '../../server/src/modules/catalog/search-tsquery.js';
import { graphql } from '../gql/index.js';
import type { ProductFilter, ProductPageFieldsFragment, ProductSort } from '../gql/graphql.js';

/**
 * The shop's bounded search and listing statements (product_search, product_facet_count) against the statement they
 * replaced (search-oracle-sql.ts, reading product and product_size), on a generated catalogue of a few thousand
 * products with varied stock, prices, pets and positions.
 *
 * What "identical" covers: for every search that matches at most SEARCH_EXACT_LIMIT products, and for every listing,
 * the page (ids in order, across pages), the total and every count per filter option are equal; the relevance order
 * is fully determined by both (tier, stock, ts_rank, position, id), so there are no ties to break. A search that
 * matches more answers by its stated rule instead: total SEARCH_EXACT_LIMIT marked inexact, the first
 * SEARCH_EXACT_LIMIT hits of the shop's order (in stock first, position, id) ranked as the oracle ranks them and the
 * rest after them in the shop's order, and the counts per option of the first SEARCH_EXACT_LIMIT text matches.
 */
let shop: TestShop;
const PRODUCTS = 3200;

beforeAll(async () => {
  shop = await startTestShop();
  // Copies of the seeded products (names, descriptions, pets of their category) with their own price, place in the
  // shop's order (not the id order), age and stock per size (about one size in five sold out, some products entirely).
  await shop.ds.query(
    `WITH models AS (
       SELECT category_slug, name, description, pets, collections,
              (row_number() OVER (PARTITION BY category_slug ORDER BY id) - 1)::int AS k,
              count(*) OVER (PARTITION BY category_slug)::int AS n
         FROM product
     ), cats AS (SELECT slug, (row_number() OVER (ORDER BY position) - 1)::int AS idx, count(*) OVER ()::int AS n FROM category)
     INSERT INTO product (slug, name, description, price, category_slug, collections, position, created_at, pets, active)
     SELECT 'gen-' || g, m.name || ' ' || g, m.description, 15000 + (g * 7919 % 140) * 1000, c.slug, m.collections,
            (g * 104729) % 5000, now() - make_interval(mins => (g * 31) % 9000),
            CASE WHEN g % 11 = 0 THEN ARRAY['DOG', 'CAT'] ELSE m.pets END, g % 37 <> 0
       FROM generate_series(1, $1::int) g
       JOIN cats c ON c.idx = g % c.n
       JOIN models m ON m.category_slug = c.slug AND m.k = (g / c.n) % m.n`,
    [PRODUCTS],
  );
  await shop.ds.query(
    `INSERT INTO product_size (product_id, label, position, stock)
     SELECT p.id, l.label, l.pos, CASE WHEN (p.id * 13 + l.pos * 7) % 5 = 0 OR p.id % 17 = 0 THEN 0 ELSE 1 + p.id % 9 END
       FROM product p CROSS JOIN (VALUES ('XS', 0), ('S', 1), ('M', 2), ('L', 3), ('XL', 4)) AS l(label, pos)
      WHERE p.slug LIKE 'gen-%'`,
  );
  await shop.ds.query('ANALYZE');
}, 240_000);
afterAll(() => shop?.close());

graphql(`
  fragment ProductPageFields on ProductConnection {
    totalCount
    totalCountExact
    pageInfo {
      hasNextPage
      endCursor
    }
    edges {
      node {
        id
      }
    }
    facets {
      exact
      inStock
      sizes {
        label
        count
      }
      pets {
        pet
        count
      }
      priceRanges {
        min
        max
        count
      }
      categories {
        slug
        name
        count
      }
    }
  }
`);
const SEARCH = graphql(`
  query SearchPage($query: String, $filter: ProductFilter, $sort: ProductSort, $first: Int, $after: String) {
    search(query: $query, filter: $filter, sort: $sort, first: $first, after: $after) {
      correctedQuery
      categories {
        slug
        productCount
      }
      products {
        ...ProductPageFields
      }
    }
  }
`);
const LISTING = graphql(`
  query ListingPage(
    $category: String
    $collection: String
    $filter: ProductFilter
    $sort: ProductSort
    $first: Int
    $after: String
  ) {
    products(category: $category, collection: $collection, filter: $filter, sort: $sort, first: $first, after: $after) {
      ...ProductPageFields
    }
  }
`);

type Connection = ProductPageFieldsFragment;
type Facets = Connection['facets'];

const cursor = (offset: number) => (offset ? Buffer.from(`o:${offset}`).toString('base64url') : null);

interface Ask {
  query?: string;
  category?: string;
  collection?: string;
  filter?: ProductFilter;
  sort?: ProductSort;
}

async function shopPage(ask: Ask, first: number, offset: number): Promise<Connection> {
  const variables = { ...ask, first, after: cursor(offset) };
  if (ask.query !== undefined) {
    const res = await shop.gql(SEARCH, variables);
    expect(res.errors).toBeUndefined();
    return res.data!.search.products;
  }
  const res = await shop.gql(LISTING, variables);
  expect(res.errors).toBeUndefined();
  return res.data!.products;
}

interface OracleRow {
  id: number | null;
  total: number;
  facets: { inStock: number; sizes: number[]; pets: number[]; prices: number[]; categories: Facets['categories'] };
}

/** The oracle's answer: every hit in order (one page as long as the catalogue), the total and the facets. */
async function oracle(ask: Ask, filter = parseFilter(ask.filter)) {
  const spec: OracleSpec = {
    text: ask.query === undefined ? null : parseSearchText(ask.query),
    category: ask.category,
    collection: ask.collection,
    filter,
  };
  const st = oracleListingStatement(spec, ask.sort ?? 'RELEVANCE', 100_000, 0, PRICE_RANGES);
  const rows: OracleRow[] = await shop.ds.query(st.sql, st.params);
  const f = rows[0]!.facets;
  const facets = {
    inStock: f.inStock,
    sizes: SIZE_LABELS.map((label, i) => ({ label, count: f.sizes[i] ?? 0 })),
    pets: ['DOG', 'CAT'].map((pet, i) => ({ pet, count: f.pets[i] ?? 0 })),
    priceRanges: PRICE_RANGES.map((r, i) => ({ min: r.min, max: r.max, count: f.prices[i] ?? 0 })),
    categories: f.categories,
  };
  return { ids: rows.filter((r) => r.id !== null).map((r) => String(r.id)), total: rows[0]!.total, facets };
}

/** Reads `pages` pages of `first` from the shop. */
async function shopPages(ask: Ask, first: number, pages: number) {
  const head = await shopPage(ask, first, 0);
  const ids = head.edges.map((e) => e.node.id);
  let info = head.pageInfo;
  for (let i = 1; i < pages && info.hasNextPage; i++) {
    const next = await shopPage(ask, first, i * first);
    ids.push(...next.edges.map((e) => e.node.id));
    info = next.pageInfo;
  }
  return { head, ids, more: info.hasNextPage };
}

/** Per product: what the shop's order, the filters and the facets look at. */
async function productFacts() {
  const rows: Array<{
    id: number;
    position: number;
    price: number;
    pets: string[];
    category_slug: string;
    avail: string[];
  }> = await shop.ds.query(
    `SELECT p.id, p.position, p.price, p.pets, p.category_slug,
            ARRAY(SELECT s.label::text FROM product_size s WHERE s.product_id = p.id AND s.stock > 0) AS avail
       FROM product p WHERE p.active`,
  );
  return new Map(rows.map((r) => [String(r.id), r]));
}

type Facts = Awaited<ReturnType<typeof productFacts>>;
const shopOrder = (facts: Facts) => (a: string, b: string) => {
  const [x, y] = [facts.get(a)!, facts.get(b)!];
  return Number(y.avail.length > 0) - Number(x.avail.length > 0) || x.position - y.position || Number(a) - Number(b);
};

/** Counts per filter option over `ids` (each option with the other active filters), as the oracle counts. */
function countFacets(ids: string[], facts: Facts, f: ReturnType<typeof parseFilter>, names: Map<string, string>) {
  const pass = (id: string, except: string) => {
    const p = facts.get(id)!;
    return (
      (except === 'categories' || !f.categories.length || f.categories.includes(p.category_slug)) &&
      (except === 'sizes' || !f.sizes.length || f.sizes.some((s) => p.avail.includes(s))) &&
      (except === 'pets' || !f.pets.length || f.pets.some((x) => p.pets.includes(x))) &&
      (except === 'price' ||
        ((f.minPrice === null || p.price >= f.minPrice) && (f.maxPrice === null || p.price <= f.maxPrice))) &&
      (except === 'inStock' || !f.inStock || p.avail.length > 0)
    );
  };
  const count = (except: string, test: (p: ReturnType<Facts['get']> & object) => boolean) =>
    ids.filter((id) => pass(id, except) && test(facts.get(id)!)).length;
  const categories = new Map<string, number>();
  for (const id of ids)
    if (pass(id, 'categories')) {
      const slug = facts.get(id)!.category_slug;
      categories.set(slug, (categories.get(slug) ?? 0) + 1);
    }
  return {
    inStock: count('inStock', (p) => p.avail.length > 0),
    sizes: SIZE_LABELS.map((label) => ({ label, count: count('sizes', (p) => p.avail.includes(label)) })),
    pets: ['DOG', 'CAT'].map((pet) => ({ pet, count: count('pets', (p) => p.pets.includes(pet)) })),
    priceRanges: PRICE_RANGES.map((r) => ({
      ...r,
      count: count('price', (p) => p.price >= r.min && (r.max === null || p.price <= r.max)),
    })),
    categories: [...categories.entries()].map(([slug, count]) => ({ slug, name: names.get(slug)!, count })),
  };
}

const withoutExact = ({ exact: _exact, ...rest }: Facets) => rest;

const SEARCHES: Ask[] = [
  { query: 'arnes rojo' },
  { query: 'colar cuero' },
  { query: 'pechera', filter: { sizes: ['M'], inStock: true } },
  { query: 'pechera', filter: { sizes: ['XS', 'XL'], pets: ['CAT'] } },
  { query: 'bandana', filter: { minPrice: 40_001, maxPrice: 120_000 }, sort: 'PRICE_ASC' },
  { query: 'correa', sort: 'NEWEST' },
  { query: 'chaqueta denim', sort: 'PRICE_DESC' },
  { query: 'gato', filter: { categories: ['collares', 'bandanas'] } },
  { query: 'collar', filter: { inStock: true } },
  { query: 'perro' },
  { query: 'perro', filter: { sizes: ['L'], inStock: true } },
  { query: 'perro', sort: 'PRICE_ASC', filter: { pets: ['CAT'] } },
  { query: 'zzqxw' },
  { query: 'de la' },
];

describe('search results: the bounded statements answer as the full statement did', () => {
  it('covers searches on both sides of the limit', async () => {
    const totals = await Promise.all(
      SEARCHES.map(async (a) => (await oracle({ query: a.query }, parseFilter(null))).total),
    );
    expect(
      totals.some((t) => t > SEARCH_EXACT_LIMIT),
      'some search matches more than the limit',
    ).toBe(true);
    expect(totals.filter((t) => t > 0 && t <= SEARCH_EXACT_LIMIT).length).toBeGreaterThan(5);
  });

  it('plans from what PostgreSQL keeps: the active products and how common each lexeme is', async () => {
    const [row] = (await shop.ds.query(SEARCH_STATS_SQL)) as SearchStatsRow[];
    const stats = searchStatsOf(row);
    const [{ active }] = (await shop.ds.query(
      `SELECT count(*)::int AS active FROM product WHERE active AND archived_at IS NULL`,
    )) as { active: number }[];
    expect(stats.products).toBe(active);
    // «collar» is in about a quarter of these products: among the lexemes ANALYZE keeps.
    expect(stats.common.get('collar')).toBeGreaterThan(0.05);
  });

  it('is identical whenever a search matches at most the limit: pages, totals and counts', async () => {
    let compared = 0;
    for (const ask of SEARCHES) {
      const textMatches = (await oracle({ query: ask.query }, parseFilter(null))).total;
      if (textMatches > SEARCH_EXACT_LIMIT) continue;
      const want = await oracle(ask);
      const got = await shopPages(ask, 48, 3);
      expect(got.head.totalCountExact, ask.query).toBe(true);
      expect(got.head.totalCount, ask.query).toBe(want.total);
      expect(got.ids, JSON.stringify(ask)).toEqual(want.ids.slice(0, got.ids.length));
      expect(got.ids.length).toBe(Math.min(want.ids.length, 144));
      expect(got.head.facets.exact).toBe(true);
      expect(withoutExact(got.head.facets), JSON.stringify(ask)).toEqual(want.facets);
      compared++;
    }
    expect(compared).toBeGreaterThan(5);
  });

  it('past the limit: ranks the first hits of the shop order, counts up to the limit, marks both', async () => {
    const facts = await productFacts();
    const names = new Map(
      ((await shop.ds.query(`SELECT slug, name FROM category`)) as { slug: string; name: string }[]).map((c) => [
        c.slug,
        c.name,
      ]),
    );
    let compared = 0;
    for (const ask of SEARCHES) {
      const text = await oracle({ query: ask.query }, parseFilter(null));
      if (text.total <= SEARCH_EXACT_LIMIT) continue;
      const want = await oracle(ask);
      const got = await shopPages(ask, 48, 2);
      const sort = ask.sort ?? 'RELEVANCE';
      if (want.total > SEARCH_EXACT_LIMIT) {
        expect(got.head.totalCountExact).toBe(false);
        expect(got.head.totalCount).toBe(SEARCH_EXACT_LIMIT);
        expect(got.more).toBe(true);
      } else {
        expect(got.head.totalCountExact).toBe(true);
        expect(got.head.totalCount).toBe(want.total);
      }
      if (sort === 'RELEVANCE') {
        // The oracle's relevance order, kept for the first hits of the shop's order, then the rest in that order.
        const byShop = [...want.ids].sort(shopOrder(facts));
        const window = new Set(byShop.slice(0, SEARCH_EXACT_LIMIT));
        const expected = [...want.ids.filter((id) => window.has(id)), ...byShop.slice(SEARCH_EXACT_LIMIT)];
        expect(got.ids, JSON.stringify(ask)).toEqual(expected.slice(0, got.ids.length));
      } else {
        // Other orders are exact: the cheapest (or newest) of every match.
        expect(got.ids, JSON.stringify(ask)).toEqual(want.ids.slice(0, got.ids.length));
      }
      expect(got.head.facets.exact).toBe(false);
      const sample = [...text.ids].sort(shopOrder(facts)).slice(0, SEARCH_EXACT_LIMIT);
      const counted = countFacets(sample, facts, parseFilter(ask.filter), names);
      const positions = new Map(
        ((await shop.ds.query(`SELECT slug, position FROM category`)) as { slug: string; position: number }[]).map(
          (c) => [c.slug, c.position],
        ),
      );
      counted.categories.sort((a, b) => positions.get(a.slug)! - positions.get(b.slug)!);
      expect(withoutExact(got.head.facets), JSON.stringify(ask)).toEqual(counted);
      compared++;
    }
    expect(compared).toBeGreaterThan(1);
  });

  it("reads the same rows whichever way it reads the matches (walking the shop order, a walk too short, the GIN index, PostgreSQL's own tsqueries)", async () => {
    for (const ask of SEARCHES) {
      const t = searchTextStatement(parseSearchText(ask.query)!);
      const [read] = (await shop.ds.query(t.sql, t.params)) as {
        any: string;
        name_or_category: string;
        name: string;
      }[];
      const text = textQueryOf(read);
      if (!text) continue;
      // Without leaving out the operands another one already matches (matchQuery): what PostgreSQL printed.
      const own = { any: read.any, nameOrCategory: read.name_or_category, name: read.name, rank: read.any };
      for (const [first, offset] of [
        [48, 0],
        [24, 960],
        [48, 1200],
      ] as const) {
        // A walk of 50 rows holds fewer matches than the page needs: the GIN index answers after it.
        const [walk, shortWalk, index, ownIndex] = await Promise.all(
          ([{ walkRows: 4000 }, { walkRows: 50 }, 'index', 'own'] as const).map((plan) => {
            const st = searchPageStatement(
              { text: plan === 'own' ? own : text, filter: parseFilter(ask.filter) },
              ask.sort ?? 'RELEVANCE',
              first,
              offset,
              PRICE_RANGES,
              plan === 'own' ? 'index' : plan,
            );
            return shop.ds.query(st.sql, st.params);
          }),
        );
        expect(walk, `${JSON.stringify(ask)} ${offset}`).toEqual(index);
        expect(shortWalk, `${JSON.stringify(ask)} ${offset}`).toEqual(index);
        expect(ownIndex, `${JSON.stringify(ask)} ${offset}`).toEqual(index);
      }
    }
  });

  it('lists categories and collections with filters exactly, from the kept counts', async () => {
    const asks: Ask[] = [
      { category: 'collares', filter: { sizes: ['M'], inStock: true } },
      { category: 'pecheras', filter: { pets: ['CAT'] }, sort: 'PRICE_DESC' },
      { category: 'arneses', filter: { minPrice: 30_000, maxPrice: 90_000, inStock: true }, sort: 'NEWEST' },
      { category: 'bandanas', filter: {} },
      { filter: { sizes: ['XS'] }, sort: 'PRICE_ASC' },
      { collection: 'halloween', filter: { inStock: true } },
    ];
    for (const ask of asks) {
      const want = await oracle(ask);
      const got = await shopPages(ask, 48, 3);
      expect(got.head.totalCountExact).toBe(true);
      expect(got.head.totalCount, JSON.stringify(ask)).toBe(want.total);
      expect(got.ids, JSON.stringify(ask)).toEqual(want.ids.slice(0, got.ids.length));
      expect(withoutExact(got.head.facets), JSON.stringify(ask)).toEqual(want.facets);
    }
  });

  it('stays identical as stock, prices, names and visibility change (the kept tables follow in the same statement)', async () => {
    const ids = (
      (await shop.ds.query(`SELECT id FROM product WHERE slug LIKE 'gen-%' ORDER BY id LIMIT 40`)) as {
        id: number;
      }[]
    ).map((r) => r.id);
    await shop.ds.transaction(async (m) => {
      await m.query(`UPDATE product_size SET stock = 0 WHERE product_id = ANY($1::int[]) AND label IN ('M', 'L')`, [
        ids.slice(0, 20),
      ]);
      await m.query(`UPDATE product_size SET stock = stock + 3 WHERE product_id = ANY($1::int[])`, [ids.slice(20)]);
      await m.query(`UPDATE product SET price = price + 1000, name = name || ' Roja' WHERE id = ANY($1::int[])`, [
        ids.slice(10, 30),
      ]);
      await m.query(`UPDATE product SET active = NOT active WHERE id = ANY($1::int[])`, [ids.slice(30, 35)]);
    });
    await shop.ds.query(`DELETE FROM product_size WHERE product_id = $1`, [ids[36]]);
    await shop.ds.query(`DELETE FROM product WHERE id = $1`, [ids[37]]);
    for (const ask of [
      { query: 'arnes rojo' },
      { query: 'collar', filter: { sizes: ['M'] } },
      { category: 'collares', filter: { sizes: ['L'], inStock: true } },
      { filter: { inStock: true }, sort: 'PRICE_ASC' as const },
    ]) {
      const want = await oracle(ask);
      if (want.total > SEARCH_EXACT_LIMIT && ask.query) continue;
      const got = await shopPage(ask, 48, 0);
      expect(got.totalCount, JSON.stringify(ask)).toBe(want.total);
      expect(
        got.edges.map((e) => e.node.id),
        JSON.stringify(ask),
      ).toEqual(want.ids.slice(0, 48));
      expect(withoutExact(got.facets), JSON.stringify(ask)).toEqual(want.facets);
    }
    // The derived rows equal what they derive from.
    const [drift] = await shop.ds.query(`
      SELECT (SELECT count(*) FROM product p FULL JOIN product_search s ON s.product_id = p.id
               WHERE s.product_id IS NULL OR p.id IS NULL OR s.active <> p.active OR s.price <> p.price OR s.name <> p.name
                  OR s.avail <> ARRAY(SELECT z.label::text FROM product_size z WHERE z.product_id = p.id AND z.stock > 0
                                      ORDER BY z.label COLLATE "C"))::int AS search_rows,
             (SELECT count(*) FROM (
                SELECT category_slug, price, pets, avail, count(*) AS n FROM product_search WHERE active
                 GROUP BY 1, 2, 3, 4) x FULL JOIN product_facet_count f USING (category_slug, price, pets, avail)
               WHERE x.n IS DISTINCT FROM f.products)::int AS facet_rows`);
    expect(drift).toEqual({ search_rows: 0, facet_rows: 0 });
  });
});
