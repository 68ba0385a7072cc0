import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { parse } from 'csv-parse/sync';
import sharp from 'sharp';
import { startTestShop, type TestShop } from '../setup/test-shop.js';
import { legacyStaffHeaders } from '../setup/staff-tokens.js';
import { requireBuiltClient } from '../setup/built-client.js';
import { graphql } from '../gql/index.js';
import { StaffChannelFeedsDocument } from '../../client/src/features/staff-channels/staff-channels.generated.js';

let shop: TestShop;
let auth: Record<string, string>;
/** Products given a photo besides the seed's SVG artwork. */
let photographed: number[];
const clientDist = requireBuiltClient();

beforeAll(async () => {
  shop = await startTestShop({ CLIENT_DIST_DIR: clientDist });
  auth = await legacyStaffHeaders(inject('authEmulatorHost'), 'channels@enzo.test');
  const png = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#2e86de' } })
    .png()
    .toBuffer();
  const rows: Array<{ id: number }> = await shop.ds.query(
    `SELECT id FROM product WHERE active AND archived_at IS NULL ORDER BY id LIMIT 4`,
  );
  photographed = rows.map((r) => r.id);
  for (const id of photographed) {
    const res = await shop.gql(
      graphql(`
        mutation AddFeedProductImage($input: AddProductImageInput!) {
          staffAddProductImage(input: $input) {
            __typename
          }
        }
      `),
      { input: { productId: String(id), dataBase64: png.toString('base64'), contentType: 'image/png', alt: 'Foto' } },
      auth,
    );
    expect(res.errors).toBeUndefined();
  }
  // A description pasted from a spreadsheet with a control character XML cannot carry.
  await shop.ds.query(`UPDATE product SET description = description || E' \\x01fin' WHERE id = $1`, [photographed[1]]);
  // One size sold out, to see out_of_stock.
  await shop.ds.query(
    `UPDATE product_size SET stock = 0 WHERE id = (SELECT id FROM product_size WHERE product_id = $1 ORDER BY position LIMIT 1)`,
    [photographed[0]],
  );
});
afterAll(async () => {
  await shop?.close();
});

type GoogleItem = Record<string, unknown> & { 'g:id': string; 'g:item_group_id': string };

async function googleFeed(headers: Record<string, string> = {}) {
  const res = await fetch(`${shop.url}/feeds/google.xml`, { headers });
  return { res, text: res.status === 200 ? await res.text() : '' };
}

function googleItems(xml: string): GoogleItem[] {
  expect(XMLValidator.validate(xml)).toBe(true);
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false });
  const doc = parser.parse(xml) as {
    rss: { '@version': string; '@xmlns:g': string; channel: { item?: GoogleItem | GoogleItem[] } };
  };
  expect(doc.rss['@version']).toBe('2.0');
  expect(doc.rss['@xmlns:g']).toBe('http://base.google.com/ns/1.0');
  const items = doc.rss.channel.item ?? [];
  return Array.isArray(items) ? items : [items];
}

const list = (v: unknown) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

// The channels screen's own read.
const STAFF_FEEDS = StaffChannelFeedsDocument;

describe('product feeds', () => {
  it('Google: every size of every published product, with the attributes and formats Merchant Center requires', async () => {
    const { res, text } = await googleFeed();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/xml/);
    expect(res.headers.get('etag')).toBeTruthy();
    const items = googleItems(text);
    const sizes: Array<{ sku: string; product_id: number; stock: number; price: number; label: string }> =
      await shop.ds.query(
        `SELECT s.sku, s.product_id, s.stock, p.price, s.label FROM product_size s JOIN product p ON p.id = s.product_id
          WHERE p.active AND p.archived_at IS NULL`,
      );
    expect(items.map((i) => i['g:id']).sort()).toEqual(sizes.map((s) => s.sku).sort());
    for (const item of items) {
      const size = sizes.find((s) => s.sku === item['g:id'])!;
      expect(String(item['g:id']).length).toBeLessThanOrEqual(50);
      expect(item['g:item_group_id']).toBe(String(size.product_id));
      expect(String(item['g:title']).length).toBeLessThanOrEqual(150);
      expect(String(item['g:description']).length).toBeGreaterThan(0);
      expect(String(item['g:description'])).not.toContain('\u0001');
      expect(item['g:link']).toMatch(new RegExp(`^${shop.url}/[a-z_/]+/${size.product_id}/`));
      // The seed's artwork is SVG: its PNG copy comes first; the photo's largest JPEG copy among the others.
      expect(item['g:image_link']).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\/feeds\/products\/.+\.png$/);
      const extra = list(item['g:additional_image_link']);
      if (photographed.includes(size.product_id))
        expect(extra).toContainEqual(expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/media\/.+\.jpg$/));
      expect(item['g:availability']).toBe(size.stock > 0 ? 'in_stock' : 'out_of_stock');
      expect(item['g:price']).toBe(`${size.price}.00 COP`);
      expect(item['g:brand']).toBe('Enzo');
      expect(item['g:condition']).toBe('new');
      expect(item['g:size']).toBe(size.label);
      expect(item['g:identifier_exists']).toBe('no');
      expect(String(item['g:google_product_category']).replace(/&amp;/g, '&').replace(/&gt;/g, '>')).toMatch(
        /^Animals & Pet Supplies > Pet Supplies/,
      );
      const shipping = item['g:shipping'] as Record<string, string>;
      expect(shipping['g:country']).toBe('CO');
      expect(shipping['g:region']).toBeUndefined();
      expect(shipping['g:price']).toBe(size.price >= 150_000 ? '0.00 COP' : '16500.00 COP');
    }
    expect(items.some((i) => i['g:availability'] === 'out_of_stock')).toBe(true);
    expect(items.find((i) => i['g:item_group_id'] === String(photographed[1]))!['g:description']).toMatch(/ fin$/);
  });

  it('sends SVG artwork as PNG copies made once (real PNGs of at least 800 px), and leaves out a product whose artwork cannot be drawn', async () => {
    const { text } = await googleFeed();
    const first = String(googleItems(text)[0]!['g:image_link']);
    const png = await fetch(first);
    expect(png.status).toBe(200);
    const meta = await sharp(Buffer.from(await png.arrayBuffer())).metadata();
    expect(meta.format).toBe('png');
    expect(Math.max(meta.width!, meta.height!)).toBeGreaterThanOrEqual(800);
    const [{ svgs, copies }] = await shop.ds.query(
      `SELECT (SELECT count(DISTINCT i.storage_key)::int FROM product_image i JOIN product p ON p.id = i.product_id
                WHERE p.active AND p.archived_at IS NULL AND i.storage_key LIKE '%.svg') AS svgs,
              (SELECT count(*)::int FROM feed_image) AS copies`,
    );
    expect(copies).toBe(svgs);
    // A product whose picture file is gone (a restore without media, say).
    const [{ id }] = await shop.ds.query(
      `INSERT INTO product (slug, name, description, price, category_slug, active)
       VALUES ('collar-sin-archivo', 'Collar Sin Archivo', 'Un collar cuya ilustración no está en el almacenamiento.', 40000, 'collares', true)
       RETURNING id`,
    );
    await shop.ds.query(`INSERT INTO product_size (product_id, label, stock, position) VALUES ($1, 'M', 3, 0)`, [id]);
    await shop.ds.query(
      `INSERT INTO product_image (product_id, storage_key, url, alt, width, height, position)
       VALUES ($1, 'products/collar-sin-archivo-1.svg', '/media/products/collar-sin-archivo-1.svg', 'Collar', 800, 800, 0)`,
      [id],
    );
    const after = googleItems((await googleFeed()).text);
    expect(after.some((i) => i['g:item_group_id'] === String(id))).toBe(false);
    const [{ again }] = await shop.ds.query(`SELECT count(*)::int AS again FROM feed_image`);
    expect(again).toBe(copies);
    const res = await shop.gql(
      graphql(`
        query FeedExclusions {
          staffChannelFeeds {
            excluded {
              productId
              reason
            }
          }
        }
      `),
      {},
      auth,
    );
    expect(res.data!.staffChannelFeeds.excluded).toEqual([
      { productId: String(id), reason: expect.stringMatching(/no se pudieron convertir a PNG/) },
    ]);
    await shop.ds.query(`UPDATE product SET active = false WHERE id = $1`, [id]);
  });

  it('is cacheable: gzip, ETag and 304, and changes when the catalogue does (archived products leave)', async () => {
    const first = await googleFeed({ 'accept-encoding': 'gzip' });
    const etag = first.res.headers.get('etag')!;
    expect(first.res.headers.get('cache-control')).toMatch(/public/);
    expect((await googleFeed()).res.headers.get('etag')).toBe(etag);
    const again = await fetch(`${shop.url}/feeds/google.xml`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    const res = await shop.gql(
      graphql(`
        mutation ArchiveFeedProduct($id: ID!) {
          staffArchiveProduct(productId: $id) {
            __typename
          }
        }
      `),
      { id: String(photographed[3]) },
      auth,
    );
    expect(res.errors).toBeUndefined();
    const after = await googleFeed();
    expect(after.res.headers.get('etag')).not.toBe(etag);
    expect(googleItems(after.text).some((i) => i['g:item_group_id'] === String(photographed[3]))).toBe(false);
  });

  it('Meta: a CSV with Commerce Manager’s required columns and formats', async () => {
    const res = await fetch(`${shop.url}/feeds/meta.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    const rows = parse(await res.text(), { columns: true }) as Array<Record<string, string>>;
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      for (const field of [
        'id',
        'title',
        'description',
        'availability',
        'condition',
        'price',
        'link',
        'image_link',
        'brand',
      ])
        expect(r[field], field).toBeTruthy();
      expect(['in stock', 'out of stock']).toContain(r.availability);
      expect(r.condition).toBe('new');
      expect(r.price).toMatch(/^\d+\.00 COP$/);
      expect(r.link).toMatch(/^http:\/\//);
      expect(r.item_group_id).toMatch(/^\d+$/);
      expect(r.size).toBeTruthy();
    }
  });

  it("product pages' structured data say the same price and availability as the feed", async () => {
    const items = googleItems((await googleFeed()).text);
    // The photographed products (one has a size sold out) and a few with artwork only.
    const groups = [
      ...new Set([...photographed.slice(0, 3).map(String), ...items.map((i) => i['g:item_group_id']).slice(0, 40)]),
    ].slice(0, 8);
    expect(groups.length).toBe(8);
    for (const group of groups) {
      const mine = items.filter((i) => i['g:item_group_id'] === group);
      const link = String(mine[0]!['g:link']);
      const html = await (await fetch(link)).text();
      const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
        (m) => JSON.parse(m[1]!) as { '@type': string; sku?: string; url?: string; offers?: Record<string, string> },
      );
      const product = blocks.find((b) => b['@type'] === 'Product')!;
      expect(product.sku).toBe(group);
      expect(product.url).toBe(link);
      expect(`${product.offers!.price}.00 ${product.offers!.priceCurrency}`).toBe(mine[0]!['g:price']);
      const anyInStock = mine.some((i) => i['g:availability'] === 'in_stock');
      expect(product.offers!.availability).toBe(
        anyInStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      );
      for (const i of mine) expect(i['g:price']).toBe(mine[0]!['g:price']);
      expect(list(mine[0]!['g:additional_image_link']).length).toBeGreaterThanOrEqual(0);
    }
  });

  it('the staff Canales page learns the feed URLs, what they list, what shows drawn artwork and what they leave out', async () => {
    await shop.ds.query(
      `INSERT INTO product (slug, name, description, price, category_slug, active)
       VALUES ('bandana-sin-fotos', 'Bandana Sin Fotos', 'Una bandana publicada sin ninguna imagen todavía.', 30000, 'bandanas', true)`,
    );
    await shop.ds.query(
      `INSERT INTO product_size (product_id, label, stock, position) SELECT id, 'Única', 2, 0 FROM product WHERE slug = 'bandana-sin-fotos'`,
    );
    const res = await shop.gql(STAFF_FEEDS, {}, auth);
    expect(res.errors).toBeUndefined();
    const feeds = res.data!.staffChannelFeeds;
    expect(feeds.googleUrl).toBe(`${shop.url}/feeds/google.xml`);
    expect(feeds.metaUrl).toBe(`${shop.url}/feeds/meta.csv`);
    const [{ listed, items }] = await shop.ds.query(
      `SELECT count(DISTINCT p.id)::int AS listed, count(*)::int AS items FROM product p JOIN product_size s ON s.product_id = p.id
        WHERE p.active AND p.archived_at IS NULL AND p.slug <> 'bandana-sin-fotos'`,
    );
    expect(feeds).toMatchObject({ products: listed, items, drawn: listed });
    expect(feeds.excluded).toEqual([
      { productId: expect.any(String), name: 'Bandana Sin Fotos', reason: 'No tiene imágenes.' },
    ]);
    expect((await shop.gql(STAFF_FEEDS)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
