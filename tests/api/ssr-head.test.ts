import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../setup/test-shop.js';
import { requireBuiltClient } from '../setup/built-client.js';

const PUBLIC = 'https://enzo.example';
let shop: TestShop;

beforeAll(async () => {
  // The real client build and server render bundle (npm run build).
  shop = await startTestShop({ CLIENT_DIST_DIR: requireBuiltClient(), PUBLIC_URL: PUBLIC });
});
afterAll(() => shop?.close());

async function page(p: string) {
  const res = await fetch(`${shop.url}${p}`, { headers: { accept: 'text/html' }, redirect: 'manual' });
  const html = await res.text();
  const meta = (attr: string, key: string) =>
    new RegExp(`<meta ${attr}="${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" content="([^"]*)"`).exec(html)?.[1];
  return {
    status: res.status,
    location: res.headers.get('location'),
    html,
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    titles: html.match(/<title>/g)?.length ?? 0,
    description: meta('name', 'description'),
    descriptions: html.match(/name="description"/g)?.length ?? 0,
    robots: meta('name', 'robots'),
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1],
    og: (key: string) => meta('property', key),
  };
}

async function someProduct(category: string) {
  const rows: Array<{ id: number; slug: string; name: string; price: number; collections: string[] }> =
    await shop.ds.query(
      `SELECT id, slug, name, price, collections FROM product WHERE category_slug = $1 AND active AND NOT ('halloween' = ANY(collections)) ORDER BY id LIMIT 1`,
      [category],
    );
  return rows[0]!;
}

describe('server-rendered head tags (from what each page declares while rendering)', () => {
  it('gives home the default title, the home description, canonical and Open Graph tags', async () => {
    const home = await page('/');
    expect(home.status).toBe(200);
    expect(home.title).toBe('Enzo | Accesorios para mascotas');
    expect(home.titles).toBe(1);
    expect(home.descriptions).toBe(1);
    expect(home.description).toMatch(/^Compra collares, arneses, correas, pecheras y ropa para perros y gatos/);
    expect(home.canonical).toBe(`${PUBLIC}/`);
    expect(home.og('og:url')).toBe(`${PUBLIC}/`);
    expect(home.og('og:type')).toBe('website');
    expect(home.og('og:image')).toMatch(/^https?:\/\//);
    expect(home.robots).toBeUndefined();
    expect((await page('/about')).canonical).toBe(`${PUBLIC}/`);
    // The page itself is rendered, with the query results it was rendered from for hydration.
    expect(home.html).not.toContain('<div id="root"></div>');
    expect(home.html).toContain('<script type="application/json" id="enzo-query-results">');
    // The first carousel slide of the season (staff-dated), its phone picture first.
    expect(home.html).toMatch(/<img [^>]*src="\/media\/home\/(?:banner-mobile-\d+|slide-[a-z0-9-]+-mobile)\.[a-z]+"/);
  });

  it('gives category listings their title, description and an absolute image', async () => {
    const collares = await page('/collares');
    expect(collares.title).toBe('Collares | Enzo');
    expect(collares.description).toContain('Collares para perros y gatos');
    expect(collares.canonical).toBe(`${PUBLIC}/collares`);
    expect(collares.og('og:title')).toBe('Collares | Enzo');
    expect(collares.og('og:image')).toMatch(/^https:\/\/enzo\.example\/media\//);
    expect((await page('/chaquetas')).title).toBe('Denim For Pets | Enzo');
    expect((await page('/halloween')).title).toBe('Halloween | Enzo');
  });

  it('puts the product name, price and image in product pages on every route shape', async () => {
    const shapes: Array<[string, (p: { id: number; slug: string }) => string]> = [
      ['collares', (p) => `/collares/${p.id}/${p.slug}`],
      ['correas', (p) => `/correa/${p.id}/${p.slug}`],
      ['arneses', (p) => `/arnes/${p.id}/`],
      ['bandanas', (p) => `/bandana/${p.id}/${p.slug}`],
      ['pecheras', (p) => `/pechera/${p.id}/${p.slug}`],
      ['pecheras-backpack', (p) => `/pechera_backpack/${p.id}/${p.slug}`],
      ['chaquetas', (p) => `/chaqueta/${p.id}/${p.slug}`],
    ];
    for (const [category, url] of shapes) {
      const product = await someProduct(category);
      const res = await page(url(product));
      expect(res.status, url(product)).toBe(200);
      expect(res.title).toBe(`${product.name} | Enzo`);
      expect(res.canonical).toBe(`${PUBLIC}${url(product)}`);
      expect(res.og('og:type')).toBe('product');
      expect(res.og('product:price:amount')).toBe(String(product.price));
      expect(res.og('product:price:currency')).toBe('COP');
      expect(res.og('og:image')).toMatch(/^https?:\/\//);
    }
    const [halloween] = await shop.ds.query(
      `SELECT id, slug FROM product WHERE 'halloween' = ANY(collections) AND active ORDER BY id LIMIT 1`,
    );
    const h = await page(`/bandana/halloween/${halloween.id}/${halloween.slug}`);
    expect(h.status).toBe(200);
    expect(h.canonical).toBe(`${PUBLIC}/bandana/halloween/${halloween.id}/${halloween.slug}`);
  });

  it('redirects a wrong slug to the canonical URL and 404s foreign or unknown products', async () => {
    const collar = await someProduct('collares');
    const wrong = await page(`/collares/${collar.id}/otro-nombre?utm_source=wa`);
    expect(wrong.status).toBe(301);
    expect(wrong.location).toBe(`/collares/${collar.id}/${collar.slug}?utm_source=wa`);
    const foreign = await page(`/correa/${collar.id}/${collar.slug}`);
    expect(foreign.status).toBe(404);
    expect(foreign.robots).toBe('noindex, nofollow');
    expect(foreign.title).toBe('Página no encontrada | Enzo');
    expect((await page('/collares/99999999/nada')).status).toBe(404);
    const unknown = await page('/no-existe');
    expect(unknown.status).toBe(404);
    expect(unknown.robots).toBe('noindex, nofollow');
    expect(unknown.canonical).toBeUndefined();
  });

  it('marks login, dashboard and checkout routes noindex, nofollow and leaves them to the browser', async () => {
    for (const p of [
      '/login-dashboard-enzo-fpl',
      '/dashboard',
      '/orders',
      '/detail-order/5',
      '/proceso-pago-items',
      '/pago-exitoso',
    ]) {
      const res = await page(p);
      expect(res.status, p).toBe(200);
      expect(res.html, p).toContain('<div id="root"></div>');
      expect(res.robots, p).toBe('noindex, nofollow');
      expect(res.canonical, p).toBeUndefined();
      expect(res.og('og:title'), p).toBeUndefined();
    }
    expect((await page('/login-dashboard-enzo-fpl')).title).toBe('Ingreso del personal | Enzo');
  });

  it('escapes everything it injects', async () => {
    const product = await someProduct('pecheras');
    await shop.ds.query(`UPDATE product SET name = $2, description = $3 WHERE id = $1`, [
      product.id,
      'Pechera "Rayo" <script>alert(1)</script> & más',
      "Con 'comillas' y </title>",
    ]);
    // The page was rendered (and cached) by an earlier test: wait until this instance has seen the change.
    await shop.catalogCache.sync();
    const res = await page(`/pechera/${product.id}/${product.slug}`);
    expect(res.html).not.toContain('<script>alert(1)</script>');
    expect(res.html).not.toContain("'comillas'");
    expect(res.title).toBe('Pechera &quot;Rayo&quot; &lt;script&gt;alert(1)&lt;/script&gt; &amp; más | Enzo');
    expect(res.description).toContain('&#39;comillas&#39; y &lt;/title&gt;');
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('disallows the private areas and points to the sitemap', async () => {
    const res = await fetch(`${shop.url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    for (const p of [
      '/dashboard',
      '/orders',
      '/detail-order',
      '/login-dashboard-enzo-fpl',
      '/proceso-pago-items',
      '/pago-exitoso',
      '/pasarela-sandbox',
    ]) {
      expect(text).toContain(`Disallow: ${p}\n`);
    }
    expect(text).toContain(`Sitemap: ${PUBLIC}/sitemap.xml`);
  });

  it('lists the public pages and every active product with absolute URLs', async () => {
    const [{ n }] = await shop.ds.query(`SELECT count(*)::int AS n FROM product WHERE active`);
    const res = await fetch(`${shop.url}/sitemap.xml`);
    expect(res.headers.get('content-type')).toMatch(/xml/);
    const xml = await res.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(locs.every((l) => l.startsWith(`${PUBLIC}/`))).toBe(true);
    expect(locs).toContain(`${PUBLIC}/`);
    expect(locs).toContain(`${PUBLIC}/pecherasBackpack`);
    expect(locs).toContain(`${PUBLIC}/PoliticaEnvios`);
    expect(locs.some((l) => l.includes('dashboard') || l.includes('login'))).toBe(false);
    const productLocs = locs.filter((l) => /\/\d+\//.test(l));
    expect(productLocs).toHaveLength(n);
    expect(new Set(locs).size).toBe(locs.length);
  });
});
