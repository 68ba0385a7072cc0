/**
 * How common a searched text is, estimated as PostgreSQL's planner estimates a text match, without planning: from
 * the most common lexemes of `product_search.search_vector` and the fraction of products holding each (pg_stats,
 * kept by ANALYZE). It only chooses how a search reads its matches (listing-sql.ts: walking the shop's order for a
 * common text, the GIN index for a rare one): a wrong estimate costs time, never different results.
 */

/** One operand of a tsquery: a lexeme, or every lexeme it is a prefix of (`:*`). */
interface Operand {
  lexeme: string;
  prefix: boolean;
}

/**
 * The AND groups of OR'd operands of a tsquery as PostgreSQL prints it (`( 'arn' | 'arnes' ) & 'roj':*`); null for
 * any other shape (negation, phrase), which the caller treats as rare.
 */
export function andOfOrs(tsquery: string): Operand[][] | null {
  const groups: Operand[][] = [[]];
  let depth = 0;
  for (let i = 0; i < tsquery.length;) {
    const ch = tsquery[i]!;
    if (ch === ' ') i++;
    else if (ch === '(') {
      if (++depth > 1) return null;
      i++;
    } else if (ch === ')') {
      if (--depth < 0) return null;
      i++;
    } else if (ch === '|') i++;
    else if (ch === '&') {
      if (depth !== 0) return null;
      groups.push([]);
      i++;
    } else if (ch === "'") {
      let lexeme = '';
      i++;
      for (;;) {
        if (i >= tsquery.length) return null;
        if (tsquery[i] === "'") {
          if (tsquery[i + 1] === "'") {
            lexeme += "'";
            i += 2;
            continue;
          }
          i++;
          break;
        }
        lexeme += tsquery[i++];
      }
      let prefix = false;
      if (tsquery[i] === ':') {
        i++;
        while (i < tsquery.length && /[*A-D]/.test(tsquery[i]!)) prefix = tsquery[i++] === '*' || prefix;
      }
      groups.at(-1)!.push({ lexeme, prefix });
    } else return null;
  }
  return depth === 0 && groups.every((g) => g.length > 0) ? groups : null;
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
