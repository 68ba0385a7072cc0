/**
 * SQL for listings with filters and for text search (issue 13). Pure text builders: every value is a
 * bind parameter ($n); only fixed fragments are concatenated.
 *
 * Matching (see migration 1763700300000-product-search): the query words (already lower case and
 * without accents, [a-z0-9] only) lose Spanish stop words; a word that no catalogue term starts with
 * is replaced by the closest term (trigram similarity, Levenshtein ≤ 2, words of names first); each
 * word becomes "word or its singular/plural forms", the last one as a prefix (typing); all words must
 * match `product.search_vector` (GIN index).
 *
 * Relevance: tier 3 when every word is in the name, 2 when in name/category/pet, 1 otherwise (the
 * description); within a tier products in stock first; then ts_rank; then the shop's own order.
 */
import type { ProductSortKey } from './catalog.service.js';
import type { ProductFilter, SearchText } from './search-input.js';

export interface ListingSpec {
  text: SearchText | null;
  category?: string | null;
  collection?: string | null;
  filter: ProductFilter;
  /** Staff search sees inactive products too. */
  includeInactive?: boolean;
}

export interface Statement {
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

/** Columns every raw catalog read selects (ProductRow in catalog.service.ts). */
export const PRODUCT_COLUMNS = `p.id, p.slug, p.name, p.description, p.price, p.category_slug, c.name AS category_name,
  p.collections, p.size_chart, p.active, p.position, p.created_at, p.pets`;

export const ORDER_BY: Record<ProductSortKey, string> = {
  RELEVANCE: 'p.position ASC, p.id ASC',
  PRICE_ASC: 'p.price ASC, p.id ASC',
  PRICE_DESC: 'p.price DESC, p.id ASC',
  NEWEST: 'p.created_at DESC, p.id DESC',
};

const IN_STOCK = `EXISTS (SELECT 1 FROM product_size s WHERE s.product_id = p.id AND s.stock > 0)`;

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

const RELEVANCE_ORDER = `CASE WHEN p.search_vector @@ q.q_a THEN 3 WHEN p.search_vector @@ q.q_ab THEN 2 ELSE 1 END DESC,
  ${IN_STOCK} DESC, ts_rank(p.search_vector, q.q_any) DESC, p.position ASC, p.id ASC`;

type FilterKey = 'categories' | 'sizes' | 'pets' | 'price' | 'inStock';

/** One predicate per active filter (by facet), plus the scope (active, category, collection, text). */
function predicates(spec: ListingSpec, params: Params) {
  const scope: string[] = [];
  if (!spec.includeInactive) scope.push('p.active');
  if (spec.category) scope.push(`p.category_slug = ${params.add(spec.category)}`);
  if (spec.collection) scope.push(`p.collections @> ${params.add([spec.collection], '::text[]')}`);
  const f = spec.filter;
  const filters: Partial<Record<FilterKey, string>> = {};
  if (f.categories.length) filters.categories = `p.category_slug = ANY(${params.add(f.categories, '::text[]')})`;
  if (f.sizes.length) filters.sizes = `EXISTS (SELECT 1 FROM product_size s WHERE s.product_id = p.id AND s.stock > 0 AND s.label = ANY(${params.add(f.sizes, '::text[]')}))`;
  if (f.pets.length) filters.pets = `p.pets && ${params.add(f.pets, '::text[]')}`;
  const price: string[] = [];
  if (f.minPrice !== null) price.push(`p.price >= ${params.add(f.minPrice, '::int')}`);
  if (f.maxPrice !== null) price.push(`p.price <= ${params.add(f.maxPrice, '::int')}`);
  if (price.length) filters.price = price.join(' AND ');
  if (f.inStock) filters.inStock = IN_STOCK;
  return { scope, filters };
}

function withText(spec: ListingSpec, params: Params): { ctes: string; from: string } {
  if (!spec.text) return { ctes: '', from: 'product p' };
  return { ctes: `WITH ${textCtes(params.add(spec.text.words, '::text[]'))}`, from: 'q JOIN product p ON p.search_vector @@ q.q_any' };
}

const where = (parts: string[]) => (parts.length ? parts.join(' AND ') : 'true');

/** One page of a filtered listing or search, with the total (window count) on every row. */
export function pageStatement(spec: ListingSpec, sort: ProductSortKey, first: number, offset: number): Statement {
  const params = new Params();
  const { ctes, from } = withText(spec, params);
  const { scope, filters } = predicates(spec, params);
  const order = spec.text && sort === 'RELEVANCE' ? RELEVANCE_ORDER : ORDER_BY[sort];
  const textColumns = spec.text ? ', q.used AS search_used, q.corrected AS search_corrected' : '';
  const sql = `${ctes}
    SELECT ${PRODUCT_COLUMNS}, count(*) OVER () AS total${textColumns}
      FROM ${from} JOIN category c ON c.slug = p.category_slug
     WHERE ${where([...scope, ...Object.values(filters)])}
     ORDER BY ${order}
     LIMIT ${params.add(first)} OFFSET ${params.add(offset)}`;
  return { sql, params: params.values };
}

/** The total alone (a page past the end has no row to carry it). */
export function countStatement(spec: ListingSpec): Statement {
  const params = new Params();
  const { ctes, from } = withText(spec, params);
  const { scope, filters } = predicates(spec, params);
  return { sql: `${ctes} SELECT count(*)::int AS n FROM ${from} WHERE ${where([...scope, ...Object.values(filters)])}`, params: params.values };
}

/**
 * Counts per filter option in one statement. Each facet counts with every other active filter but
 * not its own (choosing size M still shows how many products come in L). A size counts only where it
 * has stock.
 */
export function facetsStatement(spec: ListingSpec, priceRanges: readonly { min: number; max: number | null }[]): Statement {
  const params = new Params();
  const { ctes, from } = withText(spec, params);
  const { scope, filters } = predicates(spec, params);
  const flag = (key: FilterKey) => `${filters[key] ?? 'true'} AS f_${key}`;
  const others = (except: FilterKey | null) =>
    where((['categories', 'sizes', 'pets', 'price', 'inStock'] as FilterKey[]).filter((k) => k !== except && filters[k]).map((k) => `f_${k}`));
  const mins = params.add(priceRanges.map((r) => r.min), '::int[]');
  const maxs = params.add(priceRanges.map((r) => r.max), '::int[]');
  const sql = `${ctes ? `${ctes},` : 'WITH'} m AS MATERIALIZED (
      SELECT p.id, p.price, p.category_slug, p.pets,
             ARRAY(SELECT s.label FROM product_size s WHERE s.product_id = p.id AND s.stock > 0) AS avail,
             ${flag('categories')}, ${flag('sizes')}, ${flag('pets')}, ${flag('price')}, ${flag('inStock')}
        FROM ${from}
       WHERE ${where(scope)}
    )
    SELECT
      (SELECT count(*) FROM m WHERE ${others(null)})::int AS total,
      (SELECT count(*) FROM m WHERE ${others('inStock')} AND cardinality(avail) > 0)::int AS in_stock,
      (SELECT coalesce(json_object_agg(label, n), '{}') FROM (
         SELECT l AS label, count(*)::int AS n FROM m, unnest(m.avail) AS l WHERE ${others('sizes')} GROUP BY l) AS x) AS sizes,
      (SELECT json_build_object('DOG', count(*) FILTER (WHERE 'DOG' = ANY(pets)), 'CAT', count(*) FILTER (WHERE 'CAT' = ANY(pets)))
         FROM m WHERE ${others('pets')}) AS pets,
      (SELECT json_agg(n ORDER BY i) FROM (
         SELECT b.i, count(m.id)::int AS n FROM unnest(${mins}, ${maxs}) WITH ORDINALITY AS b(lo, hi, i)
           LEFT JOIN m ON m.price >= b.lo AND (b.hi IS NULL OR m.price <= b.hi) AND ${others('price')}
          GROUP BY b.i) AS x) AS prices,
      (SELECT coalesce(json_agg(json_build_object('slug', c.slug, 'name', c.name, 'count', x.n) ORDER BY c.position), '[]') FROM (
         SELECT category_slug, count(*)::int AS n FROM m WHERE ${others('categories')} GROUP BY category_slug) AS x
         JOIN category c ON c.slug = x.category_slug) AS categories`;
  return { sql, params: params.values };
}

/** Categories whose name matches the text (search suggestions), with their active product counts. */
export function matchingCategoriesStatement(text: SearchText): Statement {
  const params = new Params();
  const sql = `WITH ${textCtes(params.add(text.words, '::text[]'))}
    SELECT c.slug, c.name, c.description, c.position,
           (SELECT count(*) FROM product p WHERE p.category_slug = c.slug AND p.active)::int AS product_count
      FROM q JOIN category c
        ON to_tsvector('spanish', enzo_unaccent(c.name || ' ' || replace(c.slug, '-', ' '))) @@ q.q_any
     ORDER BY c.position`;
  return { sql, params: params.values };
}

/** Ids of products matching the text for the staff list (inactive too), most relevant first. */
export function staffMatchStatement(text: SearchText, category: string | null, limit: number): Statement {
  const params = new Params();
  const spec: ListingSpec = { text, category, filter: { categories: [], sizes: [], pets: [], minPrice: null, maxPrice: null, inStock: false }, includeInactive: true };
  const { ctes, from } = withText(spec, params);
  const { scope } = predicates(spec, params);
  return { sql: `${ctes} SELECT p.id FROM ${from} WHERE ${where(scope)} ORDER BY ${RELEVANCE_ORDER} LIMIT ${params.add(limit)}`, params: params.values };
}

/** Units sold in paid orders of the last 90 days; in-stock products only; then the shop's order. */
export const BEST_SELLERS_SQL = `WITH sold AS (
    SELECT ol.product_id, sum(ol.quantity) AS units
      FROM order_line ol JOIN shop_order o ON o.id = ol.order_id
     WHERE o.status IN ('PAGADO', 'EN_PREPARACION', 'ENVIADO', 'ENTREGADO') AND o.created_at > now() - interval '90 days'
     GROUP BY ol.product_id
  )
  SELECT ${PRODUCT_COLUMNS}
    FROM product p JOIN category c ON c.slug = p.category_slug LEFT JOIN sold ON sold.product_id = p.id
   WHERE p.active AND ${IN_STOCK}
   ORDER BY coalesce(sold.units, 0) DESC, p.position ASC, p.id ASC
   LIMIT $1`;
