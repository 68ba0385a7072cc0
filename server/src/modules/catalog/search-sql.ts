/**
 * SQL for search text, suggestions and the staff search. Pure text builders: every value is a bind parameter ($n);
 * only fixed fragments are concatenated. Pages of results are built in listing-sql.ts.
 *
 * Matching (see migration 1764400000000-product-search): the query words (already lower case and
 * without accents, [a-z0-9] only) lose Spanish stop words; a word that no catalogue term starts with
 * is replaced by the closest term (trigram similarity, Levenshtein ≤ 2, words of names first); each
 * word becomes "word or its singular/plural forms", the last one as a prefix (typing); all words must
 * match the product's text vector (GIN index).
 *
 * Relevance: tier 3 when every word is in the name, 2 when in name/category/pet, 1 otherwise (the
 * description); within a tier products in stock first; then ts_rank; then the shop's own order.
 */
import type { ProductSortKey } from './catalog-rows.js';
import type { SearchText } from './search-input.js';
import { saleAtSql, saleSql } from '#shared/orders.js';
import { Params, PRODUCT_COLUMNS, PRODUCT_IMAGES_JSON, PRODUCT_SIZES_JSON, type Statement } from './listing-sql.js';

export { PRODUCT_COLUMNS, type Statement } from './listing-sql.js';

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

/** searchTextStatement's row. */
export interface SearchTextRow {
  any: string | null;
  name_or_category: string | null;
  name: string | null;
  used: string | null;
  corrected: boolean;
}

/**
 * What PostgreSQL searches for a text: the three tsqueries as text (null when only stop words were typed: nothing
 * matches), the words used after typo correction and whether one was corrected. One row (SearchTextRow).
 */
export function searchTextStatement(text: SearchText): Statement {
  const params = new Params();
  return {
    sql: `WITH ${textCtes(params.add(text.words, '::text[]'))}
      SELECT q_any::text AS any, q_ab::text AS name_or_category, q_a::text AS name, used, corrected FROM q`,
    params: params.values,
  };
}

/**
 * What a search's plan weighs (search-estimate.ts, searchStatsOf), one row: `lexemes`, the most common lexemes of the
 * products' text vectors with the fraction of products holding each, as ANALYZE keeps them for the planner
 * (pg_stats); `products`, how many active products the shop has.
 */
export const SEARCH_STATS_SQL = `SELECT
    (SELECT coalesce(sum(active_products), 0)::int FROM category_product_count) AS products,
    (SELECT coalesce(json_agg(json_build_object('lexeme', e.lexeme, 'fraction', e.fraction)), '[]')
       FROM pg_stats st, unnest(st.most_common_elems::text::text[], st.most_common_elem_freqs) AS e(lexeme, fraction)
      WHERE st.schemaname = current_schema() AND st.tablename = 'product_search' AND st.attname = 'search_vector'
        AND e.lexeme IS NOT NULL) AS lexemes`;

/**
 * How many active products a category has (an SQL expression over a slug column or parameter): PostgreSQL keeps
 * the count as products change (migration 1765600000000-category-product-count.ts), so it is one row whatever the
 * catalogue's size. A category without a row has none.
 */
export const activeProductsOf = (slug: string) =>
  `COALESCE((SELECT active_products FROM category_product_count WHERE category_slug = ${slug}), 0)`;

/** Categories whose name matches the text's tsquery (any weight), with their active product counts. */
const matchingCategories = (tsquery: string) => `SELECT c.slug, c.name, c.description, c.position,
      ${activeProductsOf('c.slug')} AS product_count
      FROM category c
     WHERE to_tsvector('spanish', enzo_unaccent(c.name || ' ' || replace(c.slug, '-', ' '))) @@ ${tsquery}
     ORDER BY c.position`;

/** Categories whose name matches a search text already read (searchTextStatement's `any`). */
export function matchingCategoriesStatement(any: string): Statement {
  const params = new Params();
  return { sql: matchingCategories(params.add(any, '::tsquery')), params: params.values };
}

/**
 * Suggestions while typing: active products whose NAME has every word (after typo correction; a word or its
 * singular/plural; the last word as a prefix), in the shop's order with products in stock first, from
 * `search_suggestion` (one row per word of each active product's name, migration 1766700000000-search-index). The
 * last word's completions are the name words in `search_term` that start with it (at most 30, in byte order); each
 * completion gives its first products in that order (`perWord`), and the other words are checked on those
 * candidates. Each product comes with its sizes and images (the card's sold-out mark and picture), so the box's
 * answer is this one statement. Also the categories whose name matches (JSON on every row; the product columns are
 * null when no product matched). Index range reads only: its cost does not grow with the catalogue.
 */
export function suggestionsStatement(text: SearchText, first: number): Statement {
  const params = new Params();
  const words = params.add(text.words, '::text[]');
  // One word: each completion's first `first` products hold the answer; several: candidates to check.
  const perWord = params.add(text.words.length > 1 ? 100 : first, '::int');
  const sql = `WITH ${textCtes(words)}, forms AS (
      SELECT f.ord, f.last, v FROM fixed f, unnest(ARRAY[
        f.word,
        CASE WHEN f.word ~ '^[a-z0-9]{3,}s$' THEN left(f.word, -1) END,
        CASE WHEN f.word ~ '^[a-z0-9]{3,}es$' THEN left(f.word, -2) END,
        CASE WHEN NOT f.last AND f.word ~ '[a-z]$' AND f.word !~ 's$' THEN f.word || 's' END,
        CASE WHEN NOT f.last AND f.word ~ '[^aeious0-9]$' THEN f.word || 'es' END
      ]) AS v WHERE v IS NOT NULL
    ), completions AS (
      SELECT DISTINCT t.term FROM forms f JOIN search_term t
          ON f.last AND t.in_name AND t.term >= f.v AND t.term < f.v || '~'
       ORDER BY t.term LIMIT 30
    ), candidates AS (
      SELECT DISTINCT ON (x.product_id) x.product_id, x.in_stock, x.position
        FROM completions c CROSS JOIN LATERAL (
          SELECT s.product_id, s.in_stock, s.position FROM search_suggestion s WHERE s.word = c.term
           ORDER BY s.in_stock DESC, s.position, s.product_id LIMIT ${perWord}
        ) AS x
       ORDER BY x.product_id
    ), chosen AS (
      SELECT c.product_id, row_number() OVER (ORDER BY c.in_stock DESC, c.position, c.product_id) AS ord
        FROM candidates c
       WHERE NOT EXISTS (
         SELECT 1 FROM fixed f WHERE NOT f.last AND NOT EXISTS (
           SELECT 1 FROM forms v JOIN search_suggestion s ON s.word = v.v AND s.product_id = c.product_id
            WHERE v.ord = f.ord))
       ORDER BY c.in_stock DESC, c.position, c.product_id LIMIT ${params.add(first, '::int')}
    )
    SELECT r.*, (SELECT coalesce(json_agg(m), '[]') FROM (${matchingCategories('(SELECT q_any FROM q)')}) AS m) AS categories
      FROM (SELECT 1) AS one LEFT JOIN LATERAL (
        SELECT ${PRODUCT_COLUMNS}, ${PRODUCT_SIZES_JSON} AS sizes, ${PRODUCT_IMAGES_JSON} AS images, chosen.ord
          FROM chosen JOIN product p ON p.id = chosen.product_id
          JOIN category c ON c.slug = p.category_slug
      ) AS r ON true
     ORDER BY r.ord`;
  return { sql, params: params.values };
}

/** Ids of products matching the text for the staff list (inactive too), most relevant first. */
export function staffMatchStatement(text: SearchText, category: string | null, limit: number): Statement {
  const params = new Params();
  const words = params.add(text.words, '::text[]');
  const scope = category ? `WHERE p.category_slug = ${params.add(category)}` : '';
  return {
    sql: `WITH ${textCtes(words)} SELECT p.id FROM q JOIN product p ON p.search_vector @@ q.q_any ${scope}
      ORDER BY CASE WHEN p.search_vector @@ q.q_a THEN 3 WHEN p.search_vector @@ q.q_ab THEN 2 ELSE 1 END DESC,
        ts_rank(p.search_vector, q.q_any) DESC, p.position ASC, p.id ASC
      LIMIT ${params.add(limit)}`,
    params: params.values,
  };
}

/** One active product with its sizes and images (as the batched statements give them) and its former categories. */
export const PRODUCT_DETAIL_SQL = `SELECT ${PRODUCT_COLUMNS}, ${PRODUCT_SIZES_JSON} AS sizes, ${PRODUCT_IMAGES_JSON} AS images,
    ARRAY(SELECT DISTINCT h.category_slug::text FROM product_slug_history h
           WHERE h.product_id = p.id AND h.category_slug <> p.category_slug ORDER BY 1) AS former_categories
  FROM product p JOIN category c ON c.slug = p.category_slug WHERE p.id = $1 AND p.active`;

/**
 * Units sold in the last 90 days (sales as the shop counts them: contraentrega once its cash was collected); in-stock
 * products only; then the shop's order.
 */
export const BEST_SELLERS_SQL = `WITH sold AS (
    SELECT ol.product_id, sum(ol.quantity) AS units
      FROM order_line ol JOIN shop_order o ON o.id = ol.order_id
     WHERE ${saleSql('o')} AND ${saleAtSql('o')} > now() - interval '90 days'
     GROUP BY ol.product_id
  )
  SELECT ${PRODUCT_COLUMNS}
    FROM product p JOIN category c ON c.slug = p.category_slug LEFT JOIN sold ON sold.product_id = p.id
   WHERE p.active AND ${IN_STOCK}
   ORDER BY coalesce(sold.units, 0) DESC, p.position ASC, p.id ASC
   LIMIT $1`;
