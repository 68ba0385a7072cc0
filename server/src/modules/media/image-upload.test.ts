import { beforeAll, describe, expect, it } from 'vitest';
import { sanitizeSvg } from './svg-sanitizer.js';
import { checkImageUpload } from './image-upload.js';
import { blankPng } from './png-fixture.test-util.js';

const svg = (body: string, extra = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"${extra}><rect width="100" height="100" fill="#c8893a"/>${body}</svg>`;
const upload = (text: string | Buffer, contentType = 'image/svg+xml') =>
  checkImageUpload({ contentType, dataBase64: Buffer.from(text).toString('base64') });

describe('SVG uploads are sanitised', () => {
  // jsdom loads on the first SVG.
  beforeAll(() => sanitizeSvg('<svg/>'), 60_000);

  const ACTIVE: Record<string, string> = {
    'a prefixed script': svg('<s:script xmlns:s="http://www.w3.org/2000/svg">alert(1)</s:script>'),
    'an XHTML script under another prefix': svg('<h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script>'),
    'an entity-encoded javascript: link': svg('<a href="&#106;avascript:alert(1)"><circle r="4"/></a>'),
    'an entity-encoded xlink javascript: link': svg(
      '<a xlink:href="&#x6A;avascript:alert(1)"><circle r="4"/></a>',
      ' xmlns:xlink="http://www.w3.org/1999/xlink"',
    ),
    'a prefixed foreignObject': svg(
      '<s:foreignObject xmlns:s="http://www.w3.org/2000/svg"><div xmlns="http://www.w3.org/1999/xhtml">hola</div></s:foreignObject>',
    ),
    'an event handler': svg('<circle r="4" onclick="alert(1)"/>'),
    'an animation that rewrites a link': svg('<a href="#x"><set attributeName="href" to="javascript:alert(1)"/></a>'),
    'a plain script': svg('<script>alert(1)</script>'),
  };
  for (const [name, text] of Object.entries(ACTIVE)) {
    it(`refuses ${name}`, async () => {
      const result = await upload(text);
      expect(result).toMatchObject({ __typename: 'ValidationErrors' });
      expect(JSON.stringify(result)).toContain('contenido activo');
    });
  }

  it('accepts what editors leave behind, and writes XML a browser can read as image/svg+xml', async () => {
    const result = await upload(
      svg('<metadata>creado con un editor</metadata><text x="1" y="9">a\u00a0b</text>', ' data-editor="x"'),
    );
    if ('__typename' in result) throw new Error(JSON.stringify(result));
    const out = result.data.toString('utf8');
    expect(out).not.toContain('&nbsp;');
    expect(out).toContain('a&#160;b');
  });
});

describe('raster uploads are checked from their header', () => {
  for (const side of [30_000, 16_000, 8_001]) {
    it(`refuses a ${side}×${side} PNG without decoding it`, async () => {
      const png = blankPng(side, side);
      const started = performance.now();
      const result = await upload(png, 'image/png');
      expect(performance.now() - started).toBeLessThan(500);
      expect(JSON.stringify(result)).toContain('demasiado grande');
    });
  }

  it('refuses a picture over the pixel cap even within the side cap', async () => {
    expect(JSON.stringify(await upload(blankPng(8000, 6000), 'image/png'))).toContain('megapíxeles');
  });

  it('accepts a picture within the caps, with its size', async () => {
    expect(await upload(blankPng(1200, 800), 'image/png')).toMatchObject({ width: 1200, height: 800, ext: 'png' });
  });

  it('refuses bytes that are not the declared type', async () => {
    expect(await upload(blankPng(10, 10), 'image/jpeg')).toMatchObject({ __typename: 'ValidationErrors' });
  });
});
