import { beforeAll, describe, expect, it } from 'vitest';
import { checkImageUpload, sanitizeSvg } from '../../modules/media/index.js';
import { productImages } from './artwork.js';
import { products } from './catalog-data.js';
import { assertWellFormedXml } from './xml-check.test-util.js';

const upload = (text: string) =>
  checkImageUpload({ contentType: 'image/svg+xml', dataBase64: Buffer.from(text).toString('base64') });

/** The seed's own artwork passes the SVG sanitiser staff uploads go through, drawing intact. */
describe('seed artwork as an upload', () => {
  beforeAll(() => sanitizeSvg('<svg/>'), 60_000);

  it('accepts every seed artwork, keeping its drawing and writing well-formed XML', async () => {
    let checked = 0;
    for (const product of products.slice(0, 40)) {
      for (const image of productImages(product)) {
        const result = await upload(image.body);
        if ('__typename' in result) throw new Error(`${product.name}: ${JSON.stringify(result)}`);
        const out = result.data.toString('utf8');
        assertWellFormedXml(out);
        const count = (s: string, tag: string) => s.split(`<${tag}`).length;
        for (const tag of ['path', 'circle', 'rect', 'ellipse', 'pattern', 'clipPath', 'text'])
          expect(count(out, tag), `${product.name} <${tag}>`).toBe(count(image.body, tag));
        expect({ width: result.width, height: result.height }).toEqual({ width: image.width, height: image.height });
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(40);
  }, 120_000);
});
