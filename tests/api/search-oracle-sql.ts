/**
 * The search and filtered-listing SQL as it was before `product_search` (one statement that reads, ranks and counts
 * every match from `product` and `product_size`), kept unchanged as the oracle of search-results.test.ts: the shop's
 * bounded statements (server/src/modules/catalog/listing-sql.ts) must answer exactly what this one answers whenever
 * a search matches at most SEARCH_EXACT_LIMIT products, and listings always.
 */
import type { ProductSortKey } from '../../server/src/modules/catalog/catalog-rows.js';
import type { ProductFilter, SearchText } from '../../server/src/modules/catalog/search-input.js';
import { SIZE_LABELS } from '#shared/shop.js';

export interface OracleSpec {
  text: SearchText | null;
  category?: string | null;
  collection?: string | null;
  filter: ProductFilter;
}

interface Statement {
  sql: string;
  params: unknown[];
}

class Params {
  readonly values: unknown[] = [];
  add(value: unknown, cast = ''): string {
    this.values.push(value);
    return `$${this.values.length}${cast}`;
  }
}

const PRODUCT_COLUMNS = `p.id, p.slug, p.name, p.description, p.price, p.category_slug, c.name AS category_name,
  p.collections, p.size_guide, p.active, p.archived_at, p.position, p.created_at, p.pets`;

/** words → corrected words → three tsqueries (any weight, name/category, name only). One row. */
function textCtes(words: string): string {
  return `words AS MATERIALIZED (
    SELECT w, ord, ord = max(ord) OVER () AS last FROM unnest(${words}) WITH ORDINALITY AS u(w, ord)
     WHERE to_tsvector('spanish', w) <> ''::tsvector
  ), fixed AS MATERIALIZED (
    SELECT ord, last, w AS typed,
      CASE WHEN length(w) < 4 OR w ~ '^[0-9]+$'
             OR EXISTS (SELECT 1 FROM search_term t WHERE t.term >= w AND t.term < w || '~')
             OR EXISTS (SELECT 1 FROM search_term t WHERE w ~ 's$' AND t.term IN (left(w, -1), left(w, -2)))
           THEN w
           ELSE coalesce((SELECT t.term FROM search_term t WHERE t.term % w AND levenshtein(t.term, w) <= 2
                           ORDER BY t.in_name DESC, similarity(t.term, w) DESC, levenshtein(t.term, w), t.term LIMIT 1), w)
      END AS word
    FROM words
  ), q AS MATERIALIZED (
    SELECT to_tsquery('spanish', string_agg(enzo_search_variants(word, last, ''), ' & ' ORDER BY ord)) AS q_any,
           to_tsquery('spanish', string_agg(enzo_search_variants(word, last, 'AB'), ' & ' ORDER BY ord)) AS q_ab,
           to_tsquery('spanish', string_agg(enzo_search_variants(word, last, 'A'), ' & ' ORDER BY ord)) AS q_a,
           string_agg(word, ' ' ORDER BY ord) AS used,
           coalesce(bool_or(word <> typed), false) AS corrected
      FROM fixed
  )`;
}

/** Page order over the `hits` CTE (its own columns). */
const HIT_ORDER: Record<ProductSortKey, string> = {
  RELEVANCE: 'position ASC, id ASC',
  PRICE_ASC: 'price ASC, id ASC',
  PRICE_DESC: 'price DESC, id ASC',
  NEWEST: 'created_at DESC, id DESC',
};
const HIT_RELEVANCE = 'tier DESC, in_stock DESC, rank DESC, position ASC, id ASC';

type FilterKey = 'categories' | 'sizes' | 'pets' | 'price' | 'inStock';
const FILTER_KEYS: FilterKey[] = ['categories', 'sizes', 'pets', 'price', 'inStock'];

/** The scope (active, category, collection) over `p`, and one predicate per active filter over the `m` row. */
function predicates(spec: OracleSpec, params: Params) {
  const scope: string[] = [];
  scope.push('p.active');
  if (spec.category) scope.push(`p.category_slug = ${params.add(spec.category)}`);
  if (spec.collection) scope.push(`p.collections @> ${params.add([spec.collection], '::text[]')}`);
  const f = spec.filter;
  const filters: Partial<Record<FilterKey, string>> = {};
  if (f.categories.length) filters.categories = `p.category_slug = ANY(${params.add(f.categories, '::text[]')})`;
  if (f.sizes.length) filters.sizes = `avail && ${params.add(f.sizes, '::text[]')}`;
  if (f.pets.length) filters.pets = `p.pets && ${params.add(f.pets, '::text[]')}`;
  const price: string[] = [];
  if (f.minPrice !== null) price.push(`p.price >= ${params.add(f.minPrice, '::int')}`);
  if (f.maxPrice !== null) price.push(`p.price <= ${params.add(f.maxPrice, '::int')}`);
  if (price.length) filters.price = price.join(' AND ');
  if (f.inStock) filters.inStock = 'in_stock';
  return { scope, filters };
}

const where = (parts: string[]) => (parts.length ? parts.join(' AND ') : 'true');

/**
 * One statement for a page of a filtered listing or a search: the matching products are read once
 * (`m`: price, category, pets, stock, relevance, one flag per filter), the page is ordered and cut
 * over the rows whose flags all hold, and only its rows are joined back for the product columns. The total and,
 * with `facets`, the counts per filter option come from the same `m` (uncorrelated sub-selects,
 * computed once). Always at least one row: a page past the end (or with no result) is one row whose
 * product columns are null, so the total and facets still arrive.
 *
 * Facets: each one counts with every other active filter but not its own (choosing size M still
 * shows how many products come in L). A size counts only where it has stock.
 */
export function oracleListingStatement(
  spec: OracleSpec,
  sort: ProductSortKey,
  first: number,
  offset: number,
  facets: readonly { min: number; max: number | null }[] | null,
): Statement {
  const params = new Params();
  const text = spec.text ? textCtes(params.add(spec.text.words, '::text[]')) : null;
  const { scope, filters } = predicates(spec, params);
  // Sizes in stock per match only when a size filter or the facets need them; otherwise a cheaper EXISTS.
  const needSizes = Boolean(facets || filters.sizes);
  const inStock = needSizes ? '(cardinality(x.avail) > 0)' : 'x.in_stock';
  // Filters are written over `p`; in `m` they read the same columns of the inner row `x`.
  const flags = FILTER_KEYS.map(
    (k) =>
      `${
        filters[k]
          ?.replace(/\bp\./g, 'x.')
          .replace(/\bavail\b/g, 'x.avail')
          .replace(/\bin_stock\b/g, inStock) ?? 'true'
      } AS f_${k}`,
  ).join(', ');
  const others = (except: FilterKey | null) =>
    where(FILTER_KEYS.filter((k) => k !== except && filters[k]).map((k) => `f_${k}`));
  const relevance = text
    ? `CASE WHEN p.search_vector @@ q.q_a THEN 3 WHEN p.search_vector @@ q.q_ab THEN 2 ELSE 1 END AS tier, ts_rank(p.search_vector, q.q_any) AS rank`
    : '0 AS tier, 0::real AS rank';
  // Counts in one pass over `m` (FILTER per option), categories grouped apart.
  const counts = [`count(*) FILTER (WHERE ${others(null)})::int AS total`];
  let facetColumns = '';
  if (facets) {
    counts.push(`count(*) FILTER (WHERE ${others('inStock')} AND in_stock)::int AS in_stock`);
    SIZE_LABELS.forEach((label, i) =>
      counts.push(
        `count(*) FILTER (WHERE ${others('sizes')} AND ${params.add(label, '::text')} = ANY(avail))::int AS size_${i}`,
      ),
    );
    (['DOG', 'CAT'] as const).forEach((pet) =>
      counts.push(
        `count(*) FILTER (WHERE ${others('pets')} AND ${params.add(pet, '::text')} = ANY(pets))::int AS pet_${pet.toLowerCase()}`,
      ),
    );
    facets.forEach((r, i) => {
      const range = [
        `price >= ${params.add(r.min, '::int')}`,
        ...(r.max === null ? [] : [`price <= ${params.add(r.max, '::int')}`]),
      ].join(' AND ');
      counts.push(`count(*) FILTER (WHERE ${others('price')} AND ${range})::int AS price_${i}`);
    });
    facetColumns = `,
      json_build_object('inStock', a.in_stock,
        'sizes', json_build_array(${SIZE_LABELS.map((_, i) => `a.size_${i}`).join(', ')}),
        'pets', json_build_array(a.pet_dog, a.pet_cat),
        'prices', json_build_array(${facets.map((_, i) => `a.price_${i}`).join(', ')}),
        'categories', (SELECT coalesce(json_agg(json_build_object('slug', c.slug, 'name', c.name, 'count', x.n) ORDER BY c.position), '[]') FROM (
           SELECT category_slug, count(*)::int AS n FROM m WHERE ${others('categories')} GROUP BY category_slug) AS x
           JOIN category c ON c.slug = x.category_slug)) AS facets`;
  }
  const order = text && sort === 'RELEVANCE' ? HIT_RELEVANCE : HIT_ORDER[sort];
  const stock = needSizes
    ? `ARRAY(SELECT s.label::text FROM product_size s WHERE s.product_id = p.id AND s.stock > 0) AS avail`
    : `EXISTS (SELECT 1 FROM product_size s WHERE s.product_id = p.id AND s.stock > 0) AS in_stock`;
  const sql = `WITH ${text ? `${text},` : ''} base AS MATERIALIZED (
      SELECT p.id, p.price, p.category_slug, p.pets, p.position, p.created_at, ${relevance}, ${stock}
        FROM ${text ? 'q JOIN product p ON p.search_vector @@ q.q_any' : 'product p'}
       WHERE ${where(scope)}
    ), m AS MATERIALIZED (
      SELECT x.*, ${needSizes ? 'cardinality(x.avail) > 0 AS in_stock, ' : ''}${flags} FROM base AS x
    ), a AS (
      SELECT ${counts.join(',\n             ')} FROM m
    ), page AS (
      SELECT id, row_number() OVER (ORDER BY ${order}) AS ord FROM m WHERE ${others(null)} ORDER BY ${order}
       LIMIT ${params.add(first)} OFFSET ${params.add(offset)}
    )
    SELECT r.*, a.total${text ? ', (SELECT used FROM q) AS search_used, (SELECT corrected FROM q) AS search_corrected' : ''}${facetColumns}
      FROM a LEFT JOIN LATERAL (
        SELECT ${PRODUCT_COLUMNS}, page.ord FROM page JOIN product p ON p.id = page.id JOIN category c ON c.slug = p.category_slug
      ) AS r ON true
     ORDER BY r.ord`;
  return { sql, params: params.values };
}
