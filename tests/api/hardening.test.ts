import fs from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CLIENT_DIST } from '../../server/src/app/http-app.js';
import { startTestShop, type TestShop } from '../setup/test-shop.js';
import { graphql } from '../gql/index.js';

/**
 * These tests post raw bodies on purpose (hostile variables, broken JSON, other content types): a document the schema
 * accepts is written with graphql(`…`) and sent as its text; one it refuses on purpose carries the marker.
 */
const CATEGORIES = String(
  graphql(`
    query HardeningCategories {
      categories {
        slug
      }
    }
  `),
);
const BY_CATEGORY = String(
  graphql(`
    query HardeningByCategory($c: String) {
      products(category: $c) {
        totalCount
      }
    }
  `),
);
const PRODUCT = String(
  graphql(`
    query HardeningProduct($id: ID!) {
      product(id: $id) {
        name
      }
    }
  `),
);
const AFTER = String(
  graphql(`
    query HardeningAfter($a: String) {
      products(after: $a) {
        totalCount
      }
    }
  `),
);
const QUOTE = String(
  graphql(`
    query HardeningQuote($i: CartQuoteInput!) {
      cartQuote(input: $i) {
        total
      }
    }
  `),
);
const RECEIPT = String(
  graphql(`
    query HardeningReceipt($r: String!, $t: String!) {
      orderReceipt(reference: $r, token: $t) {
        status
      }
    }
  `),
);
const FIRST = String(
  graphql(`
    query HardeningFirst($f: Int) {
      products(first: $f) {
        totalCount
      }
    }
  `),
);
const SORT = String(
  graphql(`
    query HardeningSort($s: ProductSort) {
      products(sort: $s) {
        totalCount
      }
    }
  `),
);
const PLACE = String(
  graphql(`
    mutation HardeningPlace($i: PlaceOrderInput!) {
      placeOrder(input: $i) {
        __typename
      }
    }
  `),
);

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop({ NODE_ENV: 'production' });
});
afterAll(() => shop?.close());

async function post(
  body: string | Buffer,
  contentType = 'application/json',
  extraHeaders: Record<string, string> = {},
) {
  const res = await fetch(`${shop.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': contentType, ...extraHeaders },
    body,
  });
  const text = await res.text();
  let json: { errors?: Array<{ message: string; extensions?: { code?: string } }>; data?: unknown } | null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: res.status, text, json };
}

function codeOf(r: Awaited<ReturnType<typeof post>>) {
  return r.json?.errors?.[0]?.extensions?.code;
}

describe('GraphQL limits', () => {
  it('refuses deep queries with QUERY_TOO_DEEP', async () => {
    const r = await post(
      JSON.stringify({
        query: String(
          graphql(`
            query HardeningShallow {
              a: product(id: "1") {
                category {
                  slug
                }
                sizes {
                  id
                }
                images {
                  url
                }
              }
            }
          `),
        ),
      }),
    );
    expect(r.status).toBe(200);
    // untyped-document: too deep on purpose, and its fields do not exist.
    const deep = '{ categories { slug { a { b { c { d { e { f { g { h { i } } } } } } } } } } }';
    const d = await post(JSON.stringify({ query: deep }));
    expect(d.status).toBe(400);
    expect(d.json!.errors!.map((e) => e.extensions?.code)).toContain('QUERY_TOO_DEEP');
  });

  it('refuses alias bombs with TOO_MANY_ALIASES', async () => {
    const query = `{ ${Array.from({ length: 200 }, (_, i) => `a${i}: categories { slug }`).join(' ')} }`;
    const r = await post(JSON.stringify({ query }));
    expect(r.status).toBeLessThan(500);
    expect(codeOf(r)).toBe('TOO_MANY_ALIASES');
  });

  it('refuses batched requests', async () => {
    const r = await post(JSON.stringify([{ query: CATEGORIES }, { query: CATEGORIES }]));
    expect(r.status).toBe(400);
  });

  it('refuses oversized bodies with a JSON 413', async () => {
    const r = await post(JSON.stringify({ query: CATEGORIES, variables: { x: 'a'.repeat(9 * 1024 * 1024) } }));
    expect(r.status).toBe(413);
    expect(codeOf(r)).toBe('PAYLOAD_TOO_LARGE');
  });

  it('does not suggest field names in production', async () => {
    // untyped-document: a misspelt field, to see that no suggestion is sent.
    const r = await post(JSON.stringify({ query: '{ categorie { slug } }' }));
    expect(r.status).toBe(400);
    expect(r.text).not.toContain('Did you mean');
  });

  it('limits discount-code attempts per IP with a Spanish message', async () => {
    const q = QUOTE;
    let last: Awaited<ReturnType<typeof post>> | undefined;
    for (let i = 0; i < 31; i++) {
      last = await post(JSON.stringify({ query: q, variables: { i: { lines: [], discountCode: `NOPE${i}` } } }));
    }
    expect(codeOf(last!)).toBe('RATE_LIMITED');
    expect(last!.json!.errors![0]!.message).toContain('Demasiados intentos');
    // Quotes without a code are not limited.
    const free = await post(JSON.stringify({ query: q, variables: { i: { lines: [] } } }));
    expect(codeOf(free)).not.toBe('RATE_LIMITED');
  });
});

describe('HTTP hardening', () => {
  it('sends security headers with a CSP and compresses responses', async () => {
    const res = await fetch(`${shop.url}/collares`, { headers: { 'accept-encoding': 'gzip', accept: 'text/html' } });
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain('https://checkout.wompi.co');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const big = await fetch(`${shop.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip' },
      body: JSON.stringify({
        query: String(
          graphql(`
            query HardeningBigPage {
              products(first: 48) {
                edges {
                  node {
                    name
                    description
                  }
                }
              }
            }
          `),
        ),
      }),
    });
    expect(big.headers.get('content-encoding')).toBe('gzip');
    // The API answers with the same headers; a POST answer (never cached) is not hashed into an ETag.
    expect(big.headers.get('x-content-type-options')).toBe('nosniff');
    expect(big.headers.get('cache-control')).toBe('no-store');
    expect(big.headers.get('etag')).toBeNull();
    expect(big.headers.get('x-powered-by')).toBeNull();
    expect(big.headers.get('x-request-id')).toMatch(/^[\w-]+$/);
    // /graphql is answered outside Express (app/graphql-http.ts) with the same middleware: the page CSP included.
    expect(big.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it("sends a page's built scripts with the subresource headers only, and its workers with the page CSP", async () => {
    const html = await (await fetch(`${shop.url}/collares`, { headers: { accept: 'text/html' } })).text();
    // The entry its inline first script imports once the page is painted.
    const script = /<script data-entry="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const res = await fetch(`${shop.url}${script}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(res.headers.get('content-security-policy')).toBeNull();
    expect(res.headers.get('x-frame-options')).toBeNull();
    // Hashed and immutable: cached for a year, never revalidated.
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('etag')).toBeNull();
    expect(res.headers.get('last-modified')).toBeNull();
    // A worker runs under the CSP sent with its own script.
    const assets = fs.readdirSync(path.join(shop.services.env.CLIENT_DIST_DIR ?? DEFAULT_CLIENT_DIST, 'assets'));
    const worker = assets.find((f) => /\.worker-[^/]*\.js$/.test(f));
    expect(worker).toBeDefined();
    const w = await fetch(`${shop.url}/assets/${worker}`);
    expect(w.status).toBe(200);
    expect(w.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('allows CORS only for the shop origin', async () => {
    const ok = await fetch(`${shop.url}/graphql`, {
      method: 'OPTIONS',
      headers: { origin: shop.services.env.publicUrl, 'access-control-request-method': 'POST' },
    });
    expect(ok.headers.get('access-control-allow-origin')).toBe(new URL(shop.services.env.publicUrl).origin);
    const evil = await fetch(`${shop.url}/graphql`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('bad-input sweep', () => {
  const hostileStrings = [
    "' OR 1=1 --",
    '"; DROP TABLE product; --',
    '1; SELECT pg_sleep(5)',
    '\u202Eabc',
    '\u200B\u200B',
    '𝔈𝔫𝔷𝔬 🐶🐱',
    'Ñandú ñoño áéíóú',
    'a'.repeat(100_000),
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00',
    '\uD800',
    '{}',
    '[]',
    'null',
    '-1',
    '1e309',
    '0x41',
    '   ',
    '',
  ];
  const wrongTypes: unknown[] = [null, true, 1.5, -1, 2 ** 40, 'abc', [], {}, [1, 2], { a: 1 }];

  const cases: Array<{ name: string; body: string | Buffer; type?: string }> = [];
  for (const s of hostileStrings) {
    cases.push({
      name: `category ${JSON.stringify(s.slice(0, 20))}`,
      body: JSON.stringify({
        query: BY_CATEGORY,
        variables: { c: s },
      }),
    });
    cases.push({
      name: `product id ${JSON.stringify(s.slice(0, 20))}`,
      body: JSON.stringify({ query: PRODUCT, variables: { id: s } }),
    });
    cases.push({
      name: `cursor ${JSON.stringify(s.slice(0, 20))}`,
      body: JSON.stringify({ query: AFTER, variables: { a: s } }),
    });
    cases.push({
      name: `code ${JSON.stringify(s.slice(0, 20))}`,
      body: JSON.stringify({
        query: QUOTE,
        variables: { i: { lines: [{ productId: s, sizeId: s, quantity: 1 }] } },
      }),
    });
    cases.push({
      name: `receipt ${JSON.stringify(s.slice(0, 20))}`,
      body: JSON.stringify({
        query: RECEIPT,
        variables: { r: s, t: s },
      }),
    });
    cases.push({
      name: `literal ${JSON.stringify(s.slice(0, 20))}`,
      // untyped-document: the hostile string as a literal in the text.
      body: JSON.stringify({ query: `{ products(category: ${JSON.stringify(s)}) { totalCount } }` }),
    });
  }
  for (const v of wrongTypes) {
    cases.push({
      name: `first=${JSON.stringify(v)}`,
      body: JSON.stringify({ query: FIRST, variables: { f: v } }),
    });
    cases.push({
      name: `sort=${JSON.stringify(v)}`,
      body: JSON.stringify({
        query: SORT,
        variables: { s: v },
      }),
    });
    cases.push({
      name: `lines=${JSON.stringify(v)}`,
      body: JSON.stringify({
        query: QUOTE,
        variables: { i: { lines: v } },
      }),
    });
    cases.push({
      name: `quantity=${JSON.stringify(v)}`,
      body: JSON.stringify({
        query: QUOTE,
        variables: { i: { lines: [{ productId: '1', sizeId: '1', quantity: v }] } },
      }),
    });
    cases.push({
      name: `variables=${JSON.stringify(v)}`,
      body: JSON.stringify({ query: CATEGORIES, variables: v }),
    });
    cases.push({ name: `query=${JSON.stringify(v)}`, body: JSON.stringify({ query: v }) });
    cases.push({
      name: `placeOrder input=${JSON.stringify(v)}`,
      body: JSON.stringify({
        query: PLACE,
        variables: { i: v },
      }),
    });
  }
  const structural: Array<{ name: string; body: string | Buffer; type?: string }> = [
    { name: 'invalid JSON', body: '{"query": "{ categories { slug } }"' },
    { name: 'trailing garbage', body: '{"query": "{ categories { slug } }"}xyz' },
    { name: 'empty body', body: '' },
    { name: 'plain text', body: CATEGORIES, type: 'text/plain' },
    {
      name: 'form encoded',
      body: 'query=%7B%20categories%20%7B%20slug%20%7D%20%7D',
      type: 'application/x-www-form-urlencoded',
    },
    { name: 'multipart', body: '--x\r\n\r\n--x--', type: 'multipart/form-data; boundary=x' },
    { name: 'xml', body: '<q/>', type: 'application/xml' },
    { name: 'binary', body: Buffer.from([0xff, 0xfe, 0x00, 0x01, 0x80]), type: 'application/octet-stream' },
    { name: 'binary as json', body: Buffer.from([0xff, 0xfe, 0x00, 0x01, 0x80]) },
    {
      name: 'null byte in variables',
      body: JSON.stringify({
        query: BY_CATEGORY,
        variables: { c: 'a\u0000b' },
      }),
    },
    // untyped-document: refused by the schema or the grammar on purpose.
    { name: 'unknown field', body: JSON.stringify({ query: '{ categories { slug secret } }' }) },
    // untyped-document: refused by the schema or the grammar on purpose.
    { name: 'unknown root', body: JSON.stringify({ query: '{ adminPasswords }' }) },
    // untyped-document: refused by the schema or the grammar on purpose.
    { name: 'syntax error', body: JSON.stringify({ query: '{ categories { slug ' }) },
    // untyped-document: refused by the schema or the grammar on purpose.
    { name: 'mutation as query', body: JSON.stringify({ query: 'query { placeOrder { __typename } }' }) },
    // untyped-document: refused by the schema or the grammar on purpose.
    { name: 'subscription', body: JSON.stringify({ query: 'subscription { x }' }) },
    {
      name: 'unknown operation name',
      body: JSON.stringify({ query: CATEGORIES, operationName: 'Nope' }),
    },
    // untyped-document: refused by the schema or the grammar on purpose.
    { name: 'two anonymous ops', body: JSON.stringify({ query: '{ categories { slug } } { categories { name } }' }) },
    {
      name: 'fragment cycle',
      body: JSON.stringify({
        // untyped-document: a fragment cycle, refused on purpose.
        query: '{ categories { ...A } } fragment A on Category { ...B } fragment B on Category { ...A }',
      }),
    },
    {
      name: 'directive bomb',
      // untyped-document: built to be too big.
      body: JSON.stringify({ query: `{ categories { slug ${'@include(if: true) '.repeat(100)} } }` }),
    },
    // untyped-document: built to be too big.
    { name: 'token bomb', body: JSON.stringify({ query: `{ categories { ${'slug '.repeat(5000)} } }` }) },
    {
      name: 'deep nesting literal',
      // untyped-document: built to be too deep.
      body: JSON.stringify({ query: `{ products(category: ${'['.repeat(500)}"a"${']'.repeat(500)}) { totalCount } }` }),
    },
    {
      name: 'huge number literal',
      // untyped-document: a number out of range in the text.
      body: JSON.stringify({ query: `{ products(first: ${'9'.repeat(400)}) { totalCount } }` }),
    },
    {
      name: 'staff without token',
      body: JSON.stringify({
        query: String(
          graphql(`
            query HardeningStaffOrders {
              staffOrders {
                totalCount
              }
            }
          `),
        ),
      }),
    },
    {
      name: 'introspection of staff types',
      body: JSON.stringify({
        query: String(
          graphql(`
            query HardeningStaffType {
              __type(name: "StaffOrder") {
                name
              }
            }
          `),
        ),
      }),
    },
  ];
  cases.push(...structural);

  it(`answers ${cases.length} hostile requests without a 5xx, each with a clear error, and stays healthy`, async () => {
    expect(cases.length).toBeGreaterThanOrEqual(200);
    const failures: string[] = [];
    for (const c of cases) {
      const r = await post(c.body, c.type);
      if (r.status >= 500) failures.push(`${c.name}: HTTP ${r.status} ${r.text.slice(0, 200)}`);
      else if (r.json === null) failures.push(`${c.name}: not JSON (${r.status}) ${r.text.slice(0, 120)}`);
      else if (r.text.includes('    at ') || /\bSELECT\b.*\sFROM\b/i.test(r.text))
        failures.push(`${c.name}: leaks internals ${r.text.slice(0, 200)}`);
      else if (r.json.errors) {
        for (const e of r.json.errors) {
          if (!e.message || e.extensions?.code === 'INTERNAL_SERVER_ERROR')
            failures.push(`${c.name}: unclear error ${JSON.stringify(e).slice(0, 200)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    const health = await fetch(`${shop.url}/healthz`);
    expect(health.status).toBe(200);
  }, 120_000);
});

describe('automatic persisted queries', () => {
  const hash = (text: string) => createHash('sha256').update(text).digest('hex');
  const query = CATEGORIES;
  const withExtension = (persistedQuery: unknown, q: string | undefined = query) =>
    JSON.stringify({ query: q, extensions: { persistedQuery } });

  it('answers a hash that is not the query’s, or an unknown version, as the client’s error (BAD_REQUEST)', async () => {
    for (const persistedQuery of [
      { version: 1, sha256Hash: 'a'.repeat(64) },
      { version: 1, sha256Hash: 'zz' },
      { version: 2, sha256Hash: hash(query) },
      'x',
    ]) {
      const r = await post(withExtension(persistedQuery));
      expect(r.status, JSON.stringify(persistedQuery)).toBe(400);
      expect(codeOf(r)).toBe('BAD_REQUEST');
      expect(r.json!.errors![0]!.message).toMatch(/consulta persistida/);
    }
  });

  it('answers an unknown hash without a query PERSISTED_QUERY_NOT_FOUND, and registers a matching one', async () => {
    const unknown = await post(
      JSON.stringify({ extensions: { persistedQuery: { version: 1, sha256Hash: 'b'.repeat(64) } } }),
    );
    expect(codeOf(unknown)).toBe('PERSISTED_QUERY_NOT_FOUND');
    const registered = await post(withExtension({ version: 1, sha256Hash: hash(query) }));
    expect(registered.status).toBe(200);
    expect(registered.json!.errors).toBeUndefined();
  });
});
