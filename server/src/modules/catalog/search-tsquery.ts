/**
 * The tsqueries a search text reads as (searchTextStatement, in search-sql.ts), as text: PostgreSQL prints them as AND
 * groups of OR'd operands, one group per word with its forms (`( 'arne' | 'arn' | 'arnes' ) & ( 'roj':* | 'roj':* )`).
 */
import type { TextQuery } from './listing-sql.js';
import type { SearchTextRow } from './search-sql.js';

/** One operand: a lexeme, or every lexeme it is a prefix of (`:*`), in the weights listed (none listed: any). */
export interface Operand {
  lexeme: string;
  prefix: boolean;
  weights: string;
}

/**
 * The AND groups of OR'd operands of a tsquery as PostgreSQL prints it; null for any other shape (negation, phrase):
 * matchQuery leaves such a query as it is, estimateFraction (search-estimate.ts) counts it as rare.
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
      let weights = '';
      if (tsquery[i] === ':') {
        i++;
        for (; i < tsquery.length && /[*A-D]/.test(tsquery[i]!); i++) {
          if (tsquery[i] === '*') prefix = true;
          else weights += tsquery[i];
        }
      }
      groups.at(-1)!.push({ lexeme, prefix, weights });
    } else return null;
  }
  return depth === 0 && groups.every((g) => g.length > 0) ? groups : null;
}

/** Whether every lexeme `b` matches, `a` matches too (no weights listed: any weight). */
function covers(a: Operand, b: Operand): boolean {
  const weights = !a.weights || (Boolean(b.weights) && [...b.weights].every((w) => a.weights.includes(w)));
  if (!weights) return false;
  return a.prefix ? b.lexeme.startsWith(a.lexeme) : !b.prefix && a.lexeme === b.lexeme;
}

const printOperand = (o: Operand) =>
  `'${o.lexeme.replaceAll("'", "''")}'${o.prefix || o.weights ? `:${o.prefix ? '*' : ''}${o.weights}` : ''}`;

/**
 * A tsquery that matches exactly what `tsquery` matches, without the operands another one of their group already
 * matches: a form repeated (`'roj':* | 'roj':*`, the word and its stem being the same prefix) or one a shorter prefix
 * holds (`'collars':* | 'collar':* | 'coll':*` is `'coll':*`). PostgreSQL tests each operand of a group against
 * every row the search reads, and the GIN index reads each operand's entries (measured: tests/bench/README.md). Any
 * other shape comes back as it is.
 */
export function matchQuery(tsquery: string): string {
  const groups = andOfOrs(tsquery);
  if (!groups) return tsquery;
  const kept = groups.map((group) =>
    group.filter((o, i) => !group.some((other, j) => j !== i && covers(other, o) && (!covers(o, other) || j < i))),
  );
  return kept
    .map((group) => {
      const text = group.map(printOperand).join(' | ');
      return group.length > 1 && kept.length > 1 ? `( ${text} )` : text;
    })
    .join(' & ');
}

/**
 * The queries a page of a search runs for a text PostgreSQL read (searchTextStatement's three tsqueries): which
 * products match and their tier, with the redundant operands left out (matchQuery: the same products); their
 * relevance (ts_rank) with PostgreSQL's own query, as ts_rank weighs every operand that matches. Null when nothing
 * is searchable (only stop words were typed, or no row).
 */
export function textQueryOf(
  read: Pick<SearchTextRow, 'any' | 'name_or_category' | 'name'> | undefined,
): TextQuery | null {
  if (!read?.any || !read.name_or_category || !read.name) return null;
  return {
    any: matchQuery(read.any),
    nameOrCategory: matchQuery(read.name_or_category),
    name: matchQuery(read.name),
    rank: read.any,
  };
}
