import { createHash } from 'node:crypto';
import http from 'node:http';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parseEnv } from '../../server/src/config/env.js';
import { createLogger, startShop, type RunningShop } from '../../server/src/app/start-shop.js';
import { startTestShop, type TestShop } from '../setup/test-shop.js';
import { requireBuiltClient } from '../setup/built-client.js';
import { legacyStaffHeaders } from '../setup/staff-tokens.js';
import { formatCop } from '../../shared/money.js';
import sharp from 'sharp';
import { graphql } from '../gql/index.js';
import { expectTypename } from '../setup/graphql-post.js';
import {
  StaffAddProductImageDocument,
  StaffUpdateProductDocument,
} from '../../client/src/features/staff-catalog/staff-catalog.generated.js';
import {
  StaffShippingDocument,
  StaffSaveShippingSettingsDocument,
} from '../../client/src/features/staff-shipping/staff-shipping.generated.js';
import {
  StaffCashOnDeliveryDocument,
  StaffSaveCashOnDeliveryDocument,
} from '../../client/src/features/staff-payments/staff-payments.generated.js';

/**
 * Server-rendered pages without JavaScript, HTTP caching (ETag/304, Cache-Control) of pages and of public
 * GraphQL GETs, and the instances' caches dropped on every instance when staff change a price.
 */
let a: TestShop;
let b: RunningShop;
let auth: Record<string, string>;

beforeAll(async () => {
  const clientDist = requireBuiltClient();
  a = await startTestShop({ CLIENT_DIST_DIR: clientDist });
  // A second instance on the same database (as behind a load balancer).
  const env = parseEnv({
    NODE_ENV: 'test',
    PORT: '0',
    DATA_DIR: inject('mediaDir').replace(/\/media$/, ''),
    DATABASE_URL: a.databaseUrl,
    LOG_LEVEL: 'silent',
    SEED_ON_START: 'false',
    TEST_SHOP: 'true',
    FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost'),
    CLIENT_DIST_DIR: clientDist,
  });
  b = await startShop(env, createLogger(env));
  auth = await legacyStaffHeaders(inject('authEmulatorHost'), 'ssr-staff@enzo.test');
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

interface Row {
  id: number;
  slug: string;
  name: string;
  price: number;
}

async function product(where: string): Promise<Row> {
  const rows: Row[] = await a.ds.query(
    `SELECT p.id, p.slug, p.name, p.price FROM product p WHERE p.category_slug = 'collares' AND p.active AND ${where} ORDER BY p.id LIMIT 1`,
  );
  return rows[0]!;
}

const html = async (url: string, headers: Record<string, string> = {}) => {
  const res = await fetch(url, { headers: { accept: 'text/html', ...headers }, redirect: 'manual' });
  return { res, body: await res.text() };
};

/** The visible text of an HTML document (what a shopper without JavaScript reads). */
function text(doc: string): string {
  return doc
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|\s+/g, ' ');
}

describe('pages without JavaScript', () => {
  it('shows a product with its price, every size and which sizes are sold out, plus Product JSON-LD', async () => {
    const collar = await product('true');
    const sizes: Array<{ label: string; stock: number; reserved: number }> = await a.ds.query(
      `SELECT label, stock, reserved FROM product_size WHERE product_id = $1 ORDER BY position`,
      [collar.id],
    );
    await a.ds.query(`UPDATE product_size SET stock = reserved WHERE product_id = $1 AND label = $2`, [
      collar.id,
      sizes[0]!.label,
    ]);
    await a.catalogCache.sync();
    const { res, body } = await html(`${a.url}/collares/${collar.id}/${collar.slug}`);
    expect(res.status).toBe(200);
    const page = text(body);
    expect(page).toContain(collar.name);
    expect(page).toContain(formatCop(collar.price).replace(/\u00a0/g, ' '));
    expect(page).toContain('IVA incluido');
    for (const s of sizes) expect(body).toContain(`aria-label="${s.label}"`);
    // The sold-out size is a disabled radio, with the note shoppers read.
    expect(body).toMatch(new RegExp(`<input type="radio" disabled="" aria-label="${sizes[0]!.label}"`));
    expect(page).toContain('Las tallas tachadas están agotadas.');
    const ld = [...body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as Record<string, unknown>,
    );
    const productLd = ld.find((d) => d['@type'] === 'Product') as { offers: Record<string, string> } | undefined;
    expect(productLd?.offers).toMatchObject({
      priceCurrency: 'COP',
      price: String(collar.price),
      availability: 'https://schema.org/InStock',
    });
    const crumbs = ld.find((d) => d['@type'] === 'BreadcrumbList') as
      { itemListElement: Array<{ name: string }> } | undefined;
    expect(crumbs?.itemListElement.map((c) => c.name)).toEqual(['Inicio', 'Collares', collar.name]);
  });

  it('lists a category with names, prices and links, with a BreadcrumbList', async () => {
    const { res, body } = await html(`${a.url}/collares`);
    expect(res.status).toBe(200);
    const first = await product('true');
    expect(body).toContain(`href="/collares/${first.id}/${first.slug}"`);
    expect(text(body)).toMatch(/\d+ productos/);
    expect(body.match(/class="product-card__price"/g)?.length).toBeGreaterThanOrEqual(6);
    expect(body).toContain('"@type":"BreadcrumbList"');
    // The first images load eagerly with their size (no layout shift), the rest lazily.
    expect(body).toMatch(/<img [^>]*width="\d+" height="\d+" loading="eager"/);
    expect(body).toMatch(/<img [^>]*loading="lazy"/);
  });

  it('renders every policy and content page, and the 404 page with its status', async () => {
    const pages: Array<[string, string]> = [
      ['/TratamientoDatos', 'Ley 1581'],
      ['/PoliticaDevolucion', 'retracto'],
      ['/PoliticaEnvios', 'envío'],
      ['/nosotros', 'Enzo'],
      ['/distribuidores-cucuta', 'Cúcuta'],
      ['/distribuidores-bogota', 'Bogotá'],
      ['/alianza-laika-enzo', 'Laika'],
      ['/alianza-kumpet', 'Kumpet'],
      ['/alianza-puppis-enzo', 'Puppis'],
      ['/halloween', 'Halloween'],
      ['/about', 'Explora por categoría'],
    ];
    for (const [path, words] of pages) {
      const { res, body } = await html(`${a.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(text(body).toLowerCase(), path).toContain(words.toLowerCase());
      expect(body, path).toMatch(/<h1[\s>]/);
    }
    const missing = await html(`${a.url}/no-existe`);
    expect(missing.res.status).toBe(404);
    expect(text(missing.body)).toContain('Página no encontrada');
    expect(missing.res.headers.get('cache-control')).toBe('no-cache');
  });
});

describe('JavaScript after the first paint', () => {
  /** Chunk files named in the page: `modulepreload` links, and the list the first script loads once the page is painted. */
  const preloads = (body: string) =>
    [...body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]!);
  const afterPaint = (body: string) =>
    body.match(/<meta name="enzo-route-chunks" content="([^"]*)"/)?.[1]?.split(' ') ?? [];
  /** Scripts the browser runs (not the data blocks: query results, JSON-LD): `src` or inline code. */
  const scripts = (body: string) =>
    [...body.matchAll(/<script(?![^>]*type="application\/(?:ld\+)?json")([^>]*)>([\s\S]*?)<\/script>/g)].map((m) => ({
      attrs: m[1]!,
      code: m[2]!,
    }));

  it('a server-rendered page fetches no script before its first paint: its first script is inline, allowed by its hash, and lists the app for later', async () => {
    const collar = await product('true');
    for (const path of ['/', '/collares', `/collares/${collar.id}/${collar.slug}`]) {
      const { res, body } = await html(`${a.url}${path}`);
      // Neither React, the router nor the entry compete with the markup and the hero image.
      expect(preloads(body), path).toEqual([]);
      const [first, ...others] = scripts(body);
      expect(others, path).toEqual([]);
      expect(first!.attrs, path).toMatch(/^ data-entry="\/assets\/main-[\w-]+\.js"$/);
      // The CSP runs this inline script and no other (script-src 'self' plus its hash).
      const hash = `'sha256-${createHash('sha256').update(first!.code).digest('base64')}'`;
      expect(res.headers.get('content-security-policy'), path).toContain(`script-src 'self' ${hash};`);
      const later = afterPaint(body);
      for (const chunk of ['react', 'vendor', 'boot', 'preload-helper'])
        expect(
          later.some((href) => href.startsWith(`/assets/${chunk}-`)),
          `${path}: ${chunk}`,
        ).toBe(true);
      // Apollo Client is not part of a first load: the page hydrates from the query results in the HTML.
      expect(
        later.filter((href) => href.startsWith('/assets/apollo-')),
        path,
      ).toEqual([]);
      expect(body, path).toContain('<script type="application/json" id="enzo-query-results">');
      // The app's stylesheet is inlined like the route's, so nothing shifts when the JavaScript arrives.
      expect(body, path).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/boot-[\w-]+\.css" disabled \/>/);
    }
    // The product page shows the size guide without the validation library the staff form uses.
    const page = await html(`${a.url}/collares/${collar.id}/${collar.slug}`);
    expect(afterPaint(page.body).filter((href) => /schemas-/.test(href))).toEqual([]);
  });

  it('a page rendered in the browser only (checkout) loads the entry and preloads its chunks at once', async () => {
    const { body } = await html(`${a.url}/proceso-pago-items`);
    expect(afterPaint(body)).toEqual([]);
    // Nothing to tap before React renders it: no inline first script, only the entry.
    expect(scripts(body).map((s) => s.code)).toEqual(['']);
    expect(body).toMatch(/<script type="module" crossorigin src="\/assets\/main-[\w-]+\.js"><\/script>/);
    expect(preloads(body).some((href) => /\/assets\/vendor-/.test(href))).toBe(true);
  });
});

describe('what is not a page', () => {
  it('leaves the feeds, the favicon, readiness and metrics to their own routes even for a browser asking for HTML', async () => {
    const favicon = await html(`${a.url}/favicon.ico`);
    expect(favicon.res.status).toBe(301);
    expect(favicon.res.headers.get('location')).toBe('/favicon.svg');
    const feed = await html(`${a.url}/feeds/google.xml`);
    expect(feed.res.status).toBe(200);
    expect(feed.res.headers.get('content-type')).toMatch(/xml/);
    expect(feed.body).toContain('<rss');
    for (const path of ['/readyz', '/metrics']) {
      const res = await html(`${a.url}${path}`);
      expect(res.res.headers.get('content-type'), path).not.toMatch(/html/);
      expect(res.body, path).not.toContain('<!doctype html>');
    }
  });
});

describe('search and filtered listings on the server', () => {
  it('renders /buscar with its results and head from the query, and listings filtered and sorted by the URL', async () => {
    const found = await html(`${a.url}/buscar?q=collar`);
    expect(found.res.status).toBe(200);
    expect(text(found.body)).toContain('Resultados para «collar»');
    expect(found.body).toContain('<title>Resultados para «collar» | Enzo</title>');
    // Anyone can write a query: search pages are never indexed, nor canonical to themselves.
    expect(found.body).not.toContain('rel="canonical"');
    expect(found.body).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect(found.res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(found.res.headers.get('cache-control')).not.toMatch(/public/);
    expect(found.body.match(/class="product-card__price"/g)?.length).toBeGreaterThan(0);
    // Answered again from the search pages' own cache: still not to be indexed, still private.
    const again = await html(`${a.url}/buscar?q=collar`);
    expect(again.body).toBe(found.body);
    expect(again.res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(again.res.headers.get('cache-control')).not.toMatch(/public/);
    const empty = await html(`${a.url}/buscar`);
    expect(empty.body).toContain('<meta name="robots" content="noindex, nofollow" />');
    // The URL's sort reaches the server render: the first card is the cheapest collar.
    const firstCard = (body: string) => /class="product-card__name">([^<]+)</.exec(body)?.[1];
    const [cheapest] = await a.ds.query(
      `SELECT name FROM product WHERE category_slug = 'collares' AND active ORDER BY price, id LIMIT 1`,
    );
    const [dearest] = await a.ds.query(
      `SELECT name FROM product WHERE category_slug = 'collares' AND active ORDER BY price DESC, id LIMIT 1`,
    );
    expect(firstCard((await html(`${a.url}/collares?orden=menor-precio`)).body)).toBe(cheapest.name);
    expect(firstCard((await html(`${a.url}/collares?orden=mayor-precio`)).body)).toBe(dearest.name);
  });
});

describe('HTTP caching', () => {
  it('gives public pages an ETag and answers 304 when it matches; private pages are not cached', async () => {
    const first = await html(`${b.url}/correas`);
    const second = await html(`${b.url}/correas`);
    expect(second.body).toBe(first.body);
    const etag = second.res.headers.get('etag');
    expect(etag).toMatch(/^"/);
    expect(second.res.headers.get('cache-control')).toMatch(/public.*stale-while-revalidate=\d+/);
    // As a browser revalidates (fetch() would add `Cache-Control: no-cache`, which forbids a 304).
    const revalidated = await fetch(`${b.url}/correas`, {
      headers: { accept: 'text/html', 'if-none-match': etag!, 'cache-control': 'max-age=0' },
    });
    expect(revalidated.status).toBe(304);
    expect((await html(`${b.url}/proceso-pago-items`)).res.headers.get('cache-control')).toBe('no-cache');
  });

  it('keeps a page gzip-compressed once: a client that accepts gzip gets those bytes, any other the page, with one ETag', async () => {
    /** The raw answer (fetch() would ask for and undo the compression itself). */
    const raw = (method: string, headers: Record<string, string>) =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const req = http.request(
          `${b.url}/arneses`,
          { method, headers: { accept: 'text/html', ...headers } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () =>
              resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
            );
          },
        );
        req.on('error', reject);
        req.end();
      });
    // Each kind of client once with the page rendered for it (kept as it leaves), then from the cache.
    for (const round of ['rendered', 'cached']) {
      const get = (headers: Record<string, string>) => {
        if (round === 'rendered') b.catalogCache.invalidate();
        return raw('GET', headers);
      };
      const zipped = await get({ 'accept-encoding': 'gzip, deflate, br' });
      const plain = await get({});
      const brOnly = await get({ 'accept-encoding': 'br' });
      expect(b.catalogCache.pages.has('/arneses'), round).toBe(true);
      expect(zipped.status, round).toBe(200);
      expect(zipped.headers['content-encoding'], round).toBe('gzip');
      expect(Number(zipped.headers['content-length']), round).toBe(zipped.body.length);
      expect(b.catalogCache.pages.get('/arneses')!.gzip.equals(zipped.body), round).toBe(true);
      expect(plain.headers['content-encoding'], round).toBeUndefined();
      expect(Number(plain.headers['content-length']), round).toBe(plain.body.length);
      expect(gunzipSync(zipped.body).equals(plain.body), round).toBe(true);
      expect(plain.body.toString('utf8'), round).toContain('</html>');
      // A client that takes only Brotli gets a compressed answer from the compression step, of the same page.
      expect(brOnly.headers['content-encoding'], round).not.toBe('gzip');
      for (const answer of [zipped, plain, brOnly]) {
        expect(answer.headers.vary, round).toMatch(/accept-encoding/i);
        expect(answer.headers.etag, round).toBe(plain.headers.etag);
      }
      const head = await raw('HEAD', { 'accept-encoding': 'gzip' });
      expect(head.body.length, round).toBe(0);
      expect(head.headers['content-length'], round).toBe(zipped.headers['content-length']);
      const revalidated = await raw('GET', {
        'accept-encoding': 'gzip',
        'if-none-match': String(plain.headers.etag),
        'cache-control': 'max-age=0',
      });
      expect(revalidated.status, round).toBe(304);
      expect(revalidated.body.length, round).toBe(0);
    }
  });

  it('treats an ad click (utm_*, gclid, fbclid, msclkid, ttclid…) as the same page: same canonical, served from the page cached without them', async () => {
    const collar = await product('true');
    const pages = [`/collares/${collar.id}/${collar.slug}`, '/collares?orden=precio-asc', '/buscar?q=collar'];
    const clicks = [
      'utm_source=facebook&utm_medium=cpc&utm_campaign=navidad&fbclid=IwAR0abc',
      'gclid=Cj0KCQ&gad_source=1',
      'msclkid=4f1e&UTM_Content=banner',
      'ttclid=E.C.P.x',
    ];
    const canonical = (doc: string) => /<link rel="canonical" href="([^"]*)"/.exec(doc)?.[1];
    // Search result pages are kept apart from the shop's pages, in their own bounded cache.
    const storeOf = (page: string) => (page.startsWith('/buscar') ? b.catalogCache.searchPages : b.catalogCache.pages);
    for (const page of pages) {
      const store = storeOf(page);
      const plain = await html(`${b.url}${page}`);
      expect(plain.res.status, page).toBe(200);
      expect(store.has(page), page).toBe(true);
      // A mark only the cached copy carries: an answer that has it was sent from the page cache under this key.
      const cached = store.get(page)!;
      const marked = gunzipSync(cached.gzip).toString('utf8').replace('</body>', '<!-- copia-en-cache --></body>');
      store.set(page, { ...cached, gzip: gzipSync(marked) });
      for (const click of clicks) {
        const url = `${page}${page.includes('?') ? '&' : '?'}${click}`;
        const clicked = await html(`${b.url}${url}`);
        expect(clicked.res.status, url).toBe(200);
        expect(clicked.body, url).toContain('<!-- copia-en-cache -->');
        expect(canonical(clicked.body), url).toBe(canonical(plain.body));
        expect(clicked.body, url).not.toMatch(/utm_|gclid|fbclid|msclkid|ttclid/i);
        expect(store.has(url), url).toBe(false);
      }
    }
    // Not cached yet: rendered once without the click's parameters, then kept under the page's own key.
    b.catalogCache.pages.clear();
    const first = await html(`${b.url}/correas?fbclid=IwAR9&utm_source=ig`);
    expect(first.res.status).toBe(200);
    expect(canonical(first.body)).toMatch(/\/correas$/);
    expect([...b.catalogCache.pages.keys()]).toEqual(['/correas']);
    expect((await html(`${b.url}/correas`)).body).toBe(first.body);
  });

  it('serves public catalog reads as cacheable GETs (also by persisted-query hash) and never caches quotes or POSTs', async () => {
    // Sent by hand as GETs (by text, then by hash), so the text is the document's own.
    const query = String(
      graphql(`
        query SsrListing($category: String) {
          products(category: $category, first: 3) {
            edges {
              node {
                id
                price
              }
            }
          }
        }
      `),
    );
    const variables = JSON.stringify({ category: 'arneses' });
    const sha = createHash('sha256').update(query).digest('hex');
    const extensions = JSON.stringify({ persistedQuery: { version: 1, sha256Hash: sha } });
    const headers = { 'apollo-require-preflight': 'true' };
    // Unknown hash: Apollo asks for the document (not cached), then the GET with the document registers it.
    const unknown = await fetch(
      `${b.url}/graphql?extensions=${encodeURIComponent(extensions)}&variables=${encodeURIComponent(variables)}`,
      { headers },
    );
    expect(
      ((await unknown.json()) as { errors: Array<{ extensions: { code: string } }> }).errors[0]!.extensions.code,
    ).toBe('PERSISTED_QUERY_NOT_FOUND');
    expect(unknown.headers.get('cache-control')).not.toMatch(/public/);
    const full = await fetch(
      `${b.url}/graphql?query=${encodeURIComponent(query)}&variables=${encodeURIComponent(variables)}&extensions=${encodeURIComponent(extensions)}`,
      { headers },
    );
    expect(full.status).toBe(200);
    const hashedUrl = `${b.url}/graphql?extensions=${encodeURIComponent(extensions)}&variables=${encodeURIComponent(variables)}`;
    const hashed = await fetch(hashedUrl, { headers });
    expect(hashed.status).toBe(200);
    expect(hashed.headers.get('cache-control')).toMatch(/^public, max-age=\d.*stale-while-revalidate=\d+/);
    const body = (await hashed.json()) as { data: { products: { edges: unknown[] } } };
    expect(body.data.products.edges).toHaveLength(3);
    const etag = hashed.headers.get('etag')!;
    expect(
      (await fetch(hashedUrl, { headers: { ...headers, 'if-none-match': etag, 'cache-control': 'max-age=0' } })).status,
    ).toBe(304);

    const quote = String(
      graphql(`
        query SsrEmptyQuote {
          cartQuote(input: { lines: [] }) {
            total
          }
        }
      `),
    );
    const get = await fetch(`${b.url}/graphql?query=${encodeURIComponent(quote)}`, { headers });
    expect(get.headers.get('cache-control')).toBe('no-store');
    const post = await fetch(`${b.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables: { category: 'arneses' } }),
    });
    expect(post.headers.get('cache-control')).toBe('no-store');
  });
});

describe('a staff price change', () => {
  it('shows at once on every instance: pages, GraphQL GETs and the in-process reads', async () => {
    const collar = await product(`p.id > 1`);
    const path = `/collares/${collar.id}/${collar.slug}`;
    const price = String(
      graphql(`
        query SsrPrice($id: ID!) {
          product(id: $id) {
            price
          }
        }
      `),
    );
    const get = `${b.url}/graphql?query=${encodeURIComponent(price)}&variables=${encodeURIComponent(JSON.stringify({ id: String(collar.id) }))}`;
    const headers = { 'apollo-require-preflight': 'true' };
    // Warm both instances' caches.
    for (const shop of [a, b]) {
      expect(text((await html(`${shop.url}${path}`)).body)).toContain(formatCop(collar.price).replace(/\u00a0/g, ' '));
      await html(`${shop.url}${path}`);
    }
    expect(
      ((await (await fetch(get, { headers })).json()) as { data: { product: { price: number } } }).data.product.price,
    ).toBe(collar.price);

    const newPrice = collar.price + 3_100;
    const res = await a.gql(
      StaffUpdateProductDocument,
      { input: { productId: String(collar.id), price: newPrice } },
      auth,
    );
    expect(res.errors).toBeUndefined();
    const updated = res.data!.staffUpdateProduct;
    expectTypename(updated, 'StaffProduct');
    expect(updated.price).toBe(newPrice);
    // No waiting: the very next request on each instance.
    for (const shop of [a, b]) {
      const page = text((await html(`${shop.url}${path}`)).body);
      expect(page, shop.url).toContain(formatCop(newPrice).replace(/\u00a0/g, ' '));
      expect(page, shop.url).not.toContain(formatCop(collar.price).replace(/\u00a0/g, ' '));
    }
    expect(
      ((await (await fetch(get, { headers })).json()) as { data: { product: { price: number } } }).data.product.price,
    ).toBe(newPrice);
  });

  it('also drops the caches when the catalog is changed outside the app (a direct NOTIFY from PostgreSQL)', async () => {
    const collar = await product(`p.id > 2`);
    const path = `/collares/${collar.id}/${collar.slug}`;
    await html(`${b.url}${path}`);
    await html(`${b.url}${path}`);
    await a.ds.query(`UPDATE product SET price = price + 1000 WHERE id = $1`, [collar.id]);
    await expect
      .poll(async () => text((await html(`${b.url}${path}`)).body), { timeout: 5000, interval: 50 })
      .toContain(formatCop(collar.price + 1000).replace(/\u00a0/g, ' '));
  });
});

describe('shop settings on every public page', () => {
  it('renders the free-shipping threshold staff set, the footer legal identity and «Consulta tu pedido» on the server, and a change shows on every instance', async () => {
    const before = (await a.gql(StaffShippingDocument, {}, auth)).data!.staffShipping.settings;
    const cop = (n: number) => formatCop(n).replace(/\s/g, '');
    for (const path of ['/', '/PoliticaEnvios']) {
      const page = text((await html(`${b.url}${path}`)).body);
      expect(page, path).toContain(`Envío gratis en compras desde ${cop(before.freeFrom)}`);
      expect(page, path).toContain('Enzo Accesorios para Mascotas S.A.S. · NIT 901.234.567-7');
      expect(page, path).toContain('Consulta tu pedido');
      expect(page, path).toContain('Superintendencia de Industria y Comercio');
    }
    const save = StaffSaveShippingSettingsDocument;
    const raised = {
      freeFrom: before.freeFrom + 20_000,
      defaultFee: before.defaultFee,
      defaultMinDays: before.defaultMinDays,
      defaultMaxDays: before.defaultMaxDays,
    };
    expect((await a.gql(save, { input: raised }, auth)).data!.staffSaveShippingSettings.__typename).toBe(
      'ShippingSettings',
    );
    try {
      await expect
        .poll(async () => text((await html(`${b.url}/PoliticaEnvios`)).body), { timeout: 5000, interval: 50 })
        .toContain(`Envío gratis en compras desde ${cop(raised.freeFrom)}`);
    } finally {
      await a.gql(
        save,
        {
          input: {
            freeFrom: before.freeFrom,
            defaultFee: before.defaultFee,
            defaultMinDays: before.defaultMinDays,
            defaultMaxDays: before.defaultMaxDays,
          },
        },
        auth,
      );
    }
  });
});

describe('payment methods in every footer', () => {
  it('lists contraentrega on the server-rendered pages of every instance as soon as staff switch it on, and drops it when they switch it off', async () => {
    const save = StaffSaveCashOnDeliveryDocument;
    const { enabled, maxTotal, fee } = (await a.gql(StaffCashOnDeliveryDocument, {}, auth)).data!.staffCashOnDelivery;
    const before = { enabled, maxTotal, fee };
    const footer = async () => text((await html(`${b.url}/collares`)).body);
    try {
      for (const on of [true, false]) {
        // Read first, so a stale cached page would be served if a change did not reach instance b.
        await footer();
        expect(
          (await a.gql(save, { input: { ...before, enabled: on } }, auth)).data!.staffSaveCashOnDelivery.__typename,
        ).toBe('CashOnDeliverySettings');
        await expect
          .poll(async () => (await footer()).includes('Pago contraentrega'), { timeout: 5000, interval: 50 })
          .toBe(on);
      }
    } finally {
      await a.gql(save, { input: before }, auth);
    }
  });
});

describe('pictures that fit the phone', () => {
  it('turns a staff photo upload into WebP and JPEG widths that the product page offers with srcset and sizes', async () => {
    const collar = await product(`p.id > 3`);
    const photo = await sharp({
      create: { width: 1600, height: 1200, channels: 3, background: { r: 200, g: 120, b: 40 } },
    })
      .png()
      .toBuffer();
    const res = await a.gql(
      StaffAddProductImageDocument,
      {
        input: {
          productId: String(collar.id),
          dataBase64: photo.toString('base64'),
          contentType: 'image/png',
          alt: 'Foto de estudio',
        },
      },
      auth,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.staffAddProductImage.__typename).toBe('StaffProduct');
    const [row] = await a.ds.query(
      `SELECT url, variants FROM product_image WHERE product_id = $1 ORDER BY position DESC LIMIT 1`,
      [collar.id],
    );
    const variants = row.variants as Array<{ width: number; height: number; webp: string; jpeg: string }>;
    expect(variants.map((v) => v.width)).toEqual([320, 480, 640, 960, 1280]);
    expect(variants[0]!.height).toBe(240);
    const webp = await fetch(`${a.url}${variants[2]!.webp}`);
    expect(webp.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await webp.arrayBuffer())).metadata()).width).toBe(640);
    const jpeg = await fetch(`${a.url}${variants[0]!.jpeg}`);
    expect((await sharp(Buffer.from(await jpeg.arrayBuffer())).metadata()).format).toBe('jpeg');
    // The product page (the staff change dropped its cached copy) offers the copies.
    const { body } = await html(`${a.url}/collares/${collar.id}/${collar.slug}`);
    const webpSet = variants.map((v) => `${v.webp} ${v.width}w`).join(', ');
    expect(body.toLowerCase()).toContain(`<source type="image/webp" srcset="${webpSet}" sizes="64px"/>`.toLowerCase());
    expect(body).toMatch(/<img src="[^"]+\.png" srcset="[^"]+-w320\.jpg 320w/i);
  });
});
