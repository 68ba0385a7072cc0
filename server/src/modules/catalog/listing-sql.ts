/**
 * SQL for a page of a search or a filtered listing, over `product_search` (one narrow row per product, kept by
 * triggers: migration 1766700000000-search-index). Pure text builders: every value is a bind parameter ($n); only
 * fixed fragments are concatenated.
 *
 * The work of a request is bounded whatever the catalogue's size:
 * - Search text: the matches are read in the shop's order (in stock first, then position and id) and at most
 *   `SEARCH_EXACT_LIMIT` of them (plus those a deep page needs) are read. A common word walks that order's index
 *   and stops; a rare one comes from the GIN index. When no more than the limit match, everything (page, total,
 *   facets) is exactly what ranking and counting every match gives. When more match, the page ranks the first
 *   `SEARCH_EXACT_LIMIT` matches of the shop's order by relevance and lists the rest after them in that order, the
 *   total says «more than the limit» and the counts per filter option are those of the first matches, marked
 *   approximate.
 * - No text, a category or the whole shop: the total and the counts per filter option are sums over
 *   `product_facet_count` (exact, a few rows per category); the page walks the listing order's index.
 */
import type { ProductSortKey } from './catalog-rows.js';
import type { ProductFilter } from './search-input.js';
import { SEARCH_EXACT_LIMIT, SIZE_LABELS } from '#shared/shop.js';

/**
 * What reading one match through the GIN index costs (bitmap, heap row, relevance, sort), in rows of an order's
 * index walked: readPlanFor weighs the two with it (measured: tests/bench/README.md).
 */
const GIN_MATCH_COST = 2;

/**
 * How a search reads its text's matches (firstInOrder): the shop's order walked for at most `walkRows` rows, or the
 * GIN index.
 */
export type ReadPlan = 'index' | { walkRows: number };

export interface Statement {
  sql: string;
  params: unknown[];
}

export class Params {
  readonly values: unknown[] = [];
  add(value: unknown, cast = ''): string {
    this.values.push(value);
    return `$${this.values.length}${cast}`;
  }
}

/**
 * A search text as PostgreSQL reads it (searchTextStatement), built by textQueryOf (search-tsquery.ts): what matches,
 * from any weight to name only, and the query relevance is ranked with.
 */
export interface TextQuery {
  any: string;
  nameOrCategory: string;
  name: string;
  rank: string;
}

export interface PageSpec {
  text: TextQuery | null;
  category?: string | null;
  collection?: string | null;
  filter: ProductFilter;
}

/** Columns every raw catalog read selects (ProductRow in catalog.service.ts). */
export const PRODUCT_COLUMNS = `p.id, p.slug, p.name, p.description, p.price, p.category_slug, c.name AS category_name,
  p.collections, p.size_guide, p.active, p.archived_at, p.position, p.created_at, p.pets`;

/** A product `p`'s sizes as JSON, in the batched size statement's columns and order. */
export const PRODUCT_SIZES_JSON = `(SELECT coalesce(json_agg(json_build_object('id', s.id, 'product_id', s.product_id,
       'label', s.label, 'sku', s.sku, 'position', s.position, 'stock', s.stock, 'reserved', s.reserved)
       ORDER BY s.position), '[]')
       FROM product_size s WHERE s.product_id = p.id)`;

/** A product `p`'s images as JSON, in the batched image statement's columns and order. */
export const PRODUCT_IMAGES_JSON = `(SELECT coalesce(json_agg(json_build_object('id', i.id, 'product_id', i.product_id,
       'storage_key', i.storage_key, 'url', i.url, 'alt', i.alt, 'width', i.width, 'height', i.height,
       'position', i.position, 'variants', i.variants) ORDER BY i.position), '[]')
       FROM product_image i WHERE i.product_id = p.id)`;

/**
 * What a page's product rows also carry, as JSON columns `sizes` and `images` (PRODUCT_SIZES_JSON,
 * PRODUCT_IMAGES_JSON): what the operation selects of each product, read with the page instead of by the batched
 * statements after it (one round trip to PostgreSQL instead of two, and two statements fewer).
 */
export interface ProductDetails {
  sizes: boolean;
  images: boolean;
}

export const NO_DETAILS: ProductDetails = { sizes: false, images: false };

/** The detail columns of a product row `p` (with a leading comma), or nothing. */
export const detailColumns = (details: ProductDetails) =>
  `${details.sizes ? `, ${PRODUCT_SIZES_JSON} AS sizes` : ''}${details.images ? `, ${PRODUCT_IMAGES_JSON} AS images` : ''}`;

type FilterKey = 'categories' | 'sizes' | 'pets' | 'price' | 'inStock';
const FILTER_KEYS: FilterKey[] = ['categories', 'sizes', 'pets', 'price', 'inStock'];

/** Order of the matches read (and of a page without text): columns of product_search `s`. */
const WALK_ORDER: Record<ProductSortKey, string> = {
  RELEVANCE: 's.position, s.product_id',
  PRICE_ASC: 's.price, s.product_id',
  PRICE_DESC: 's.price DESC, s.product_id',
  NEWEST: 's.created_at DESC, s.product_id DESC',
};
/** The shop's order with products in stock first: the order search text reads its matches in. */
const SHOP_ORDER = 's.in_stock DESC, s.position, s.product_id';
/** The same orders over the columns of a CTE of matches. */
const plain = (order: string) => order.replace(/\bs\.product_id\b/g, 'id').replace(/\bs\./g, '');

const where = (parts: string[]) => (parts.length ? parts.join(' AND ') : 'true');

/** The scope over `s` (active, category, collection) and one predicate per active filter over `s`. */
function predicates(spec: Omit<PageSpec, 'text'>, params: Params) {
  const scope = ['s.active'];
  if (spec.category) scope.push(`s.category_slug = ${params.add(spec.category)}`);
  if (spec.collection) scope.push(`s.collections @> ${params.add([spec.collection], '::text[]')}`);
  const f = spec.filter;
  const filters: Partial<Record<FilterKey, string>> = {};
  if (f.categories.length) filters.categories = `s.category_slug = ANY(${params.add(f.categories, '::text[]')})`;
  if (f.sizes.length) filters.sizes = `s.avail && ${params.add(f.sizes, '::text[]')}`;
  if (f.pets.length) filters.pets = `s.pets && ${params.add(f.pets, '::text[]')}`;
  const price: string[] = [];
  if (f.minPrice !== null) price.push(`s.price >= ${params.add(f.minPrice, '::int')}`);
  if (f.maxPrice !== null) price.push(`s.price <= ${params.add(f.maxPrice, '::int')}`);
  if (price.length) filters.price = price.join(' AND ');
  if (f.inStock) filters.inStock = 's.in_stock';
  return { scope, filters };
}

/**
 * Counts per filter option over rows that carry `n` products each (1 per match, or a facet-count row) and one
 * flag per active filter (`f_<key>`): each option counts with every other active filter but not its own (choosing
 * size M still shows how many come in L). A size counts only where it has stock.
 */
function facetColumns(
  filters: Partial<Record<FilterKey, string>>,
  ranges: readonly { min: number; max: number | null }[],
  params: Params,
  rows: string,
  n: string,
  exact: string,
): string {
  const others = (except: FilterKey) =>
    where(FILTER_KEYS.filter((k) => k !== except && filters[k]).map((k) => `f_${k}`));
  const count = (cond: string) => `coalesce(sum(${n}) FILTER (WHERE ${cond}), 0)::int`;
  const sizes = SIZE_LABELS.map((l) => count(`${others('sizes')} AND ${params.add(l, '::text')} = ANY(avail)`));
  const pets = (['DOG', 'CAT'] as const).map((p) =>
    count(`${others('pets')} AND ${params.add(p, '::text')} = ANY(pets)`),
  );
  const prices = ranges.map((r) =>
    count(
      [
        others('price'),
        `price >= ${params.add(r.min, '::int')}`,
        ...(r.max === null ? [] : [`price <= ${params.add(r.max, '::int')}`]),
      ].join(' AND '),
    ),
  );
  return `json_build_object('exact', ${exact}, 'inStock', ${count(`${others('inStock')} AND cardinality(avail) > 0`)},
      'sizes', json_build_array(${sizes.join(', ')}),
      'pets', json_build_array(${pets.join(', ')}),
      'prices', json_build_array(${prices.join(', ')}),
      'categories', (SELECT coalesce(json_agg(json_build_object('slug', c.slug, 'name', c.name, 'count', x.n) ORDER BY c.position), '[]')
         FROM (SELECT category_slug, sum(${n})::int AS n FROM ${rows} WHERE ${others('categories')} GROUP BY category_slug) AS x
         JOIN category c ON c.slug = x.category_slug WHERE x.n > 0))`;
}

/** The filters over rows grouped by (category_slug, price, pets, avail) instead of product_search `s`. */
const grouped = (filters: Partial<Record<FilterKey, string>>) =>
  Object.fromEntries(
    Object.entries(filters).map(([k, v]) => [k, k === 'inStock' ? 'cardinality(avail) > 0' : v.replace(/\bs\./g, '')]),
  ) as Partial<Record<FilterKey, string>>;

/** One flag column per filter key (true when the filter is off), over the columns of `s`. */
const flagColumns = (filters: Partial<Record<FilterKey, string>>) =>
  FILTER_KEYS.map((k) => `${filters[k] ?? 'true'} AS f_${k}`).join(', ');

/** The final select: the page's product rows (null columns on an empty page) beside the totals of `a`. */
const withProducts = (a: string, extra: string, details: ProductDetails) => `
    SELECT r.*, ${extra}
      FROM ${a} LEFT JOIN LATERAL (
        SELECT ${PRODUCT_COLUMNS}${detailColumns(details)}, page.ord
          FROM page JOIN product p ON p.id = page.id JOIN category c ON c.slug = p.category_slug
      ) AS r ON true
     ORDER BY r.ord`;

/**
 * CTE `name`: the first `limit` rows of product_search in `order` within `scope` that satisfy `preds`, selecting
 * `cols` (over `s`), numbered `rn` in that order. How they are read is the caller's choice (readPlanFor):
 * - `walk`: the order's index is read for at most `walkRows` rows (a read with no text predicate: it stops as soon as
 *   `limit` of them match); only if they hold fewer (the text is rarer than estimated) the statement below answers.
 * - `index`: `ORDER BY … LIMIT` over the matches, which PostgreSQL reads from the GIN index (or, when it knows the
 *   text is common, by walking the order's index itself).
 * Both give the same rows. Why the caller chooses: the statement is prepared, and once PostgreSQL settles on its
 * generic plan (which knows no text), `index` reads every match of a common word from the GIN index and sorts them,
 * several times slower than walking in a large catalogue (measured: tests/bench/README.md).
 */
function firstInOrder(
  name: string,
  cols: string,
  scope: string[],
  preds: string[],
  order: string,
  limit: string,
  plan: { walkRows: string } | 'index',
  /** Read only when this holds (a one-time condition: otherwise nothing runs). */
  gate = 'true',
) {
  // `rn`: the place in `order` (the rows come out of the index or the sort in that order: no further sort).
  const numbered = `${cols}, row_number() OVER (ORDER BY ${order}) AS rn`;
  const fromIndex = `SELECT ${numbered} FROM product_search s WHERE ${where([...scope, ...preds])} AND ${gate}
         ORDER BY ${order} LIMIT ${limit}`;
  if (plan === 'index') return `${name} AS MATERIALIZED (${fromIndex})`;
  return `${name}_walk AS MATERIALIZED (
      SELECT ${numbered} FROM (
        SELECT * FROM product_search s WHERE ${where(scope)} AND ${gate} ORDER BY ${order} LIMIT ${plan.walkRows}
      ) AS s
       WHERE ${where(preds)} ORDER BY ${order} LIMIT ${limit}
    ), ${name} AS MATERIALIZED (
      SELECT * FROM ${name}_walk WHERE (SELECT count(*) FROM ${name}_walk) >= ${limit}
      UNION ALL
      SELECT * FROM (${fromIndex}) AS b WHERE (SELECT count(*) FROM ${name}_walk) < ${limit}
    )`;
}

/**
 * How many of a text's matches a page reads at most, in the shop's order: the exactness limit or the end of the page,
 * and one more (to know whether more matched).
 */
const matchesNeeded = (first: number, offset: number) => Math.max(SEARCH_EXACT_LIMIT, offset + first) + 1;

/**
 * How a search reads the matches of a text estimated to match `fraction` of the shop's `products` (active ones).
 * Walking the shop's order reads about 1 / `fraction` rows per match until the page's need is met; the GIN index
 * reads every match, each costing GIN_MATCH_COST walked rows. Walking wins for common words in large catalogues
 * (a few thousand rows instead of tens of thousands of matches); a small catalogue or a rarer text reads the GIN
 * index. The walk may read twice the rows estimated before it gives up (estimates from PostgreSQL's statistics can be
 * off by that much, as for «collar»). A wrong estimate costs time, never different results.
 */
export function readPlanFor(fraction: number, products: number, first: number, offset: number): ReadPlan {
  const need = matchesNeeded(first, offset);
  if (!(fraction > 0) || !(products > 0)) return 'index';
  const walked = need / fraction;
  if (walked > GIN_MATCH_COST * fraction * products) return 'index';
  return { walkRows: Math.ceil(Math.min(2 * walked, products)) };
}

/**
 * A page of a search (text) or of a collection listing with filters: one statement. Columns: the product columns
 * and `ord` per row; on every row `seen` (hits read, at most `need`), `need` (the most read: the exactness limit or
 * the end of this page, plus one; null when every hit is read) and `facets` (JSON, `exact` inside) when asked for.
 */
export function searchPageStatement(
  spec: PageSpec,
  sort: ProductSortKey,
  first: number,
  offset: number,
  facets: readonly { min: number; max: number | null }[] | null,
  /** How the text's matches are read (firstInOrder, readPlanFor). */
  plan: ReadPlan = 'index',
  details: ProductDetails = NO_DETAILS,
): Statement {
  const params = new Params();
  const text = spec.text;
  const relevance = Boolean(text) && sort === 'RELEVANCE';
  const { scope, filters } = predicates(spec, params);
  const active = FILTER_KEYS.filter((k) => filters[k]);
  const allFilters = where(active.map((k) => `f_${k}`));
  // Relevance, for a page that ranks: tier 3 when every word is in the name, 2 when in name/category/pet, 1
  // otherwise (the description); then ts_rank. Read with each match (the vectors stay out of the sorts).
  const relevanceCols =
    relevance && text
      ? `CASE WHEN s.search_vector @@ ${params.add(text.name, '::tsquery')} THEN 3
              WHEN s.search_vector @@ ${params.add(text.nameOrCategory, '::tsquery')} THEN 2 ELSE 1 END AS tier,
         ts_rank(s.search_vector, ${params.add(text.rank, '::tsquery')}) AS rank, `
      : '';
  const cols = (flags: string) =>
    `s.product_id AS id, s.category_slug, s.price, s.pets, s.avail, s.in_stock, s.position, s.created_at, ${relevanceCols}${flags}`;
  let ctes: string[];
  let needParam: string | null = null;
  if (!text) {
    // A collection: a small curated set, read whole (always exact).
    ctes = [
      `matches AS MATERIALIZED (SELECT ${cols(flagColumns(filters))} FROM product_search s WHERE ${where(scope)})`,
      `hits AS MATERIALIZED (SELECT *, row_number() OVER (ORDER BY ${plain(WALK_ORDER[sort])}) AS rn FROM matches WHERE ${allFilters})`,
    ];
  } else {
    needParam = params.add(matchesNeeded(first, offset), '::int');
    const walk = plan === 'index' ? 'index' : { walkRows: params.add(plan.walkRows, '::int') };
    const match = `s.search_vector @@ ${params.add(text.any, '::tsquery')}`;
    // The text's matches in the shop's order (the counts per option come from these), then those that pass every
    // filter in the page's order: taken from the matches when those hold enough of them, otherwise read again.
    const hitOrder = relevance ? SHOP_ORDER : WALK_ORDER[sort];
    ctes = [firstInOrder('matches', cols(flagColumns(filters)), scope, [match], SHOP_ORDER, needParam, walk)];
    const hitCols = `id, category_slug, price, pets, avail, in_stock, position, created_at${relevance ? ', tier, rank' : ''}`;
    const fromMatches = `SELECT ${hitCols} FROM matches WHERE ${allFilters} ORDER BY ${plain(hitOrder)} LIMIT ${needParam}`;
    if (hitOrder === SHOP_ORDER && active.length === 0) {
      ctes.push(`hits AS MATERIALIZED (SELECT * FROM matches)`);
    } else {
      // Enough when every match was read, or (same order) when the filtered ones already fill `need`.
      const enough = `(SELECT count(*) FROM matches) < ${needParam}${
        hitOrder === SHOP_ORDER ? ` OR (SELECT count(*) FROM matches WHERE ${allFilters}) >= ${needParam}` : ''
      }`;
      const filtered = [match, ...active.map((k) => filters[k]!)];
      ctes.push(
        `enough AS MATERIALIZED (SELECT ${enough} AS yes)`,
        firstInOrder(
          'walked',
          cols(flagColumns(filters)),
          scope,
          filtered,
          hitOrder,
          needParam,
          walk,
          'NOT (SELECT yes FROM enough)',
        ),
        `hits AS MATERIALIZED (SELECT *, row_number() OVER (ORDER BY ${plain(hitOrder)}) AS rn FROM (
          SELECT * FROM (${fromMatches}) AS m WHERE (SELECT yes FROM enough)
          UNION ALL
          SELECT ${hitCols} FROM walked
        ) AS h)`,
      );
    }
  }
  let pageOrder = plain(relevance ? SHOP_ORDER : WALK_ORDER[sort]);
  let ranked = 'hits';
  if (relevance && text) {
    // Relevance inside the first SEARCH_EXACT_LIMIT hits (in stock first within a tier, then the shop's order);
    // hits past the limit follow in the shop's order.
    const exact = params.add(SEARCH_EXACT_LIMIT, '::int');
    ranked = `(SELECT id, in_stock, position, rn > ${exact} AS later,
        CASE WHEN rn <= ${exact} THEN tier END AS tier, CASE WHEN rn <= ${exact} THEN rank END AS rank FROM hits)`;
    pageOrder = 'later, tier DESC, in_stock DESC, rank DESC, position ASC, id ASC';
  }
  ctes.push(`page AS (
      SELECT id, row_number() OVER (ORDER BY ${pageOrder}) AS ord FROM ${ranked} AS x ORDER BY ${pageOrder}
       LIMIT ${params.add(first, '::int')} OFFSET ${params.add(offset, '::int')}
    )`);
  let facetSql = '';
  if (facets) {
    // At most SEARCH_EXACT_LIMIT matches are counted: all of them (exact), or the first ones of the shop's order.
    const exactLimit = needParam === null ? null : params.add(SEARCH_EXACT_LIMIT, '::int');
    // Counted by groups of equal (category, price, pets, sizes in stock): the counts per option sum a few groups.
    const sample = `SELECT * FROM matches${exactLimit ? ` WHERE rn <= ${exactLimit}` : ''}`;
    ctes.push(`sample AS MATERIALIZED (
      SELECT category_slug, price, pets, avail, count(*)::int AS products, ${flagColumns(grouped(filters))}
        FROM (${sample}) AS x GROUP BY category_slug, price, pets, avail
    )`);
    const exact = exactLimit ? `(SELECT count(*) FROM matches) <= ${exactLimit}` : 'true';
    facetSql = `, (SELECT ${facetColumns(filters, facets, params, 'sample', 'products', exact)} FROM sample) AS facets`;
  }
  const sql = `WITH ${ctes.join(',\n    ')}
    ${withProducts(
      '(SELECT (SELECT count(*) FROM hits)::int AS seen) AS a',
      `a.seen, ${needParam ?? 'NULL::int'} AS need${facetSql}`,
      details,
    )}`;
  return { sql, params: params.values };
}

/**
 * A page of a category (or of the whole shop) with filters and, when asked for, the counts per filter option: the
 * total and the counts are sums over product_facet_count, the page a walk of the listing order's index. Exact.
 */
export function facetedListingStatement(
  spec: Omit<PageSpec, 'text' | 'collection'>,
  sort: ProductSortKey,
  first: number,
  offset: number,
  facets: readonly { min: number; max: number | null }[] | null,
  details: ProductDetails = NO_DETAILS,
): Statement {
  const params = new Params();
  const { scope, filters } = predicates(spec, params);
  const counted = scope
    .filter((p) => p !== 's.active')
    .map((p) => p.replace(/\bs\./g, 'f.'))
    .join(' AND ');
  const active = FILTER_KEYS.filter((k) => filters[k]);
  const cube = `cube AS MATERIALIZED (
      SELECT category_slug, price, pets, avail, products, ${flagColumns(grouped(filters))}
        FROM product_facet_count f WHERE ${counted || 'true'}
    )`;
  const page = `page AS (
      SELECT s.product_id AS id, row_number() OVER (ORDER BY ${WALK_ORDER[sort]}) AS ord FROM product_search s
       WHERE ${where([...scope, ...active.map((k) => filters[k]!)])}
       ORDER BY ${WALK_ORDER[sort]} LIMIT ${params.add(first, '::int')} OFFSET ${params.add(offset, '::int')}
    )`;
  const total = `coalesce(sum(products) FILTER (WHERE ${where(active.map((k) => `f_${k}`))}), 0)::int`;
  const facetSql = facets ? `, (${facetColumns(filters, facets, params, 'cube', 'products', 'true')}) AS facets` : '';
  const sql = `WITH ${cube}, ${page}
    ${withProducts(`(SELECT ${total} AS total${facetSql} FROM cube) AS a`, `a.total${facets ? ', a.facets' : ''}`, details)}`;
  return { sql, params: params.values };
}
