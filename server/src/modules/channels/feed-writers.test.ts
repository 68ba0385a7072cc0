import { describe, expect, it } from 'vitest';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { parse } from 'csv-parse/sync';
import type { FeedItem } from './feed-items.js';
import { googleFeedWriter, metaFeedWriter } from './feed-writers.js';

const item = (n: number): FeedItem => ({
  id: `ENZ-${n}-M`,
  itemGroupId: String(n),
  title: `Collar "Tom & Jerry" <edición ${n}> - Talla M`,
  description: `Cuero & latón; el "clásico" de O'Brien, <b>no es HTML</b>, línea 1\nlínea 2`,
  link: `https://tienda.example/collares/${n}/collar?a=1&b=2`,
  imageLink: `https://tienda.example/media/feeds/products/collar-${n}.png`,
  additionalImageLinks: [`https://tienda.example/media/a-${n}.jpg`, `https://tienda.example/media/b-${n}.jpg`],
  inStock: n % 2 === 0,
  price: 45_000,
  brand: 'Enzo',
  condition: 'new',
  googleProductCategory: 'Animals & Pet Supplies > Pet Supplies > Pet Collars & Harnesses',
  productType: 'Collares',
  size: 'M',
  shipping: { price: 16_500, minDays: 2, maxDays: 6 },
});

async function written(
  make: (sink: { write(t: string): void }) => { items(i: FeedItem[]): Promise<void>; end(): Promise<void> },
) {
  let text = '';
  const writer = make({ write: (t) => void (text += t) });
  await writer.items([item(1), item(2)]);
  await writer.items([]);
  await writer.items([item(3)]);
  await writer.end();
  return text;
}

describe('feed writers', () => {
  it('Google: well-formed RSS 2.0 whose values read back exactly as given, batch after batch', async () => {
    const xml = await written((sink) => googleFeedWriter(sink, 'https://tienda.example'));
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false }).parse(xml);
    expect(doc.rss['@xmlns:g']).toBe('http://base.google.com/ns/1.0');
    const items = doc.rss.channel.item as Array<Record<string, unknown>>;
    expect(items.map((i) => i['g:id'])).toEqual(['ENZ-1-M', 'ENZ-2-M', 'ENZ-3-M']);
    const first = items[0]!;
    expect(first['g:title']).toBe(item(1).title);
    expect(first['g:description']).toBe(item(1).description);
    expect(first['g:link']).toBe(item(1).link);
    expect(first['g:additional_image_link']).toEqual(item(1).additionalImageLinks);
    expect(first['g:google_product_category']).toBe(item(1).googleProductCategory);
    expect(first).toMatchObject({
      'g:availability': 'out_of_stock',
      'g:price': '45000.00 COP',
      'g:identifier_exists': 'no',
    });
    expect(first['g:shipping']).toEqual({
      'g:country': 'CO',
      'g:service': 'Envío estándar',
      'g:price': '16500.00 COP',
      'g:min_transit_time': '2',
      'g:max_transit_time': '6',
    });
  });

  it('Meta: one header row, then every item, with its quotes and line breaks kept', async () => {
    const csv = await written((sink) => metaFeedWriter(sink));
    const rows = parse(csv, { columns: true }) as Array<Record<string, string>>;
    expect(rows.map((r) => r.id)).toEqual(['ENZ-1-M', 'ENZ-2-M', 'ENZ-3-M']);
    expect(rows[0]).toMatchObject({
      title: item(1).title,
      description: item(1).description,
      availability: 'out of stock',
      price: '45000.00 COP',
      shipping: 'CO::Envío estándar:16500.00 COP',
    });
  });
});
