/**
 * How common a searched text is, estimated as PostgreSQL's planner estimates a text match, without planning: from
 * the most common lexemes of `product_search.search_vector` and the fraction of products holding each (pg_stats,
 * kept by ANALYZE). It only chooses how a search reads its matches (listing-sql.ts: walking the shop's order for a
 * common text, the GIN index for a rare one): a wrong estimate costs time, never different results.
 */
import type { TextQuery } from './listing-sql.js';
import { andOfOrs } from './search-tsquery.js';

/** What a search's plan weighs (readPlanFor): how common each lexeme is, and the count of active products. */
export interface SearchStats {
  common: ReadonlyMap<string, number>;
  products: number;
}

/** The row of SEARCH_STATS_SQL (search-sql.ts). */
export interface SearchStatsRow {
  products: number;
  lexemes: { lexeme: string; fraction: number }[];
}

/** The statistics of SEARCH_STATS_SQL's row; none without it (unread: every search reads the GIN index). */
export function searchStatsOf(row: SearchStatsRow | undefined): SearchStats {
  return {
    common: new Map((row?.lexemes ?? []).map((l) => [l.lexeme, l.fraction])),
    products: row?.products ?? 0,
  };
}

/**
 * Estimated fraction of the products matching `tsquery`: per AND group the sum of its operands' fractions (every
 * common lexeme a prefix operand starts), capped at 1; the groups multiplied (taken as independent, as the planner
 * takes them). A lexeme missing from the statistics counts as 0: rare.
 */
export function estimateFraction(tsquery: string, common: ReadonlyMap<string, number>): number {
  const groups = andOfOrs(tsquery);
  if (!groups) return 0;
  let fraction = 1;
  for (const group of groups) {
    const lexemes = new Set<string>();
    for (const { lexeme, prefix } of group) {
      if (!prefix) lexemes.add(lexeme);
      else for (const known of common.keys()) if (known.startsWith(lexeme)) lexemes.add(known);
    }
    let sum = 0;
    for (const lexeme of lexemes) sum += common.get(lexeme) ?? 0;
    fraction *= Math.min(1, sum);
  }
  return fraction;
}

/**
 * Estimated fraction of the products a search text matches (textQueryOf), from PostgreSQL's own tsquery (`rank`): the
 * lexemes it holds are those the search matches. With the active products, readPlanFor plans the page.
 */
export function estimateTextFraction(query: TextQuery, stats: SearchStats): number {
  return estimateFraction(query.rank, stats.common);
}
