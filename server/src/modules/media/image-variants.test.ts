import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { rasterizeSvg } from './image-variants.js';

describe('rasterizeSvg', () => {
  it('draws SVG artwork as a PNG whose longest side is at least 800 px, on white', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50" viewBox="0 0 100 50"><circle cx="25" cy="25" r="20" fill="#7b1e2b"/></svg>',
    );
    const png = await rasterizeSvg(svg);
    expect(png).toMatchObject({ width: 800, height: 400 });
    const { data, info } = await sharp(png!.data).raw().toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ format: 'raw', width: 800, height: 400, channels: 3 });
    // A corner is white (no transparency); the circle's centre is the circle's colour.
    expect([...data.subarray(0, 3)]).toEqual([255, 255, 255]);
    const centre = (200 * 800 + 200) * 3;
    expect([...data.subarray(centre, centre + 3)]).toEqual([0x7b, 0x1e, 0x2b]);
  });

  it('keeps large artwork within 1600 px and answers null for what is not an SVG', async () => {
    const big = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4000 2000"><rect width="4000" height="2000"/></svg>',
    );
    expect(await rasterizeSvg(big)).toMatchObject({ width: 1600, height: 800 });
    expect(await rasterizeSvg(Buffer.from('no soy un svg'))).toBeNull();
    expect(await rasterizeSvg(Buffer.from('<svg width="10" height="10"><g></svg>'))).toBeNull();
  });
});
