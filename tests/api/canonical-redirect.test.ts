import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../setup/test-shop.js';

/** Shared links with a trailing slash or other letter case reach the page (a 301 to the canonical URL). */
let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop?.close());

const get = (path: string) => fetch(`${shop.url}${path}`, { redirect: 'manual', headers: { accept: 'text/html' } });

describe('canonical redirects', () => {
  it.each([
    ['/chaquetas/', '/chaquetas'],
    ['/COLLARES', '/collares'],
    ['/Collares/', '/collares'],
    ['/pecherasbackpack', '/pecherasBackpack'],
    ['/tratamientodatos/', '/TratamientoDatos'],
    ['/alianza-laika-enzo/', '/alianza-laika-enzo'],
  ])('%s → 301 %s', async (from, to) => {
    const res = await get(from);
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(to);
  });

  it('keeps the query string', async () => {
    const res = await get('/COLLARES/?utm_source=whatsapp&orden=precio');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/collares?utm_source=whatsapp&orden=precio');
  });

  it('leaves canonical pages, unknown paths, the API and other hosts alone', async () => {
    for (const path of ['/chaquetas', '/no-existe/', '//evil.example/collares', '/graphql/']) {
      const res = await get(path);
      expect(res.status, path).not.toBe(301);
    }
  });
});
