import { stringify } from 'csv-stringify/sync';
import { SHOP_TITLE } from '#shared/shop.js';
import { feedPrice, type FeedItem } from './feed-items.js';

/** Where a feed writes its text, piece by piece (a hash and a gzip stream in the feed service). */
export interface FeedSink {
  write(text: string): void | Promise<void>;
}

const GOOGLE_NS = 'http://base.google.com/ns/1.0';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text as XML character data (feed-items.ts already removed the characters XML cannot carry). */
const xmlText = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const g = (name: string, value: string, indent = '    ') => `${indent}<g:${name}>${xmlText(value)}</g:${name}>\n`;

/** One `<item>`: `g:` elements in the order Merchant Center documents them, every value escaped. */
function googleItem(i: FeedItem): string {
  let xml =
    '  <item>\n' +
    g('id', i.id) +
    g('item_group_id', i.itemGroupId) +
    g('title', i.title) +
    g('description', i.description) +
    g('link', i.link) +
    g('image_link', i.imageLink);
  for (const extra of i.additionalImageLinks) xml += g('additional_image_link', extra);
  return (
    xml +
    g('availability', i.inStock ? 'in_stock' : 'out_of_stock') +
    g('price', feedPrice(i.price)) +
    g('brand', i.brand) +
    g('condition', i.condition) +
    g('google_product_category', i.googleProductCategory) +
    g('product_type', i.productType) +
    g('size', i.size) +
    g('identifier_exists', 'no') +
    '    <g:shipping>\n' +
    g('country', 'CO', '      ') +
    g('service', 'Envío estándar', '      ') +
    g('price', feedPrice(i.shipping.price), '      ') +
    g('min_transit_time', String(i.shipping.minDays), '      ') +
    g('max_transit_time', String(i.shipping.maxDays), '      ') +
    '    </g:shipping>\n  </item>\n'
  );
}

/**
 * Google Merchant Center's RSS 2.0 feed with the `g:` namespace, streamed: each batch of items is written as it
 * comes, so memory holds one batch. The items have one fixed, flat shape, written as text with every value escaped
 * (the tests parse and validate the result): the XML builders tried cost several times as much for this shape
 * (tests/bench/README.md, «Cifras que explican decisiones del código»).
 */
export function googleFeedWriter(sink: FeedSink, publicUrl: string) {
  let started = false;
  const start = async () => {
    if (started) return;
    started = true;
    await sink.write(
      `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="${GOOGLE_NS}">\n<channel>\n` +
        `<title>${xmlText(SHOP_TITLE)}</title>\n<link>${xmlText(`${publicUrl}/`)}</link>\n` +
        '<description>Accesorios y ropa para perros y gatos, hechos en Colombia.</description>\n',
    );
  };
  return {
    async items(items: FeedItem[]) {
      await start();
      if (items.length) await sink.write(items.map(googleItem).join(''));
    },
    async end() {
      await start();
      await sink.write('</channel>\n</rss>\n');
    },
  };
}

/** Commerce Manager's data-feed columns (its required ones first, then the variant and shipping ones). */
export const META_COLUMNS = [
  'id',
  'title',
  'description',
  'availability',
  'condition',
  'price',
  'link',
  'image_link',
  'brand',
  'item_group_id',
  'size',
  'additional_image_link',
  'google_product_category',
  'product_type',
  'shipping',
] as const;

/** Meta's catalogue feed as CSV (comma-separated, UTF-8, a header row), streamed in batches. */
export function metaFeedWriter(sink: FeedSink) {
  let started = false;
  return {
    async items(items: FeedItem[]) {
      const rows = items.map((i) => [
        i.id,
        i.title,
        i.description,
        i.inStock ? 'in stock' : 'out of stock',
        i.condition,
        feedPrice(i.price),
        i.link,
        i.imageLink,
        i.brand,
        i.itemGroupId,
        i.size,
        i.additionalImageLinks.join(','),
        i.googleProductCategory,
        i.productType,
        `CO::Envío estándar:${feedPrice(i.shipping.price)}`,
      ]);
      const header = started ? [] : [[...META_COLUMNS]];
      started = true;
      await sink.write(stringify([...header, ...rows], { record_delimiter: '\n' }));
    },
    async end() {
      if (!started) await sink.write(stringify([[...META_COLUMNS]], { record_delimiter: '\n' }));
    },
  };
}
