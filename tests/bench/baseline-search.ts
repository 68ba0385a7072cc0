/**
 * Baseline handlers for the search section: bare `pg` running the SAME statements the shop sends for a search, a
 * suggestion or a filtered listing (the shop's own pure SQL builders in server/src/modules/catalog/search-sql.ts and
 * listing-sql.ts, the same parameters, the same choice of plan), and `JSON.stringify` of a body shaped like the
 * GraphQL response. No GraphQL, no ORM.
 */
import type pg from 'pg';
import { PRICE_RANGES, SEARCH_EXACT_LIMIT, SIZE_LABELS } from '#shared/shop.js';
import {
  parseFilter,
  parseSearchText,
  type ProductFilterInput,
} from '../../server/src/modules/catalog/search-input.js';
import {
  SEARCH_STATS_SQL,
  type SearchTextRow,
  matchingCategoriesStatement,
  searchTextStatement,
  suggestionsStatement,
} from '../../server/src/modules/catalog/search-sql.js';
import {
  estimateTextFraction,
  searchStatsOf,
  type SearchStats,
  type SearchStatsRow,
} from '../../server/src/modules/catalog/search-estimate.js';
import { textQueryOf } from '../../server/src/modules/catalog/search-tsquery.js';
import type { ProductSortKey } from '../../server/src/modules/catalog/catalog-rows.js';
import {
  facetedListingStatement,
  searchPageStatement,
  readPlanFor,
  type Statement,
} from '../../server/src/modules/catalog/listing-sql.js';

/** What the shop's search and listing operations select of each product, read with the page as the shop does. */
const CARD_DETAILS = { sizes: true, images: true };

interface Row {
  id: number | null;
  slug: string;
  name: string;
  price: number;
  category_slug: string;
  category_name: string;
  total?: number;
  sizes?: CardSize[];
  images?: CardImage[];
  seen?: number;
  need?: number | null;
  facets?: {
    exact: boolean;
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
  /** A listing's order (search pages rank by relevance). */
  sort?: ProductSortKey | null;
  first: number;
}

const cursor = (offset: number) => Buffer.from(`o:${offset}`).toString('base64url');

/** Named like the shop's prepared reads (common/db.ts): each connection parses a statement once. */
const prepared = new Map<string, string>();
function run<T extends pg.QueryResultRow>(pool: pg.Pool, st: Statement) {
  let name = prepared.get(st.sql);
  if (!name) prepared.set(st.sql, (name = `b${prepared.size}`));
  return pool.query<T>({ name, text: st.sql, values: st.params });
}

/** A product's sizes and images as the page's statement brings them (JSON columns). */
type CardSize = { product_id: number; stock: number };
type CardImage = { product_id: number; url: string; alt: string; width: number; height: number };

/** A product card as the GraphQL answer shapes it. */
function card(p: Row & { id: number }, sizes: CardSize[], images: CardImage[]) {
  return {
    id: String(p.id),
    slug: p.slug,
    name: p.name,
    price: p.price,
    soldOut: sizes.every((s) => s.stock <= 0),
    category: { slug: p.category_slug, name: p.category_name },
    images: images.map((im) => ({ url: im.url, alt: im.alt, width: im.width, height: im.height })),
  };
}

function facetsOf(f: NonNullable<Row['facets']>) {
  return {
    exact: f.exact,
    inStock: f.inStock,
    sizes: SIZE_LABELS.map((label, i) => ({ label, count: f.sizes[i] ?? 0 })),
    pets: ['DOG', 'CAT'].map((pet, i) => ({ pet, count: f.pets[i] ?? 0 })),
    priceRanges: PRICE_RANGES.map((r, i) => ({ min: r.min, max: r.max, count: f.prices[i] ?? 0 })),
    categories: f.categories,
  };
}

/** The connection of a page read by a listing-sql.ts statement (first page, offset 0). */
async function connection(all: Row[], extra: Promise<unknown>[] = []) {
  const head = all[0]!;
  const rows = all.filter((r): r is Row & { id: number } => r.id !== null);
  let totalCount: number;
  let totalCountExact = true;
  let hasNextPage: boolean;
  if (head.total !== undefined) {
    totalCount = head.total;
    hasNextPage = rows.length < totalCount;
  } else {
    const seen = head.seen ?? 0;
    totalCountExact = head.need == null || seen < head.need;
    totalCount = totalCountExact ? seen : SEARCH_EXACT_LIMIT;
    hasNextPage = seen > rows.length;
  }
  await Promise.all(extra);
  const nodes = rows.map((p) => card(p, p.sizes ?? [], p.images ?? []));
  return {
    totalCount,
    totalCountExact,
    pageInfo: { hasNextPage, endCursor: rows.length ? cursor(rows.length) : null },
    edges: nodes.map((node, i) => ({ cursor: cursor(i + 1), node })),
    ...(head.facets ? { facets: facetsOf(head.facets) } : {}),
  };
}

/** The lexeme statistics, read once per baseline process (the shop reads them every few minutes). */
let lexemes: Promise<SearchStats> | null = null;

/** `search` (with facets and categories), `searchSuggestions`, or a filtered `products` with facets. */
export async function baselineSearch(pool: pg.Pool, v: SearchVariables, mode: 'search' | 'suggest' | 'listing') {
  const filter = parseFilter(v.filter);
  if (mode === 'listing') {
    const st = facetedListingStatement(
      { category: v.category, filter },
      v.sort ?? 'RELEVANCE',
      v.first,
      0,
      PRICE_RANGES,
      CARD_DETAILS,
    );
    return { data: { products: await connection((await run<Row>(pool, st)).rows) } };
  }
  const text = parseSearchText(v.query)!;
  if (mode === 'suggest') {
    const rows = (
      await run<Row & { categories: Array<Record<string, unknown>> }>(pool, suggestionsStatement(text, v.first))
    ).rows;
    // The statement brings each product's sizes and images, as the shop reads them.
    const products = rows
      .filter((r): r is typeof r & { id: number } => r.id !== null)
      .map((r) => card(r, r.sizes ?? [], r.images ?? []));
    const categories = (rows[0]?.categories ?? []).map((c) => ({
      slug: c.slug,
      name: c.name,
      productCount: c.product_count,
    }));
    return { data: { searchSuggestions: { query: text.display, categories, products } } };
  }
  const [read] = (await run<SearchTextRow>(pool, searchTextStatement(text))).rows;
  const query = textQueryOf(read);
  if (!read || !query) {
    // Nothing searchable in the words (only Spanish stop words, «para»): as the shop, no page is read.
    const products = {
      totalCount: 0,
      totalCountExact: true,
      pageInfo: { hasNextPage: false, endCursor: null },
      edges: [],
    };
    return { data: { search: { query: text.display, correctedQuery: null, categories: [], products } } };
  }
  lexemes ??= pool.query<SearchStatsRow>(SEARCH_STATS_SQL).then((r) => searchStatsOf(r.rows[0]));
  const stats = await lexemes;
  const plan = readPlanFor(estimateTextFraction(query, stats), stats.products, v.first, 0);
  const page = searchPageStatement({ text: query, filter }, 'RELEVANCE', v.first, 0, PRICE_RANGES, plan, CARD_DETAILS);
  const categories = run<{ slug: string; name: string; product_count: number }>(
    pool,
    matchingCategoriesStatement(query.any),
  );
  const products = await connection((await run<Row>(pool, page)).rows, [categories]);
  return {
    data: {
      search: {
        query: text.display,
        correctedQuery: read.corrected && read.used ? read.used : null,
        categories: (await categories).rows.map((c) => ({ slug: c.slug, name: c.name, productCount: c.product_count })),
        products,
      },
    },
  };
}
