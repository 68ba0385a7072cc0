/**
 * Baseline for the API benchmark: a bare `node:http` + `pg` server (child process entry) that runs
 * the SAME SQL statements the shop sends for each operation (captured with the statement counter:
 * the listing with its sizes and images; the product with its sizes and images; cart variants + images) and answers with
 * `JSON.stringify` of a body shaped like the GraphQL response. No framework, no GraphQL, no ORM.
 *
 *   POST /listing     body { variables: { category, first } }
 *   POST /product     body { variables: { id } }
 *   POST /cart-quote  body { variables: { input: { lines } } }
 *   POST /search, /suggest, /filtered-listing  (baseline-search.ts)
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { priceCart } from '#shared/pricing.js';
import { serveAsChild } from './child-server.js';
import { baselineSearch, type SearchVariables } from './baseline-search.js';
import { PRODUCT_DETAIL_SQL } from '../../server/src/modules/catalog/search-sql.js';
import { detailColumns } from '../../server/src/modules/catalog/listing-sql.js';

// The statements below are copied from what the shop sends (see statement-counter.ts).
const LISTING_SQL = `SELECT p.id, p.slug, p.name, p.description, p.price, p.category_slug, c.name AS category_name,
  p.collections, p.size_guide, p.active, p.archived_at, p.position, p.created_at, p.pets${detailColumns({ sizes: true, images: true })},
  COALESCE((SELECT active_products FROM category_product_count WHERE category_slug = $1), 0) AS total
  FROM product p JOIN category c ON c.slug = p.category_slug
  WHERE p.active AND p.category_slug = $1 ORDER BY p.position ASC, p.id ASC LIMIT $2 OFFSET $3`;
const IMAGES_SQL = `SELECT id, product_id, storage_key, url, alt, width, height, position, variants FROM product_image
  WHERE product_id = ANY($1::int[]) ORDER BY product_id, position`;
const VARIANTS_SQL = `SELECT s.id AS size_id, s.label, s.position AS size_position, s.stock, s.reserved,
  p.id AS product_id, p.slug, p.name, p.description, p.price, p.category_slug, c.name AS category_name,
  p.collections, p.size_guide, p.active, p.position, p.created_at, p.pets
  FROM product_size s JOIN product p ON p.id = s.product_id LEFT JOIN category c ON c.slug = p.category_slug
  WHERE s.id = ANY($1::int[])`;

interface ProductRow {
  id: number;
  slug: string;
  name: string;
  description: string;
  price: number;
  category_slug: string;
  category_name: string;
  collections: string[];
  size_guide: unknown;
  total?: string;
}
interface SizeGuideJson {
  measurements: string[];
  note: string | null;
  rows: Array<{ size: string; values: Array<{ min: number; max: number | null }> }>;
}
interface SizeRow {
  id: number;
  product_id: number;
  label: string;
  stock: number;
}
interface ImageRow {
  product_id: number;
  url: string;
  alt: string;
  width: number;
  height: number;
}
interface VariantRow extends Omit<ProductRow, 'id'> {
  size_id: number;
  label: string;
  stock: number;
  product_id: number;
  active: boolean;
}

const pool = new pg.Pool({ connectionString: process.env.BASELINE_DATABASE_URL, max: 20 });

const cursor = (offset: number) => Buffer.from(`o:${offset}`).toString('base64url');
const image = (i: ImageRow) => ({ url: i.url, alt: i.alt, width: i.width, height: i.height });
const size = (s: SizeRow) => ({ id: String(s.id), label: s.label, stock: s.stock, available: s.stock > 0 });

function groupBy<T>(rows: T[], key: (row: T) => number): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

async function listing(v: { category: string; first: number }) {
  const { rows } = await pool.query<ProductRow & { sizes: SizeRow[]; images: ImageRow[] }>(LISTING_SQL, [
    v.category,
    v.first,
    0,
  ]);
  const totalCount = rows.length ? Number(rows[0]!.total) : 0;
  const edges = rows.map((p, i) => {
    const ps = p.sizes;
    return {
      cursor: cursor(i + 1),
      node: {
        id: String(p.id),
        slug: p.slug,
        name: p.name,
        price: p.price,
        soldOut: ps.every((s) => s.stock <= 0),
        category: { slug: p.category_slug, name: p.category_name },
        sizes: ps.map(size),
        images: p.images.map(image),
      },
    };
  });
  return {
    data: {
      products: {
        edges,
        pageInfo: { hasNextPage: rows.length < totalCount, endCursor: rows.length ? cursor(rows.length) : null },
        totalCount,
      },
    },
  };
}

/** The product with its sizes and images: the shop's one statement (PRODUCT_DETAIL_SQL). */
async function product(v: { id: string }) {
  const { rows } = await pool.query<ProductRow & { sizes: SizeRow[]; images: ImageRow[] }>({
    name: 'product-detail',
    text: PRODUCT_DETAIL_SQL,
    values: [Number(v.id)],
  });
  const p = rows[0];
  if (!p) return { data: { product: null } };
  const ps = p.sizes;
  return {
    data: {
      product: {
        id: String(p.id),
        slug: p.slug,
        name: p.name,
        description: p.description,
        price: p.price,
        soldOut: ps.every((s) => s.stock <= 0),
        collections: p.collections,
        category: { slug: p.category_slug, name: p.category_name },
        sizes: ps.map(size),
        images: p.images.map(image),
        // GraphQL answers fields in selection order; jsonb keeps its own key order.
        sizeGuide: ((g: SizeGuideJson | null) =>
          g
            ? {
                measurements: g.measurements,
                note: g.note,
                rows: g.rows.map((r) => ({ size: r.size, values: r.values.map((v) => ({ min: v.min, max: v.max })) })),
              }
            : null)(p.size_guide as SizeGuideJson | null),
      },
    },
  };
}

async function cartQuote(v: { input: { lines: Array<{ productId: string; sizeId: string; quantity: number }> } }) {
  const lines = v.input.lines;
  const { rows } = await pool.query<VariantRow>(VARIANTS_SQL, [[...new Set(lines.map((l) => Number(l.sizeId)))]]);
  const bySize = new Map(rows.map((r) => [r.size_id, r]));
  const quoted = lines.map((l) => {
    const r = bySize.get(Number(l.sizeId));
    if (!r || String(r.product_id) !== l.productId || !r.active) {
      return {
        ...l,
        row: undefined,
        problem: { kind: 'UNAVAILABLE', available: 0, message: 'Este producto ya no está disponible' },
      };
    }
    if (r.stock < l.quantity)
      return {
        ...l,
        row: r,
        problem: { kind: 'INSUFFICIENT_STOCK', available: r.stock, message: `Solo quedan ${r.stock} unidades` },
      };
    return { ...l, row: r, problem: null };
  });
  const ids = [...new Set(quoted.filter((q) => q.row).map((q) => q.row!.product_id))];
  const images = groupBy((await pool.query<ImageRow>(IMAGES_SQL, [ids])).rows, (i) => i.product_id);
  const ok = quoted.filter((q) => !q.problem);
  const priced = priceCart({
    lines: ok.map((q) => ({ unitPrice: q.row!.price, quantity: q.quantity })),
    discountPercent: null,
  });
  return {
    data: {
      cartQuote: {
        lines: quoted.map((q) => ({
          productId: q.productId,
          sizeId: q.sizeId,
          quantity: q.quantity,
          sizeLabel: q.row?.label ?? null,
          unitPrice: q.problem ? 0 : q.row!.price,
          lineTotal: q.problem ? 0 : q.row!.price * q.quantity,
          problem: q.problem,
          product: q.row
            ? {
                id: String(q.row.product_id),
                slug: q.row.slug,
                name: q.row.name,
                price: q.row.price,
                images: (images.get(q.row.product_id) ?? []).map(image),
              }
            : null,
        })),
        itemCount: priced.itemCount,
        subtotal: priced.subtotal,
        discount: priced.discount,
        shipping: priced.shipping,
        ivaIncluded: priced.ivaIncluded,
        total: priced.total,
        discountCodeInvalid: false,
        hasProblems: quoted.some((q) => q.problem),
      },
    },
  };
}

const routes: Record<string, (variables: never) => Promise<unknown>> = {
  '/listing': listing,
  '/product': product,
  '/cart-quote': cartQuote,
  '/search': (v: SearchVariables) => baselineSearch(pool, v, 'search'),
  '/suggest': (v: SearchVariables) => baselineSearch(pool, v, 'suggest'),
  '/filtered-listing': (v: SearchVariables) => baselineSearch(pool, v, 'listing'),
};

/** Answers under way: the pool ends only once they have settled (a query after pool.end() throws). */
const inFlight = new Set<Promise<void>>();

const server = http.createServer((req, res) => {
  const handler = req.method === 'POST' ? routes[req.url ?? ''] : undefined;
  if (!handler) {
    res.writeHead(404).end();
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const answer = (async () => {
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { variables: never };
        const json = JSON.stringify(await handler(body.variables));
        res
          .writeHead(200, {
            'content-type': 'application/json; charset=utf-8',
            'content-length': Buffer.byteLength(json),
          })
          .end(json);
      } catch (err) {
        if (!res.destroyed) res.writeHead(500, { 'content-type': 'text/plain' }).end(String(err));
      }
    })();
    inFlight.add(answer);
    void answer.finally(() => inFlight.delete(answer));
  });
});

server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  serveAsChild(`http://127.0.0.1:${port}`, async () => {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    await Promise.allSettled([...inFlight]);
    await pool.end();
  });
});
