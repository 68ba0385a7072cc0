import { config, TARGETS } from './bench-config.js';
import { growBenchDatabase, sql } from './bench-database.js';
import { cannon, measured, type Measured } from './api-throughput.js';
import { FILTERED_LISTING, SEARCH, SUGGEST, firstError, gql } from './graphql-operations.js';
import {
  SEARCH_STATS_SQL,
  searchTextStatement,
  type SearchTextRow,
} from '../../server/src/modules/catalog/search-sql.js';
import {
  estimateTextFraction,
  searchStatsOf,
  type SearchStatsRow,
} from '../../server/src/modules/catalog/search-estimate.js';
import { textQueryOf } from '../../server/src/modules/catalog/search-tsquery.js';
import { searchPageStatement, readPlanFor } from '../../server/src/modules/catalog/listing-sql.js';
import { PRICE_RANGES } from '#shared/shop.js';
import { parseSearchText, NO_FILTER } from '../../server/src/modules/catalog/search-input.js';

export interface SearchRow {
  products: number;
  operation: string;
  shop: Measured | null;
  baseline: Measured | null;
  ratio: number | null;
  note?: string;
}

export interface SearchPlan {
  products: number;
  query: string;
  executionMs: number;
  /** How the matches were read: `walk` (the shop's order) or `index` (GIN). */
  plan: 'walk' | 'index';
  /** No sequential scan of `product` or `product_search`, and the plan's index (GIN or the order's) is used. */
  usesIndex: boolean;
  nodes: string[];
}

export interface SearchResult {
  rows: SearchRow[];
  plans: SearchPlan[];
  /** The largest catalogue's rows beside the smallest's (largeSearchOf); null with one size. */
  large: LargeSearch | null;
}

/** A query at the largest catalogue size, with its p50 against the same query's at the smallest. */
export interface LargeSearchRow {
  operation: string;
  shop: Measured | null;
  baseline: Measured | null;
  /** The shop's p50 at the smallest size, and this p50 divided by it (target: ≤ TARGETS.searchP50GrowthRatio). */
  p50AtSmallest: number | null;
  p50Growth: number | null;
  meetsGrowth: boolean | null;
  /** Failed, non-2xx or mismatched answers (target: none). */
  failed: number | null;
  meetsP99: boolean | null;
}

/** `search.large` in the JSON: the section's rows at the largest size, each compared with the smallest size. */
export interface LargeSearch {
  products: number;
  comparedWith: number;
  rows: LargeSearchRow[];
}

export const searchFailures = (r: SearchRow) => (r.shop ? r.shop.errors + r.shop.non2xx + r.shop.mismatches : null);

export function largeSearchOf(rows: SearchRow[]): LargeSearch | null {
  const sizes = [...new Set(rows.map((x) => x.products))].sort((a, b) => a - b);
  const [small, large] = [sizes[0], sizes[sizes.length - 1]];
  if (small === undefined || large === undefined || large <= small) return null;
  return {
    products: large,
    comparedWith: small,
    rows: rows
      .filter((x) => x.products === large)
      .map((row) => {
        const base = rows.find((x) => x.products === small && x.operation === row.operation)?.shop?.p50 ?? null;
        const p50 = row.shop?.p50 ?? null;
        const growth = base && p50 ? p50 / base : null;
        return {
          operation: row.operation,
          shop: row.shop,
          baseline: row.baseline,
          p50AtSmallest: base,
          p50Growth: growth,
          meetsGrowth: growth === null ? null : growth <= TARGETS.searchP50GrowthRatio,
          failed: searchFailures(row),
          meetsP99: searchMeetsP99(row),
        };
      }),
  };
}

interface Operation {
  name: string;
  query: string;
  baselinePath: string;
  variables: Record<string, unknown>;
  /** Different variables for every request (`variables` is the first of them), so the shop's cache never answers. */
  typed?: true;
}

const OPERATIONS: Operation[] = [
  {
    // The word shoppers type most: one common word, in about a quarter of the catalogue.
    name: 'búsqueda «collar» (24 + facetas)',
    query: SEARCH,
    baselinePath: '/search',
    variables: { query: 'collar', first: 24 },
  },
  {
    name: 'búsqueda «arnes rojo» (24 + facetas)',
    query: SEARCH,
    baselinePath: '/search',
    variables: { query: 'arnes rojo', first: 24 },
  },
  {
    name: 'búsqueda con errores «colar cuero» (24 + facetas)',
    query: SEARCH,
    baselinePath: '/search',
    variables: { query: 'colar cuero', first: 24 },
  },
  {
    name: 'búsqueda «pechera» + talla M + en stock (24 + facetas)',
    query: SEARCH,
    baselinePath: '/search',
    variables: { query: 'pechera', first: 24, filter: { sizes: ['M'], inStock: true } },
  },
  {
    name: 'sugerencias «pech» (5, sin facetas)',
    query: SUGGEST,
    baselinePath: '/suggest',
    variables: { query: 'pech', first: 5 },
  },
  {
    name: 'sugerencias tecleadas (una distinta por petición)',
    query: SUGGEST,
    baselinePath: '/suggest',
    variables: { query: 'co', first: 1 },
    typed: true,
  },
  {
    name: 'listado collares + talla M + en stock (24 + facetas)',
    query: FILTERED_LISTING,
    baselinePath: '/filtered-listing',
    variables: { category: 'collares', first: 24, filter: { sizes: ['M'], inStock: true } },
  },
];

/**
 * What shoppers type into the box, keystroke by keystroke (from 2 characters), for every active product name,
 * each asking for 1 to 10 suggestions: the shop keeps suggestions by their words and count, so none of these is
 * answered from its cache until the list runs out. In a fixed shuffled order, the same for shop and baseline.
 */
async function typedSuggestions(dbUrl: string): Promise<string[]> {
  // The seeded names (a synthetic product's name is a seeded one plus a number, which nobody types).
  const names = await sql<{ name: string }>(
    dbUrl,
    `SELECT DISTINCT regexp_replace(lower(name), ' [0-9]+$', '') AS name FROM product WHERE active`,
  );
  // One query per set of words the shop would read («collar de» reads as «collar»).
  const queries = new Map<string, string>();
  for (const { name } of names) {
    for (let end = 2; end <= name.length; end++) {
      const typed = name.slice(0, end);
      const words = parseSearchText(typed)?.words;
      if (words?.length && !queries.has(JSON.stringify(words))) queries.set(JSON.stringify(words), typed);
    }
  }
  const bodies = [...queries.values()].flatMap((query) =>
    Array.from({ length: 10 }, (_, i) => JSON.stringify({ query: SUGGEST, variables: { query, first: i + 1 } })),
  );
  // A fixed pseudo-random order (xorshift), so runs compare.
  let seed = 0x2545f491;
  for (let i = bodies.length - 1; i > 0; i--) {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    const j = (seed >>> 0) % (i + 1);
    [bodies[i], bodies[j]] = [bodies[j]!, bodies[i]!];
  }
  return bodies;
}

async function explain(dbUrl: string, products: number, query: string): Promise<SearchPlan> {
  const text = parseSearchText(query)!;
  const t = searchTextStatement(text);
  const [read] = await sql<SearchTextRow>(dbUrl, t.sql, t.params);
  const textQuery = textQueryOf(read);
  if (!textQuery) throw new Error(`«${query}»: PostgreSQL no lee nada que buscar`);
  const stats = searchStatsOf((await sql<SearchStatsRow>(dbUrl, SEARCH_STATS_SQL))[0]);
  const readPlan = readPlanFor(estimateTextFraction(textQuery, stats), stats.products, 24, 0);
  const plan = readPlan === 'index' ? 'index' : 'walk';
  const st = searchPageStatement({ text: textQuery, filter: NO_FILTER }, 'RELEVANCE', 24, 0, PRICE_RANGES, readPlan);
  const rows = await sql<{ 'QUERY PLAN': string }>(dbUrl, `EXPLAIN (ANALYZE, BUFFERS) ${st.sql}`, st.params);
  const lines = rows.map((r) => r['QUERY PLAN']);
  const text_ = lines.join('\n');
  const time = /Execution Time: ([\d.]+) ms/.exec(text_);
  const nodes = lines
    .map((l) => l.trim().replace(/^->\s*/, ''))
    .filter((l) =>
      /^(?:Seq Scan|Bitmap Index Scan|Index Scan|Index Only Scan) (?:using \w+ )?on (?:product|product_search|search_term)\b/.test(
        l,
      ),
    )
    .map((l) => l.replace(/\s+\(cost.*$/, ''));
  const index = plan === 'walk' ? 'product_search_order_idx' : 'product_search_text_idx';
  return {
    products,
    query,
    executionMs: time ? Number(time[1]) : NaN,
    plan,
    usesIndex: text_.includes(index) && !lines.some((l) => /Seq Scan on (?:product|product_search)\s/.test(l)),
    nodes: [...new Set(nodes)],
  };
}

/**
 * Search throughput at each size of BENCH_SEARCH_PRODUCTS (10,000 and 100,000 by default): the
 * database grows between the two (synthetic products named like the seeded ones), and each operation
 * is measured against the shop and the bare baseline in the same run, like section 1.
 */
export async function runSearch(
  shopUrl: string,
  startBaseline: () => Promise<{ url: string; stop(): Promise<void> }>,
  dbUrl: string,
): Promise<SearchResult> {
  const result: SearchResult = { rows: [], plans: [], large: null };
  for (const target of config.searchSizes) {
    process.stdout.write(`  · ${target.toLocaleString('en-US')} productos: preparando…`);
    const started = Date.now();
    const products = await growBenchDatabase(dbUrl, target);
    process.stdout.write(` ${products.toLocaleString('en-US')} en ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
    for (const q of ['collar', 'arnes rojo', 'colar cuero', 'pechera'])
      result.plans.push(await explain(dbUrl, products, q));
    const baseline = await startBaseline();
    try {
      for (const op of OPERATIONS) {
        const typed = op.typed ? await typedSuggestions(dbUrl) : null;
        const body = typed?.[0] ?? JSON.stringify({ query: op.query, variables: op.variables });
        const check = await gql(shopUrl, op.query, JSON.parse(body).variables);
        const problem = firstError(check);
        if (problem) {
          result.rows.push({
            products,
            operation: op.name,
            shop: null,
            baseline: null,
            ratio: null,
            note: `n/d: ${problem.slice(0, 120)}`,
          });
          continue;
        }
        const baseRes = await fetch(`${baseline.url}${op.baselinePath}`, { method: 'POST', body });
        const baseBody = await baseRes.text();
        if (baseRes.status !== 200) throw new Error(`La línea base falla en ${op.name}: ${baseBody.slice(0, 200)}`);
        const [a, b] = [JSON.stringify(JSON.parse(baseBody)), JSON.stringify({ data: check.data })];
        if (a !== b) console.warn(`  ⚠ ${op.name}: la línea base difiere de la tienda`);
        // The typed suggestions: one body after another from the second on (the check asked for the first), for
        // the shop and again from the start for the baseline; more requests than bodies means some repeated.
        let sent = 1;
        const next = typed ? () => typed[sent++ % typed.length]! : undefined;
        process.stdout.write(`    ${op.name}: tienda…`);
        await cannon(`${shopUrl}/graphql`, body, config.warmupS, next);
        const shop = measured(await cannon(`${shopUrl}/graphql`, body, config.duration, next));
        const repeated = typed ? Math.max(0, sent - typed.length) : 0;
        sent = 0;
        process.stdout.write(' línea base…');
        await cannon(`${baseline.url}${op.baselinePath}`, body, config.warmupS, next);
        const base = measured(await cannon(`${baseline.url}${op.baselinePath}`, body, config.duration, next));
        process.stdout.write(' ✓\n');
        result.rows.push({
          products,
          operation: op.name,
          shop,
          baseline: base,
          ratio: base.rps > 0 ? shop.rps / base.rps : null,
          ...(typed && {
            note: `${typed.length.toLocaleString('en-US')} consultas distintas; ${repeated.toLocaleString('en-US')} repetidas en la tienda`,
          }),
        });
      }
    } finally {
      await baseline.stop();
    }
  }
  result.large = largeSearchOf(result.rows);
  return result;
}

export const searchMeetsP99 = (r: SearchRow) => (r.shop ? r.shop.p99 <= TARGETS.searchP99Ms : null);
