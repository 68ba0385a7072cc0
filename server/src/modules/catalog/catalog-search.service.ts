import type { DataSource } from 'typeorm';
import type { Pool } from 'pg';
import { selectRows } from '../../common/db.js';
import type { ReadCache } from '../../common/read-cache.js';
import type { ProductEntity } from './product.entity.js';
import type { SearchText } from './search-input.js';
import {
  SEARCH_STATS_SQL,
  type SearchTextRow,
  matchingCategoriesStatement,
  searchTextStatement,
  staffMatchStatement,
  suggestionsStatement,
} from './search-sql.js';
import { estimateTextFraction, searchStatsOf, type SearchStats, type SearchStatsRow } from './search-estimate.js';
import { textQueryOf } from './search-tsquery.js';
import type { Statement } from './listing-sql.js';
import {
  type TextRead,
  type CategoryWithCount,
  type CategoryRow,
  categoryFromRow,
  type ProductRow,
  productFromRow,
  type SizeRow,
  type ImageRow,
  pageDetails,
  type PageDetails,
} from './catalog-rows.js';

/** How long this instance keeps PostgreSQL's lexeme statistics (they change when ANALYZE runs). */
const LEXEME_STATS_TTL_MS = 5 * 60_000;

/** How soon a search reads the statistics again after a read failed (the database was down for a moment). */
const LEXEME_STATS_RETRY_MS = 10_000;

/**
 * The catalog's text search apart from the listing (CatalogService, which builds it): how PostgreSQL reads a search
 * text and the lexeme statistics that plan it, the suggestions while typing (their cache and their own pool), the
 * categories matching a search and the staff list's matching products. With a cache, what depends only on the typed text
 * and the catalogue (the text's reading, the suggestions, the matching categories) is kept until the catalog changes.
 */
export class CatalogSearchService {
  /**
   * The text vectors' most common lexemes (search-estimate.ts) and the count of active products, read at most every
   * LEXEME_STATS_TTL_MS (LEXEME_STATS_RETRY_MS after a failed read), until `until`.
   */
  #lexemes: { until: number; stats: Promise<SearchStats> } | null = null;

  /**
   * `firstResults`: the search page's first products for a text (CatalogService.products), the suggestions' fallback.
   * `cache`: where what depends only on the text is kept between catalog changes; without it every call reads.
   * `genericPlans`: a pool whose sessions keep the suggestions statement's plan (genericPlanPool); without it, the
   * DataSource's.
   */
  constructor(
    private readonly ds: DataSource,
    private readonly firstResults: (text: SearchText, first: number) => Promise<ProductEntity[]>,
    private readonly cache?: ReadCache,
    readonly genericPlans?: Pool,
  ) {}

  /** Closes the connections this service opened itself. */
  async stop(): Promise<void> {
    await this.genericPlans?.end();
  }

  /**
   * `load`'s answer to a statement whose values are all it depends on besides the catalogue (the typed words): kept in
   * the cache's store for typed text until the catalog changes, keyed by `what` and those values; read every time
   * without a cache.
   */
  #kept<T>(what: string, st: Statement, load: () => Promise<T>): Promise<T> {
    return this.cache ? this.cache.rememberTyped(`${what}:${JSON.stringify(st.params)}`, load) : load();
  }

  /**
   * Advisory (only a search's plan depends on them): kept in memory, read again after a few minutes. Unread (the
   * database failed), searches read the GIN index (the same rows, slower for a common word in a large catalogue)
   * until a search a few seconds later reads them again.
   */
  private lexemeStats(): Promise<SearchStats> {
    if (!this.#lexemes || Date.now() > this.#lexemes.until) {
      const entry: { until: number; stats: Promise<SearchStats> } = {
        until: Date.now() + LEXEME_STATS_TTL_MS,
        stats: selectRows<SearchStatsRow>(this.ds, SEARCH_STATS_SQL).then(
          ([row]) => searchStatsOf(row),
          () => {
            entry.until = Date.now() + LEXEME_STATS_RETRY_MS;
            return searchStatsOf(undefined);
          },
        ),
      };
      this.#lexemes = entry;
    }
    return this.#lexemes.stats;
  }

  /** What PostgreSQL searches for a text (typo correction included); null tsqueries when nothing is searchable. */
  async readText(text: SearchText): Promise<TextRead> {
    // Emoji or symbols only: nothing to look for, and nothing sent to PostgreSQL.
    if (text.words.length === 0) return { query: null, fraction: 0, products: 0, correctedQuery: null };
    const st = searchTextStatement(text);
    const read = async () => {
      const [row] = await selectRows<SearchTextRow>(this.ds, st.sql, st.params);
      return { query: textQueryOf(row), correctedQuery: row?.corrected && row.used ? row.used : null };
    };
    // How a text reads depends only on it and on the catalogue's words (search_term, learnt from products and
    // categories): kept (treated as immutable) with the suggestions until the catalog changes, as the same words are
    // searched again and again.
    const { query, correctedQuery } = await this.#kept('text', st, read);
    const stats = query ? await this.lexemeStats() : null;
    return {
      query,
      fraction: query && stats ? estimateTextFraction(query, stats) : 0,
      products: stats?.products ?? 0,
      correctedQuery,
    };
  }

  /** Categories whose name matches a search text (search results). */
  async matchingCategories(read: TextRead | null): Promise<CategoryWithCount[]> {
    if (!read?.query) return [];
    const st = matchingCategoriesStatement(read.query.any);
    // Categories and their product counts: kept, as the text's reading, until the catalog changes.
    const rows = await this.#kept('categories', st, () => selectRows<CategoryRow>(this.ds, st.sql, st.params));
    return rows.map(categoryFromRow);
  }

  /**
   * Suggestions while typing (suggestionsStatement): products by their name's words, with their sizes and images, or
   * the search's first results when no name has them all (without them: the caller loads what it selects), and
   * matching categories.
   */
  async suggestions(
    text: SearchText,
    first: number,
  ): Promise<{
    products: ProductEntity[];
    categories: CategoryWithCount[];
    details: PageDetails;
  }> {
    if (text.words.length === 0) return { products: [], categories: [], details: pageDetails([]) };
    const st = suggestionsStatement(text, first);
    type Row = ProductRow & { id: number | null; categories: CategoryRow[]; sizes: SizeRow[]; images: ImageRow[] };
    const read = async () => {
      const rows = await selectRows<Row>(this.ds, st.sql, st.params, { pool: this.genericPlans });
      // No name has every word (a word of the collection or the description: «bandanas halloween»): the first results
      // the search page shows for the text instead, so the box never offers nothing where the page finds products.
      const fallback = rows.some((r) => r.id !== null) ? null : await this.firstResults(text, first);
      return { rows, fallback };
    };
    // Asked on every keystroke, and the first letters of what shoppers type are few: the rows and the fallback stay
    // (treated as immutable; the entities built from the rows are new each time) until the catalog changes.
    const { rows, fallback } = await this.#kept('suggestions', st, read);
    const named = rows.filter((r): r is typeof r & { id: number } => r.id !== null);
    const products = fallback ?? named.map((r) => productFromRow(r));
    return {
      products,
      categories: (rows[0]?.categories ?? []).map(categoryFromRow),
      // The fallback's products came without them: the caller loads what it selects.
      details: pageDetails(fallback ? [] : named),
    };
  }

  /** Ids of the products matching `text` (staff list: inactive ones too), most relevant first. */
  async matchingProductIds(text: SearchText, category: string | null, limit = 500): Promise<number[]> {
    if (text.words.length === 0) return [];
    const st = staffMatchStatement(text, category, limit);
    return (await selectRows<{ id: number }>(this.ds, st.sql, st.params)).map((r) => r.id);
  }
}
