import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../setup/test-shop.js';
import { captureStatements } from '../bench/statement-counter.js';
import { graphql } from '../gql/index.js';
import type { ProductFilter, SearchFullPageQuery, SearchFullPageQueryVariables } from '../gql/graphql.js';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop?.close());

// The search page's own document reads less (no stock per size): the test checks every result against the filters.
const SEARCH = graphql(`
  query SearchFullPage($query: String, $filter: ProductFilter, $sort: ProductSort, $first: Int, $after: String) {
    search(query: $query, filter: $filter, sort: $sort, first: $first, after: $after) {
      query
      correctedQuery
      categories {
        slug
        name
        productCount
      }
      products {
        totalCount
        pageInfo {
          hasNextPage
          endCursor
        }
        edges {
          node {
            id
            name
            price
            pets
            soldOut
            category {
              slug
            }
            sizes {
              label
              stock
              available
            }
            images {
              url
            }
          }
        }
        facets {
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
    }
  }
`);

type Search = SearchFullPageQuery['search'];

async function search(query: string | null, extra: Omit<SearchFullPageQueryVariables, 'query'> = {}) {
  const res = await shop.gql(SEARCH, { query, first: 48, ...extra });
  expect(res.errors).toBeUndefined();
  return res.data!.search;
}
const names = (r: Search) => r.products.edges.map((e) => e.node.name);
const categoryCount = async (slug: string) => {
  const [{ n }] = await shop.ds.query(`SELECT count(*)::int AS n FROM product WHERE category_slug = $1 AND active`, [
    slug,
  ]);
  return n as number;
};

describe('search: Spanish matching', () => {
  it('ignores accents and case: «arnes» and «ARNÉS» find every «Arnés»', async () => {
    const arneses = await categoryCount('arneses');
    for (const q of ['arnes', 'ARNÉS', 'Arnés']) {
      const r = await search(q);
      const top = names(r).slice(0, arneses);
      expect(top).toHaveLength(arneses);
      for (const name of top) expect(name).toMatch(/^Arnés /);
      expect(r.correctedQuery).toBeNull();
    }
  });

  it('matches singular and plural both ways: «pechera» finds «Pecheras», «collares» finds «Collar …»', async () => {
    const pechera = await search('pechera');
    const expected = (await categoryCount('pecheras')) + (await categoryCount('pecheras-backpack'));
    expect(pechera.products.totalCount).toBeGreaterThanOrEqual(expected);
    expect(pechera.categories.map((c) => c.slug)).toEqual(['pecheras', 'pecheras-backpack']);
    expect(pechera.categories[0]!.name).toBe('Pecheras');
    // Each suggested category shows its active products (kept by PostgreSQL), as counted.
    for (const c of pechera.categories) expect([c.slug, c.productCount]).toEqual([c.slug, await categoryCount(c.slug)]);
    const collares = await search('collares');
    const n = await categoryCount('collares');
    expect(
      names(collares)
        .slice(0, n)
        .every((name) => name.startsWith('Collar ')),
    ).toBe(true);
    const correa = await search('correa');
    const correas = await search('correas');
    expect(names(correa).slice(0, 8)).toEqual(names(correas).slice(0, 8));
  });

  it('forgives typos and says what it searched: «colar» → collar, «bandaa» → bandana', async () => {
    const colar = await search('colar');
    expect(colar.correctedQuery).toBe('collar');
    expect(names(colar)[0]).toMatch(/^Collar /);
    expect(colar.products.totalCount).toBeGreaterThanOrEqual(await categoryCount('collares'));
    const bandaa = await search('bandaa');
    expect(bandaa.correctedQuery).toBe('bandana');
    const n = await categoryCount('bandanas');
    expect(
      names(bandaa)
        .slice(0, n)
        .every((name) => name.startsWith('Bandana ')),
    ).toBe(true);
    const chaketa = await search('chaketa denim');
    expect(names(chaketa)[0]).toMatch(/^Chaqueta Denim/);
  });

  it('matches while typing (the last word is a prefix) and needs every word', async () => {
    const pech = await search('pech');
    expect(names(pech)[0]).toMatch(/^Pechera/);
    const two = await search('collar cuero');
    expect(names(two)[0]).toBe('Collar de cuero Miel');
    for (const name of names(two)) expect(name).not.toMatch(/^Bandana/);
  });

  it('ranks name matches first, then products in stock, before description-only matches', async () => {
    const n = await categoryCount('collares');
    // Sell out one collar: it stays among the collars (relevance first) but after those in stock.
    const [{ id }] = await shop.ds.query(`SELECT id FROM product WHERE slug = 'collar-cuero-miel'`);
    await shop.ds.query(`UPDATE product_size SET stock = 0 WHERE product_id = $1`, [id]);
    try {
      const r = await search('collar');
      const nodes = r.products.edges.map((e) => e.node);
      expect(nodes.length).toBeGreaterThan(n);
      const collars = nodes.slice(0, n);
      expect(collars.every((p) => p.category.slug === 'collares')).toBe(true);
      expect(collars[n - 1]!.id).toBe(String(id));
      expect(collars[n - 1]!.soldOut).toBe(true);
      expect(collars.slice(0, n - 1).every((p) => !p.soldOut)).toBe(true);
      // The rest mention collars only in their description.
      expect(nodes.slice(n).every((p) => !/collar/i.test(p.name))).toBe(true);
      // The cat word is indexed from the pet field as well as from names.
      const gato = await search('gato');
      expect(
        names(gato)
          .slice(0, 3)
          .every((name) => /para gato/.test(name)),
      ).toBe(true);
    } finally {
      await shop.ds.query(`UPDATE product_size s SET stock = 5 WHERE product_id = $1`, [id]);
    }
  });

  it('sorts search results by price and by newest', async () => {
    const asc = await search('bandana', { sort: 'PRICE_ASC' });
    const prices = asc.products.edges.map((e) => e.node.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const desc = await search('bandana', { sort: 'PRICE_DESC' });
    expect(desc.products.edges.map((e) => e.node.price)).toEqual([...prices].sort((a, b) => b - a));
    const newest = await search('bandana', { sort: 'NEWEST' });
    expect(newest.products.totalCount).toBe(asc.products.totalCount);
  });

  it('pages through search results without gaps or repeats', async () => {
    const all = await search('denim');
    const seen: string[] = [];
    let after: string | null = null;
    for (let i = 0; i < 20; i++) {
      const page: Search['products'] = (await search('denim', { first: 2, after })).products;
      seen.push(...page.edges.map((e) => e.node.id));
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(seen).toEqual(all.products.edges.map((e) => e.node.id));
  });
});

describe('search: filters and facets', () => {
  it('combines text, size, price, pet and stock filters; every result satisfies all of them', async () => {
    const filter: ProductFilter = { sizes: ['XL'], maxPrice: 120_000, inStock: true, pets: ['DOG'] };
    const r = await search('arnes', { filter });
    expect(r.products.totalCount).toBeGreaterThan(0);
    for (const { node } of r.products.edges) {
      expect(node.sizes.find((s) => s.label === 'XL')!.available).toBe(true);
      expect(node.price).toBeLessThanOrEqual(120_000);
      expect(node.pets).toContain('DOG');
      expect(node.soldOut).toBe(false);
    }
    const unfiltered = await search('arnes');
    expect(r.products.totalCount).toBeLessThan(unfiltered.products.totalCount);
  });

  it('counts each facet without its own filter (disjunctive facets) and the counts match the results', async () => {
    const base = await search('pechera');
    const withM = await search('pechera', { filter: { sizes: ['M'] } });
    const m = base.products.facets.sizes.find((s) => s.label === 'M')!.count;
    expect(withM.products.totalCount).toBe(m);
    // The size facet ignores the size filter: the other sizes keep their counts.
    expect(withM.products.facets.sizes).toEqual(base.products.facets.sizes);
    expect(base.products.facets.sizes.map((s) => s.label)).toEqual(['XS', 'S', 'M', 'L', 'XL']);
    // …but the other facets follow it.
    const catM = withM.products.facets.pets.find((p) => p.pet === 'DOG')!.count;
    expect(catM).toBe(withM.products.totalCount);
    for (const range of base.products.facets.priceRanges) {
      const r = await search('pechera', { filter: { minPrice: range.min, maxPrice: range.max } });
      expect(r.products.totalCount).toBe(range.count);
    }
    const cats = await search(null, { filter: { pets: ['CAT'] } });
    const catFacet = base.products.facets.pets;
    expect(catFacet.map((p) => p.pet)).toEqual(['DOG', 'CAT']);
    for (const { node } of cats.products.edges) expect(node.pets).toContain('CAT');
    expect(cats.products.totalCount).toBe(
      (await search(null)).products.facets.pets.find((p) => p.pet === 'CAT')!.count,
    );
    const inStock = await search('pechera', { filter: { inStock: true } });
    expect(inStock.products.totalCount).toBe(base.products.facets.inStock);
  });

  it('offers categories as a facet of search results, and filters by them', async () => {
    const r = await search('denim');
    const slugs = r.products.facets.categories.map((c) => c.slug);
    expect(slugs).toEqual(expect.arrayContaining(['chaquetas', 'pecheras']));
    const jackets = r.products.facets.categories.find((c) => c.slug === 'chaquetas')!;
    expect(jackets.name).toBe('Chaquetas (Denim For Pets)');
    const only = await search('denim', { filter: { categories: ['chaquetas'] } });
    expect(only.products.totalCount).toBe(jackets.count);
    expect(only.products.edges.every((e) => e.node.category.slug === 'chaquetas')).toBe(true);
  });

  it('filters category and collection listings the same way, with facets', async () => {
    const res = await shop.gql(
      graphql(`
        query SearchCategoryFacets($f: ProductFilter) {
          products(category: "collares", filter: $f, first: 48) {
            totalCount
            edges {
              node {
                name
                pets
                sizes {
                  label
                  available
                }
              }
            }
            facets {
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
                count
              }
            }
          }
        }
      `),
      { f: { sizes: ['XS'], pets: ['CAT'] } },
    );
    expect(res.errors).toBeUndefined();
    const { products } = res.data!;
    expect(products.edges.map((e) => e.node.name)).toEqual(['Collar para gato Lavanda']);
    expect(products.facets.categories).toEqual([{ slug: 'collares', count: 1 }]);
    const halloween = await shop.gql(
      graphql(`
        query SearchCollectionFacets {
          products(collection: "halloween", filter: { inStock: true }) {
            totalCount
            facets {
              inStock
              sizes {
                label
                count
              }
            }
          }
        }
      `),
    );
    expect(halloween.errors).toBeUndefined();
    expect(halloween.data!.products.totalCount).toBe(halloween.data!.products.facets.inStock);
  });

  it('refuses bad filters with a typed error in Spanish', async () => {
    const size = await shop.gql(SEARCH, { query: 'collar', filter: { sizes: ['XXL'] } });
    expect(size.errors![0]!.extensions!.code).toBe('BAD_USER_INPUT');
    expect(size.errors![0]!.message).toBe('La talla «XXL» no existe. Tallas: XS, S, M, L, XL.');
    const range = await shop.gql(SEARCH, { query: 'collar', filter: { minPrice: 50_000, maxPrice: 10_000 } });
    expect(range.errors![0]!.message).toBe('El precio mínimo no puede ser mayor que el máximo.');
    const negative = await shop.gql(SEARCH, { filter: { minPrice: -1 } });
    expect(negative.errors![0]!.extensions!.code).toBe('BAD_USER_INPUT');
    // A pet the schema does not know, sent as its text: the typed document would not let the test send it.
    const pet = await shop.gql(String(SEARCH), { filter: { pets: ['HAMSTER'] } });
    expect(pet.errors![0]!.extensions!.code).toBe('BAD_USER_INPUT');
    const slug = await shop.gql(SEARCH, { filter: { categories: ["x' OR 1=1 --"] } });
    expect(slug.errors![0]!.message).toBe('La categoría del filtro no es válida.');
  });
});

describe('search: empty and hostile queries', () => {
  it('lists every product for a blank query', async () => {
    const [{ n }] = await shop.ds.query(`SELECT count(*)::int AS n FROM product WHERE active`);
    for (const q of [null, '', '   ']) {
      const r = await search(q);
      expect(r.query).toBe('');
      expect(r.products.totalCount).toBe(n);
    }
  });

  it('finds nothing, without an error, for emoji, symbols and gibberish', async () => {
    for (const q of ['🐶🐱', '!!!***', '%_%', '$$ ## @@', 'zzqxw', 'de la']) {
      const r = await search(q);
      expect(r.products.totalCount, q).toBe(0);
      expect(r.products.edges).toEqual([]);
      expect(r.categories).toEqual([]);
    }
  });

  it('cuts 1,000 characters to the first 100 and still answers', async () => {
    const long = `arnes ${'rojo '.repeat(199)}`;
    const r = await search(long);
    expect(r.query.length).toBeLessThanOrEqual(100);
    expect(r.query.startsWith('arnes rojo')).toBe(true);
    const oneWord = await search('x'.repeat(1000));
    expect(oneWord.query).toBe('x'.repeat(100));
    expect(oneWord.products.totalCount).toBe(0);
  });

  it('treats SQL- and tsquery-looking text as words', async () => {
    for (const q of [
      `'; DROP TABLE product; --`,
      `arnes' OR '1'='1`,
      `collar & | ! :* ( ) <-> \\`,
      `"); SELECT pg_sleep(5); --`,
      'NULL',
      `collar\u0007\u001b[31m`,
    ]) {
      const started = Date.now();
      const res = await shop.gql(SEARCH, { query: q, first: 5 });
      expect(res.errors, q).toBeUndefined();
      expect(Date.now() - started).toBeLessThan(3000);
    }
    const [{ n }] = await shop.ds.query(`SELECT count(*)::int AS n FROM product`);
    expect(n).toBeGreaterThan(50);
    // A NUL byte never gets past the HTTP hardening: a typed error, not a 500.
    const nul = await shop.gql(SEARCH, { query: '\u0000collar' });
    expect(nul.errors![0]!.extensions!.code).toBe('BAD_USER_INPUT');
    const injected = await search(`arnes' OR '1'='1`);
    expect(injected.products.totalCount).toBeLessThan(n);
  });
});

describe('search: cost', () => {
  it('sends the same number of SQL statements for 4 or 48 results, facets included', async () => {
    const count = async (first: number) => {
      await shop.gql(SEARCH, { query: 'pechera', first });
      const capture = captureStatements();
      try {
        const res = await shop.gql(SEARCH, { query: 'pechera', first, filter: { inStock: true } });
        expect(res.errors).toBeUndefined();
      } finally {
        capture.stop();
      }
      // The job queue polls on its own meanwhile.
      return capture.statements.filter((s) => !String(s).includes('graphile_worker'));
    };
    const small = await count(4);
    const large = await count(48);
    expect(large.length).toBe(small.length);
    // The page with total, facets and each product's sizes and images, in one statement: the text as PostgreSQL
    // reads it and the matching categories were read by the first search of these words (below).
    expect(small.length).toBe(1);
  });

  it('reads a text and its matching categories once until the catalog changes: a word a new name brings corrects at once', async () => {
    const statements = async (query: string) => {
      const capture = captureStatements();
      let found: Search;
      try {
        found = await search(query);
      } finally {
        capture.stop();
      }
      return { found, statements: capture.statements.filter((s) => !String(s).includes('graphile_worker')) };
    };
    const first = await statements('collares zafirro');
    expect(first.found.correctedQuery).toBe(null);
    expect(first.found.products.totalCount).toBe(0);
    // The text's reading, the page and the matching categories.
    expect(first.statements).toHaveLength(3);
    const again = await statements('collares zafirro');
    expect(again.found).toEqual(first.found);
    expect(again.statements).toHaveLength(1);
    const [{ id }] = await shop.ds.query(`SELECT id FROM product WHERE slug = 'collar-cuero-miel'`);
    await shop.ds.query(`UPDATE product SET name = 'Collar Zafiro' WHERE id = $1`, [id]);
    await shop.catalogCache.sync();
    try {
      // The same words after the change: «zafirro» now reads as the catalogue's new word.
      const after = await statements('collares zafirro');
      expect(after.found.correctedQuery).toBe('collares zafiro');
      expect(after.found.products.edges.map((e) => e.node.id)).toEqual([String(id)]);
      expect(after.statements).toHaveLength(3);
      // A matching category's product count follows the catalog too.
      const counted = async () =>
        (await search('collares')).categories.find((c) => c.slug === 'collares')!.productCount;
      const n = await counted();
      expect(await counted()).toBe(n);
      await shop.ds.query(`UPDATE product SET active = false WHERE id = $1`, [id]);
      await shop.catalogCache.sync();
      expect(await counted()).toBe(n - 1);
    } finally {
      await shop.ds.query(`UPDATE product SET active = true, name = 'Collar de cuero Miel' WHERE id = $1`, [id]);
      await shop.catalogCache.sync();
    }
  });

  it('searches with the GIN index on search_vector, never a LIKE scan', async () => {
    await shop.ds.query(`SET enable_seqscan = off`);
    const plan: Array<{ 'QUERY PLAN': string }> = await shop.ds.query(
      `EXPLAIN SELECT product_id FROM product_search s WHERE s.search_vector @@ to_tsquery('spanish', enzo_search_variants('arnes', true, ''))`,
    );
    await shop.ds.query(`RESET enable_seqscan`);
    expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toContain('product_search_text_idx');
  });
});

describe('search suggestions', () => {
  // The search box's own document takes no `first`: the test asks for more to check the cap.
  const SUGGEST = graphql(`
    query SearchSuggest($query: String!, $first: Int) {
      searchSuggestions(query: $query, first: $first) {
        query
        categories {
          slug
          productCount
        }
        products {
          id
          name
          soldOut
          category {
            slug
          }
          images {
            url
          }
        }
      }
    }
  `);
  const SUGGESTED_PRODUCT_CARD = graphql(`
    query SuggestedProductCard($id: ID!) {
      product(id: $id) {
        soldOut
        images {
          url
        }
      }
    }
  `);
  const suggest = async (query: string, first?: number) => {
    const res = await shop.gql(SUGGEST, { query, first });
    expect(res.errors).toBeUndefined();
    return res.data!.searchSuggestions;
  };
  /** Active products whose name has a word starting with `prefix`, in stock first, then the shop's order. */
  const byName = async (pattern: string) =>
    (
      (await shop.ds.query(
        `SELECT p.id::text AS id FROM product p
          WHERE p.active AND lower(enzo_unaccent(p.name)) ~ $1
          ORDER BY EXISTS (SELECT 1 FROM product_size s WHERE s.product_id = p.id AND s.stock > 0) DESC, p.position, p.id`,
        [pattern],
      )) as { id: string }[]
    ).map((r) => r.id);

  it('suggests the first products whose name has a word starting with what was typed, and matching categories', async () => {
    const r = await suggest('pech');
    expect(r.query).toBe('pech');
    expect(r.products.map((p) => p.id)).toEqual((await byName('(^|[^a-z0-9])pech')).slice(0, 5));
    expect(r.categories.map((c) => c.slug)).toEqual(['pecheras', 'pecheras-backpack']);
    expect(r.categories[0]!.productCount).toBe(await categoryCount('pecheras'));
    expect((await suggest('Pech', 10)).products.map((p) => p.id)).toEqual(
      (await byName('(^|[^a-z0-9])pech')).slice(0, 10),
    );
  });

  it('needs every word in the name, forgives typos and plurals, and puts sold-out products last', async () => {
    const two = await suggest('collar cu');
    expect(two.products.length).toBeGreaterThan(0);
    for (const p of two.products) expect(p.name).toMatch(/collar.+\bcu|\bcu.*collar/i);
    expect(two.products.map((p) => p.id)).toEqual((await byName('collar(.*[^a-z0-9])cu')).slice(0, 5));
    const typo = await suggest('colar');
    expect(typo.products.length).toBe(5);
    for (const p of typo.products) expect(p.name).toMatch(/collar/i);
    const plural = await suggest('collares de cuero');
    expect(plural.products.map((p) => p.name)).toContain('Collar de cuero Miel');
    const [{ id }] = await shop.ds.query(`SELECT id FROM product WHERE slug = 'collar-cuero-miel'`);
    await shop.ds.query(`UPDATE product_size SET stock = 0 WHERE product_id = $1`, [id]);
    await shop.catalogCache.sync();
    try {
      const collars = await suggest('collar', 10);
      const sold = collars.products.findIndex((p) => p.id === String(id));
      expect(collars.products.slice(0, sold).every((p) => !p.soldOut)).toBe(true);
      expect(collars.products.map((p) => p.id)).toEqual((await byName('(^|[^a-z0-9])collar')).slice(0, 10));
    } finally {
      await shop.ds.query(`UPDATE product_size SET stock = 5 WHERE product_id = $1`, [id]);
      await shop.catalogCache.sync();
    }
  });

  it("offers the search page's first results when no name has every word (a collection or description word)", async () => {
    const first = captureStatements();
    let r: Awaited<ReturnType<typeof suggest>>;
    try {
      r = await suggest('bandanas halloween');
    } finally {
      first.stop();
    }
    expect(r.products.length).toBe(5);
    // Asked again: the search behind it is kept with the suggestions (only the cards' sizes and images are read).
    const again = captureStatements();
    try {
      expect(await suggest('bandanas halloween')).toEqual(r);
    } finally {
      again.stop();
    }
    const ownStatements = (c: typeof first) => c.statements.filter((s) => !s.includes('graphile_worker'));
    const searches = (c: typeof first) => ownStatements(c).filter((s) => s.includes('product_search'));
    expect(searches(first).length).toBeGreaterThan(0);
    expect(searches(again)).toEqual([]);
    expect(ownStatements(again).length).toBeLessThan(ownStatements(first).length);
    const page = await shop.gql(SEARCH, { query: 'bandanas halloween', first: 5 });
    expect(r.products.map((p) => p.id)).toEqual(page.data!.search.products.edges.map((e) => e.node.id));
    for (const p of r.products) expect(p.category.slug).toBe('bandanas');
  });

  it('never suggests an inactive product, and follows renames at once', async () => {
    const [{ id }] = await shop.ds.query(`SELECT id FROM product WHERE slug = 'collar-cuero-miel'`);
    expect((await suggest('collar de cuero')).products.map((p) => p.id)).toContain(String(id));
    await shop.ds.query(`UPDATE product SET active = false WHERE id = $1`, [id]);
    await shop.catalogCache.sync();
    try {
      // The same words asked before the change: what was kept for them went with the change.
      expect((await suggest('collar de cuero')).products.map((p) => p.id)).not.toContain(String(id));
      await shop.ds.query(`UPDATE product SET active = true, name = 'Collar Zafiro Único' WHERE id = $1`, [id]);
      await shop.catalogCache.sync();
      expect((await suggest('zafi')).products.map((p) => p.id)).toEqual([String(id)]);
    } finally {
      await shop.ds.query(`UPDATE product SET active = true, name = 'Collar de cuero Miel' WHERE id = $1`, [id]);
      await shop.catalogCache.sync();
    }
  });

  it('answers nothing for symbols or stop words, caps `first`, and reads a fixed number of statements', async () => {
    for (const q of ['🐶', 'de la', '%%', 'zzqxw']) expect((await suggest(q)).products, q).toEqual([]);
    const tooMany = await shop.gql(SUGGEST, { query: 'collar', first: 11 });
    expect(tooMany.errors![0]!.extensions!.code).toBe('BAD_USER_INPUT');
    await suggest('pech');
    const capture = captureStatements();
    let shown: Awaited<ReturnType<typeof suggest>>;
    try {
      shown = await suggest('pecher');
    } finally {
      capture.stop();
    }
    // One statement: the products with their sizes and images, and the categories (the job queue polls apart).
    expect(capture.statements.filter((s) => !s.includes('graphile_worker'))).toHaveLength(1);
    // The same words again (the next keystroke's answer asked by someone else): kept until the catalog changes.
    const again = captureStatements();
    try {
      expect(await suggest('pecher')).toEqual(shown);
    } finally {
      again.stop();
    }
    expect(again.statements.filter((s) => !s.includes('graphile_worker'))).toHaveLength(0);
    // Read on the suggestions' own connections, whose sessions keep the statement's plan.
    const [{ sessions }] = await shop.ds.query(
      `SELECT count(*)::int AS sessions FROM pg_stat_activity
        WHERE application_name = 'enzo-generic-plans' AND datname = current_database()`,
    );
    expect(sessions).toBeGreaterThan(0);
    // Kept apart from the shop's own reads, so that any text anyone types cannot push those out.
    const keys = (store: Iterable<string>) => [...store].filter((k) => k.startsWith('suggestions:'));
    expect(keys(shop.catalogCache.typed.keys()).length).toBeGreaterThan(0);
    expect(keys(shop.catalogCache.values.keys())).toEqual([]);
    // The cards read with the suggestions say what the product page says.
    expect(shown.products.length).toBeGreaterThan(0);
    for (const p of shown.products) {
      const page = await shop.gql(SUGGESTED_PRODUCT_CARD, { id: p.id });
      expect({ soldOut: p.soldOut, images: p.images }).toEqual(page.data!.product);
    }
  });
});

describe('best sellers', () => {
  it('returns in-stock products (the no-results page shows them)', async () => {
    const res = await shop.gql(
      graphql(`
        query SearchBestSellers {
          bestSellers(first: 4) {
            id
            soldOut
            images {
              url
            }
          }
        }
      `),
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.bestSellers).toHaveLength(4);
    for (const p of res.data!.bestSellers) expect(p.soldOut).toBe(false);
    const tooMany = await shop.gql(
      graphql(`
        query SearchTooManyBestSellers {
          bestSellers(first: 100) {
            id
          }
        }
      `),
    );
    expect(tooMany.errors![0]!.extensions!.code).toBe('BAD_USER_INPUT');
  });
});
