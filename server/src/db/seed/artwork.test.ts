import { describe, expect, it } from 'vitest';
import { escapeXml, productImages, seededRandom } from './artwork.js';
import { products } from './catalog-data.js';
import { homeMediaFiles } from './home-media.js';
import { assertWellFormedXml } from './xml-check.test-util.js';

const MAX_SVG_BYTES = 6 * 1024;

describe('xml checker', () => {
  it('accepts good and rejects bad documents', () => {
    expect(() => assertWellFormedXml('<svg a="1"><g><text>a &amp; b</text></g><rect/></svg>')).not.toThrow();
    expect(() => assertWellFormedXml('<svg><text>a & b</text></svg>')).toThrow();
    expect(() => assertWellFormedXml('<svg><g></svg>')).toThrow();
    expect(() => assertWellFormedXml('<svg a="1" a="2"></svg>')).toThrow();
  });
});

describe('productImages', () => {
  const all = products.map((p) => ({ p, images: productImages(p) }));

  it('yields two 800x800 well-formed SVGs per product, under the size limit', () => {
    for (const { p, images } of all) {
      expect(images, p.slug).toHaveLength(2);
      for (const img of images) {
        expect(img.contentType).toBe('image/svg+xml');
        expect(img.width).toBe(800);
        expect(img.height).toBe(800);
        expect(img.body.startsWith('<svg')).toBe(true);
        expect(img.body.endsWith('</svg>')).toBe(true);
        expect(() => assertWellFormedXml(img.body), img.fileName).not.toThrow();
        expect(Buffer.byteLength(img.body), img.fileName).toBeLessThan(MAX_SVG_BYTES);
        expect(img.body).not.toMatch(/href=|url\((?!#)|@import|<script/i);
        expect(img.body).toContain(escapeXml(p.name));
        expect(img.alt).toContain(p.name);
        expect(img.fileName).toMatch(new RegExp(`^${p.slug}-[12]\\.svg$`));
      }
    }
  });

  it('produces unique bodies and file names across products', () => {
    const bodies = all.flatMap((x) => x.images.map((i) => i.body));
    const names = all.flatMap((x) => x.images.map((i) => i.fileName));
    expect(new Set(bodies).size).toBe(bodies.length);
    expect(new Set(names).size).toBe(names.length);
  });

  it('is deterministic', () => {
    const p = products[0]!;
    expect(productImages(p)).toEqual(productImages(p));
    const a = seededRandom('x');
    const b = seededRandom('x');
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
  });

  it('escapes special characters in names', () => {
    const p = { ...products[0]!, name: 'Collar <Tom & Jerry>' };
    const [img] = productImages(p);
    expect(() => assertWellFormedXml(img!.body)).not.toThrow();
    expect(img!.body).toContain('Collar &lt;Tom &amp; Jerry&gt;');
  });
});

describe('homeMediaFiles', () => {
  const files = homeMediaFiles();
  const expected: Record<string, [number, number]> = {
    'home/banner-desktop-1.svg': [1600, 600],
    'home/banner-desktop-2.svg': [1600, 600],
    'home/banner-desktop-3.svg': [1600, 600],
    'home/banner-mobile-1.svg': [800, 1000],
    'home/banner-mobile-2.svg': [800, 1000],
    'home/banner-mobile-3.svg': [800, 1000],
    'home/tile-chaquetas.svg': [600, 600],
    'home/tile-bandanas.svg': [600, 600],
    'home/tile-pecheras.svg': [600, 600],
    'home/tile-arneses.svg': [600, 600],
    'home/tile-collares.svg': [600, 600],
    'home/tile-correas.svg': [600, 600],
    'home/slide-denim-desktop.svg': [1600, 600],
    'home/slide-denim-mobile.svg': [800, 1000],
    'home/slide-collares-desktop.svg': [1600, 600],
    'home/slide-collares-mobile.svg': [800, 1000],
    'home/promo-backpack.svg': [1600, 500],
    'home/promo-pecheras-v2.svg': [1200, 800],
    'home/promo-denim-story.svg': [1200, 800],
    'home/logo.svg': [240, 80],
    'home/promo-video.mp4': [640, 360],
    'home/promo-video-poster.svg': [1280, 720],
  };

  it('has exactly the expected keys and sizes', () => {
    expect(files.map((f) => f.key).sort()).toEqual(Object.keys(expected).sort());
    for (const f of files) {
      expect([f.width, f.height], f.key).toEqual(expected[f.key]);
      expect(f.alt.length, f.key).toBeGreaterThan(0);
    }
  });

  it('SVGs are well formed and declare their size', () => {
    for (const f of files.filter((x) => x.key.endsWith('.svg'))) {
      expect(f.contentType).toBe('image/svg+xml');
      const body = String(f.body);
      expect(() => assertWellFormedXml(body), f.key).not.toThrow();
      expect(body).toContain(`viewBox="0 0 ${f.width} ${f.height}"`);
      expect(body).not.toMatch(/href=|url\((?!#)|<script/i);
    }
    const banner = String(files.find((f) => f.key === 'home/banner-desktop-1.svg')!.body);
    expect(banner).toContain('Halloween peludo');
  });

  it('promo pictures carry no words and no prices: promo blocks show them as text', () => {
    for (const key of ['home/promo-backpack.svg', 'home/promo-pecheras-v2.svg', 'home/promo-denim-story.svg']) {
      const body = String(files.find((f) => f.key === key)!.body);
      expect(body, key).not.toMatch(/<text|\$\s?\d/);
    }
  });

  it('includes the small H.264 promo video', () => {
    const video = files.find((f) => f.key === 'home/promo-video.mp4')!;
    expect(video.contentType).toBe('video/mp4');
    expect(Buffer.isBuffer(video.body)).toBe(true);
    const buf = video.body as Buffer;
    expect(buf.length).toBeGreaterThan(1000);
    expect(buf.length).toBeLessThan(300 * 1024);
    expect(buf.subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect(buf.includes(Buffer.from('avc1'))).toBe(true);
  });
});
