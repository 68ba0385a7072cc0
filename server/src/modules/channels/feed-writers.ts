import { createCB } from 'xmlbuilder2';
import { stringify } from 'csv-stringify/sync';
import { SHOP_TITLE } from '#shared/shop.js';
import { feedPrice, type FeedItem } from './feed-items.js';

/** Where a feed writes its text, piece by piece (a hash and a gzip stream in the feed service). */
export interface FeedSink {
  write(text: string): void | Promise<void>;
}

const GOOGLE_NS = 'http://base.google.com/ns/1.0';

/**
 * Google Merchant Center's RSS 2.0 feed with the `g:` namespace, streamed: the document is opened once, each batch
 * of items is written as it comes, and nothing else is kept in memory.
 */
export function googleFeedWriter(sink: FeedSink, publicUrl: string) {
  let pending = '';
  const xml = createCB({ data: (chunk: string) => void (pending += chunk), prettyPrint: true });
  xml.dec({ version: '1.0', encoding: 'UTF-8' });
  const channel = xml.ele('rss', { version: '2.0', 'xmlns:g': GOOGLE_NS }).ele('channel');
  channel.ele('title').txt(SHOP_TITLE).up();
  channel.ele('link').txt(`${publicUrl}/`).up();
  channel.ele('description').txt('Accesorios y ropa para perros y gatos, hechos en Colombia.').up();
  const flush = async () => {
    const text = pending;
    pending = '';
    if (text) await sink.write(text);
  };
  const g = (parent: ReturnType<typeof channel.ele>, name: string, value: string) =>
    parent.ele(`g:${name}`).txt(value).up();
  return {
    async items(items: FeedItem[]) {
      for (const i of items) {
        const item = channel.ele('item');
        g(item, 'id', i.id);
        g(item, 'item_group_id', i.itemGroupId);
        g(item, 'title', i.title);
        g(item, 'description', i.description);
        g(item, 'link', i.link);
        g(item, 'image_link', i.imageLink);
        for (const extra of i.additionalImageLinks) g(item, 'additional_image_link', extra);
        g(item, 'availability', i.inStock ? 'in_stock' : 'out_of_stock');
        g(item, 'price', feedPrice(i.price));
        g(item, 'brand', i.brand);
        g(item, 'condition', i.condition);
        g(item, 'google_product_category', i.googleProductCategory);
        g(item, 'product_type', i.productType);
        g(item, 'size', i.size);
        g(item, 'identifier_exists', 'no');
        const ship = item.ele('g:shipping');
        g(ship, 'country', 'CO');
        g(ship, 'service', 'Envío estándar');
        g(ship, 'price', feedPrice(i.shipping.price));
        g(ship, 'min_transit_time', String(i.shipping.minDays));
        g(ship, 'max_transit_time', String(i.shipping.maxDays));
        ship.up();
        item.up();
      }
      await flush();
    },
    async end() {
      channel.up().up();
      xml.end();
      await flush();
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
