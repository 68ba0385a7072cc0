/**
 * Baseline handlers for the search section: bare `pg` running the SAME statements the shop sends for
 * a search (the shop's own pure SQL builders in server/src/modules/catalog/search-sql.ts, the same
 * parameters), and `JSON.stringify` of a body shaped like the GraphQL response. No GraphQL, no ORM.
 */
import type pg from 'pg';
import { PRICE_RANGES, SIZE_LABELS } from '#shared/shop.js';
import {
  parseFilter,
  parseSearchText,
  type ProductFilterInput,
} from '../../server/src/modules/catalog/search-input.js';
import {
  listingStatement,
  matchingCategoriesStatement,
  type ListingSpec,
} from '../../server/src/modules/catalog/search-sql.js';

const SIZES_SQL = `SELECT id, product_id, label, position, stock, reserved FROM product_size
  WHERE product_id = ANY($1::int[]) ORDER BY product_id, position`;
const IMAGES_SQL = `SELECT id, product_id, storage_key, url, alt, width, height, position FROM product_image
  WHERE product_id = ANY($1::int[]) ORDER BY product_id, position`;

interface Row {
  id: number | null;
  slug: string;
  name: string;
  price: number;
  category_slug: string;
  category_name: string;
  total: number;
  search_used?: string;
  search_corrected?: boolean;
  facets?: {
    inStock: number;
    sizes: number[];
    pets: number[];
    prices: number[];
    categories: Array<{ slug: string; name: string; count: number }>;
  };
}

export interface SearchVariables {
  query?: string | null;
  category?: string | null;
  filter?: ProductFilterInput | null;
  first: number;
}

const cursor = (offset: number) => Buffer.from(`o:${offset}`).toString('base64url');

function groupBy<T extends { product_id: number }>(rows: T[]): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const list = map.get(row.product_id);
    if (list) list.push(row);
    else map.set(row.product_id, [row]);
  }
  return map;
}

/** `search` (with facets and categories), `search` for suggestions (neither) or a filtered `products`. */
export async function baselineSearch(pool: pg.Pool, v: SearchVariables, mode: 'search' | 'suggest' | 'listing') {
  const text = mode === 'listing' ? null : parseSearchText(v.query);
  const spec: ListingSpec = { text, category: v.category, filter: parseFilter(v.filter) };
  const page = listingStatement(spec, 'RELEVANCE', v.first, 0, mode === 'suggest' ? null : PRICE_RANGES);
  const all = (await pool.query<Row>(page.sql, page.params)).rows;
  const head = all[0]!;
  const rows = all.filter((r): r is Row & { id: number } => r.id !== null);
  const ids = rows.map((r) => r.id);
  const cats = mode !== 'listing' && text ? matchingCategoriesStatement(text) : null;
  const [sizes, images, catRows] = await Promise.all([
    pool.query<{ product_id: number; stock: number }>(SIZES_SQL, [ids]),
    pool.query<{ product_id: number; url: string; alt: string; width: number; height: number }>(IMAGES_SQL, [ids]),
    cats ? pool.query<{ slug: string; name: string; product_count: number }>(cats.sql, cats.params) : null,
  ]);
  const sizesBy = groupBy(sizes.rows);
  const imagesBy = groupBy(images.rows);
  const totalCount = head.total;
  const products: Record<string, unknown> = {
    totalCount,
    pageInfo: { hasNextPage: rows.length < totalCount, endCursor: rows.length ? cursor(rows.length) : null },
    edges: rows.map((p, i) => ({
      cursor: cursor(i + 1),
      node: {
        id: String(p.id),
        slug: p.slug,
        name: p.name,
        price: p.price,
        soldOut: (sizesBy.get(p.id) ?? []).every((s) => s.stock <= 0),
        category: { slug: p.category_slug, name: p.category_name },
        images: (imagesBy.get(p.id) ?? []).map((im) => ({
          url: im.url,
          alt: im.alt,
          width: im.width,
          height: im.height,
        })),
      },
    })),
  };
  const f = head.facets;
  if (f) {
    products.facets = {
      inStock: f.inStock,
      sizes: SIZE_LABELS.map((label, i) => ({ label, count: f.sizes[i] ?? 0 })),
      pets: ['DOG', 'CAT'].map((pet, i) => ({ pet, count: f.pets[i] ?? 0 })),
      priceRanges: PRICE_RANGES.map((r, i) => ({ min: r.min, max: r.max, count: f.prices[i] ?? 0 })),
      categories: f.categories,
    };
  }
  if (mode === 'listing') return { data: { products } };
  const first = head;
  return {
    data: {
      search: {
        query: text?.display ?? '',
        correctedQuery: first?.search_corrected && first.search_used ? first.search_used : null,
        categories: (catRows?.rows ?? []).map((c) => ({ slug: c.slug, name: c.name, productCount: c.product_count })),
        products,
      },
    },
  };
}
