import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../setup/test-shop.js';
import { graphql } from '../gql/index.js';
import { captureStatements } from '../bench/statement-counter.js';
import { MAX_LINE_QUANTITY } from '#shared/shop.js';
import {
  CategoryListingDocument,
  type CategoryListingQuery,
} from '../../client/src/features/catalog/catalog.generated.js';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop?.close());

// The category page's own listing: what the app sends is what is tested.
const LISTING = CategoryListingDocument;
// The listing card shows no sizes or size guide: one test reads them to check each product's sizes and guide.
const LISTING_WITH_SIZES = graphql(`
  query CatalogListing($category: String, $collection: String, $sort: ProductSort, $first: Int, $after: String) {
    products(category: $category, collection: $collection, sort: $sort, first: $first, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        cursor
        node {
          id
          slug
          name
          price
          collections
          category {
            slug
            name
          }
          sizes {
            id
            label
            stock
            available
          }
          images {
            url
            alt
          }
          soldOut
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
    }
  }
`);

describe('catalog API', () => {
  it('lists the seven categories in menu order with their product counts', async () => {
    const res = await shop.gql(
      graphql(`
        query CatalogCategories {
          categories {
            slug
            name
            description
            productCount
          }
        }
      `),
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.categories.map((c) => c.slug)).toEqual([
      'collares',
      'correas',
      'arneses',
      'bandanas',
      'pecheras',
      'pecheras-backpack',
      'chaquetas',
    ]);
    for (const c of res.data!.categories) {
      expect(c.productCount).toBeGreaterThanOrEqual(6);
      expect(c.description.length).toBeGreaterThan(10);
    }
  });

  it('gives each category the same total in the menu, in its listing and in the database', async () => {
    const menu = await shop.gql(
      graphql(`
        query CatalogMenuCounts {
          categories {
            slug
            productCount
          }
        }
      `),
    );
    const real: Array<{ category_slug: string; n: number }> = await shop.ds.query(
      `SELECT category_slug, count(*)::int AS n FROM product WHERE active GROUP BY 1`,
    );
    for (const c of menu.data!.categories) {
      const listing = await shop.gql(LISTING, { category: c.slug, first: 1 });
      expect([c.slug, c.productCount, listing.data!.products.totalCount]).toEqual([
        c.slug,
        real.find((r) => r.category_slug === c.slug)?.n ?? 0,
        c.productCount,
      ]);
    }
    // A page past the last one: no products, the same total.
    const past = await shop.gql(LISTING, {
      category: 'collares',
      first: 5,
      after: Buffer.from('o:500').toString('base64url'),
    });
    expect(past.data!.products.edges).toEqual([]);
    expect(past.data!.products.totalCount).toBe(menu.data!.categories.find((c) => c.slug === 'collares')!.productCount);
    expect(past.data!.products.pageInfo.hasNextPage).toBe(false);
    const collection = await shop.gql(LISTING, {
      collection: 'halloween',
      first: 5,
      after: Buffer.from('o:500').toString('base64url'),
    });
    const [{ n }] = await shop.ds.query(
      `SELECT count(*)::int AS n FROM product WHERE active AND collections @> '{halloween}'`,
    );
    expect([collection.data!.products.edges.length, collection.data!.products.totalCount]).toEqual([0, n]);
  });

  it('returns a category listing with sizes, images and COP prices', async () => {
    const res = await shop.gql(LISTING_WITH_SIZES, { category: 'collares', first: 48 });
    expect(res.errors).toBeUndefined();
    const { products } = res.data!;
    expect(products.totalCount).toBe(products.edges.length);
    for (const { node } of products.edges) {
      expect(node.category.slug).toBe('collares');
      expect(Number.isInteger(node.price)).toBe(true);
      expect(node.price).toBeGreaterThanOrEqual(30_000);
      expect(node.price).toBeLessThanOrEqual(70_000);
      expect(node.sizes.map((s) => s.label)).toEqual(['XS', 'S', 'M', 'L', 'XL']);
      for (const s of node.sizes) expect(s.available).toBe(s.stock > 0);
      expect(node.images.length).toBeGreaterThan(0);
      // Collars measure the neck, one range per size.
      expect(node.sizeGuide!.measurements).toEqual(['NECK']);
      expect(node.sizeGuide!.rows.map((r) => r.size)).toEqual(['XS', 'S', 'M', 'L', 'XL']);
      expect(node.sizeGuide!.rows[2]!.values).toEqual([{ min: 32, max: 40 }]);
    }
  });

  it("reads each product's sizes and images with the page (one statement), as they are in the database", async () => {
    const CARDS = graphql(`
      query ListingCards($category: String, $collection: String, $filter: ProductFilter, $query: String!) {
        products(category: $category, collection: $collection, filter: $filter, first: 48) {
          edges {
            node {
              id
              soldOut
              sizes {
                id
                label
                stock
                available
              }
              images {
                url
                alt
              }
            }
          }
        }
        search(query: $query, first: 24) {
          products {
            edges {
              node {
                id
                soldOut
                sizes {
                  id
                  label
                  stock
                  available
                }
                images {
                  url
                  alt
                }
              }
            }
          }
        }
      }
    `);
    type Card = { id: string; soldOut: boolean; sizes: unknown[]; images: unknown[] };
    const check = async (cards: Card[]) => {
      expect(cards.length).toBeGreaterThan(0);
      const ids = cards.map((n) => Number(n.id));
      const sizes = await shop.ds.query<Array<{ id: number; product_id: number; label: string; stock: number }>>(
        `SELECT id, product_id, label, stock FROM product_size WHERE product_id = ANY($1) ORDER BY product_id, position`,
        [ids],
      );
      const images = await shop.ds.query<Array<{ product_id: number; url: string; alt: string }>>(
        `SELECT product_id, url, alt FROM product_image WHERE product_id = ANY($1) ORDER BY product_id, position`,
        [ids],
      );
      for (const card of cards) {
        const own = sizes.filter((s) => String(s.product_id) === card.id);
        expect(card.sizes).toEqual(
          own.map((s) => ({
            id: String(s.id),
            label: s.label,
            stock: Math.min(Math.max(s.stock, 0), MAX_LINE_QUANTITY),
            available: s.stock > 0,
          })),
        );
        expect(card.soldOut).toBe(own.every((s) => s.stock <= 0));
        expect(card.images).toEqual(
          images.filter((i) => String(i.product_id) === card.id).map((i) => ({ url: i.url, alt: i.alt })),
        );
      }
    };
    // A collar with no stock left: its sold-out mark comes from the page's own columns too.
    const [{ product_id: soldOut }] = await shop.ds.query<Array<{ product_id: number }>>(
      `SELECT s.product_id FROM product_size s JOIN product p ON p.id = s.product_id
        WHERE p.category_slug = 'collares' AND p.active ORDER BY p.position DESC LIMIT 1`,
    );
    const stock = await shop.ds.query<Array<{ id: number; stock: number }>>(
      `SELECT id, stock FROM product_size WHERE product_id = $1`,
      [soldOut],
    );
    await shop.ds.query(`UPDATE product_size SET stock = 0 WHERE product_id = $1`, [soldOut]);
    try {
      // The plain listing, a filtered one, a collection; a common and a rarer search text.
      for (const variables of [
        { category: 'collares', query: 'collar' },
        { category: 'collares', filter: { sizes: ['M'] }, query: 'arnes rojo' },
        { collection: 'halloween', query: 'bandana' },
      ]) {
        const capture = captureStatements();
        let res;
        try {
          res = await shop.gql(CARDS, variables);
        } finally {
          capture.stop();
        }
        expect(res.errors).toBeUndefined();
        // No statement reads sizes or images on their own: they come with each page.
        const own = capture.statements.filter((q) => !q.includes('graphile_worker'));
        expect(own.filter((q) => /^\s*SELECT [^(]*FROM product_(?:size|image)\b/i.test(q))).toEqual([]);
        await check(res.data!.products.edges.map((e) => e.node));
        await check(res.data!.search.products.edges.map((e) => e.node));
      }
      const listing = await shop.gql(CARDS, { category: 'collares', query: 'collar' });
      const card = listing.data!.products.edges.find((e) => e.node.id === String(soldOut));
      expect(card?.node.soldOut).toBe(true);
    } finally {
      for (const s of stock) await shop.ds.query(`UPDATE product_size SET stock = $2 WHERE id = $1`, [s.id, s.stock]);
    }
  });

  it('pages through a listing with cursors without gaps or repeats', async () => {
    const all = await shop.gql(LISTING, { category: 'bandanas', first: 48 });
    const expected = all.data!.products.edges.map((e) => e.node.id);
    const seen: string[] = [];
    let after: string | null = null;
    for (let i = 0; i < 10; i++) {
      const res: { data?: CategoryListingQuery } = await shop.gql(LISTING, { category: 'bandanas', first: 3, after });
      const page = res.data!.products;
      seen.push(...page.edges.map((e) => e.node.id));
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(seen).toEqual(expected);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('sorts by price both ways and by newest', async () => {
    const asc = await shop.gql(LISTING, { category: 'arneses', sort: 'PRICE_ASC', first: 48 });
    const prices = asc.data!.products.edges.map((e) => e.node.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const desc = await shop.gql(LISTING, { category: 'arneses', sort: 'PRICE_DESC', first: 48 });
    expect(desc.data!.products.edges.map((e) => e.node.price)).toEqual([...prices].sort((a, b) => b - a));
    const newest = await shop.gql(LISTING, { category: 'arneses', sort: 'NEWEST', first: 48 });
    expect(newest.data!.products.totalCount).toBe(prices.length);
  });

  it('filters the Halloween collection', async () => {
    const res = await shop.gql(LISTING, { collection: 'halloween', first: 48 });
    expect(res.data!.products.totalCount).toBeGreaterThanOrEqual(4);
    for (const { node } of res.data!.products.edges) {
      expect(node.collections).toContain('halloween');
      expect(node.category.slug).toBe('bandanas');
    }
  });

  it('refuses page sizes above the cap with a clear typed error', async () => {
    const res = await shop.gql(LISTING, { category: 'collares', first: 49 });
    expect(res.data).toBeNull();
    expect(res.errors![0]!.extensions!.code).toBe('BAD_USER_INPUT');
    expect(res.errors![0]!.message).toBe('El tamaño de página máximo es 48.');
    const zero = await shop.gql(LISTING, { first: 0 });
    expect(zero.errors![0]!.extensions!.code).toBe('BAD_USER_INPUT');
    const badCursor = await shop.gql(LISTING, { after: 'nope' });
    expect(badCursor.errors![0]!.extensions!.code).toBe('BAD_USER_INPUT');
  });

  it('returns one product with its size guide (jackets: neck, chest, back length; leashes: length and width in one size), and null for unknown ids', async () => {
    const GUIDE = graphql(`
      query CatalogSizeGuide($id: ID!) {
        product(id: $id) {
          id
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
    const jackets = await shop.gql(LISTING, { category: 'chaquetas', first: 1 });
    const jacket = await shop.gql(GUIDE, { id: jackets.data!.products.edges[0]!.node.id });
    // A product and its guide may be null in the schema (unknown id, no guide): these two have both.
    const jacketGuide = jacket.data!.product!.sizeGuide!;
    expect(jacketGuide.measurements).toEqual(['NECK', 'CHEST', 'BACK_LENGTH']);
    expect(jacketGuide.rows.map((r) => r.size)).toEqual(['XS', 'S', 'M', 'L', 'XL']);
    const [leash] = await shop.ds.query(`SELECT id FROM product WHERE slug = 'correa-cuero-miel'`);
    const res = await shop.gql(GUIDE, { id: String(leash.id) });
    expect(res.data!.product!.sizes.map((s) => s.label)).toEqual(['Única']);
    expect(res.data!.product!.sizeGuide).toEqual({
      measurements: ['LENGTH', 'WIDTH'],
      rows: [
        {
          size: 'Única',
          values: [
            { min: 120, max: null },
            { min: 2, max: null },
          ],
        },
      ],
    });
    const missing = await shop.gql(
      graphql(`
        query CatalogMissingProducts {
          a: product(id: "999999") {
            id
          }
          b: product(id: "abc") {
            id
          }
        }
      `),
    );
    expect(missing.errors).toBeUndefined();
    expect(missing.data).toEqual({ a: null, b: null });
  });

  it('serves home media from the media store', async () => {
    const res = await shop.gql(
      graphql(`
        query CatalogHomeMedia {
          homeMedia {
            slides {
              desktopImage {
                url
                alt
              }
              mobileImage {
                url
              }
            }
            promoVideoUrl
          }
        }
      `),
    );
    expect(res.data!.homeMedia.slides.length).toBeGreaterThan(0);
    expect((await fetch(`${shop.url}${res.data!.homeMedia.slides[0]!.desktopImage.url}`)).status).toBe(200);
    const video = await fetch(`${shop.url}${res.data!.homeMedia.promoVideoUrl}`);
    expect(video.status).toBe(200);
    expect(video.headers.get('content-type')).toBe('video/mp4');
  });
});

describe('http endpoints', () => {
  it('answers /healthz with a database ping', async () => {
    const res = await fetch(`${shop.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('404s unknown API-like paths and media', async () => {
    expect((await fetch(`${shop.url}/graphql-nope`)).status).toBe(404);
    expect((await fetch(`${shop.url}/media/products/missing.svg`)).status).toBe(404);
    // fetch() normalises `..` away, so send the raw path.
    const raw = await new Promise<number>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port: shop.port, path: '/media/%2e%2e/%2e%2e/package.json' }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        })
        .on('error', reject);
    });
    expect([403, 404]).toContain(raw);
  });
});
