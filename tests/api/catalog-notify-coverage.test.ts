import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Kind, print, type DocumentNode, type OperationDefinitionNode, type TypeNode } from 'graphql';
import pg from 'pg';
import type { DataSource, Logger as OrmLogger } from 'typeorm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parseEnv } from '../../server/src/config/env.js';
import { createLogger } from '../../server/src/app/start-shop.js';
import { createServices } from '../../server/src/app/services.js';
import { createHttpApp } from '../../server/src/app/http-app.js';
import { openDatabase } from '../../server/src/db/data-source.js';
import { LocalMediaStore } from '../../server/src/modules/media/index.js';
import { CATALOG_CHANNEL, CatalogCache } from '../../server/src/modules/cache/catalog-cache.js';
import { MAX_LINE_QUANTITY } from '../../shared/shop.js';
import { isPublicCatalogOperation } from '../../server/src/modules/cache/catalog-cache.http.js';
import { repoPath } from '../../server/src/common/repo-root.js';
import {
  CAMPAIGN_PREVIEW_PARAM,
  LISTING_PAGES,
  PAGE_PATHS,
  PRIVATE_PREFIXES,
  SEARCH_PATH,
  productPath,
} from '../../shared/storefront-routes.js';
import { createTestDatabase } from '../setup/test-database.js';
import { requireBuiltClient } from '../setup/built-client.js';
import { postGraphql } from '../setup/graphql-post.js';
import { graphql } from '../gql/index.js';
import { CartQuoteDocument } from '../../client/src/features/cart/cart.generated.js';

/**
 * Every instance keeps public catalog reads, rendered pages and a few settings in memory until PostgreSQL says
 * the catalog changed (`NOTIFY enzo_catalog`, sent by the `enzo_notify_catalog_change` statement triggers). A
 * table that a cached answer reads but that has no such trigger would leave stale prices, stock or pages behind
 * after a change. "Tables a cached answer reads" is not a hand-kept list: this test renders every storefront page,
 * runs every public catalog query the client sends and the settings reads quotes keep, records each SQL statement
 * they run (the DataSource's logger sees every one, prepared reads included), asks PostgreSQL which tables each
 * statement's plan reads, and compares them with the tables that carry the trigger in the migrated database.
 */
const CATALOG_TRIGGER_FUNCTION = 'enzo_notify_catalog_change';
/**
 * Sizes' updates notify through their own function: only when what the storefront shows of a size changes (any
 * column but `stock` and `reserved`, or the stock below the cap per line); the last test of this file proves it.
 */
const SIZE_UPDATE_FUNCTION = 'enzo_notify_size_change';

/**
 * Tables a cached answer reads without a trigger of their own, and why no stale price, stock or page can follow.
 * Keep this short: the usual fix is a migration adding the trigger. A table `derivedFrom` others is written only by
 * their triggers, in the statement that changes them (which notifies); the test checks those triggers exist.
 */
const NOT_NOTIFYING: Record<string, { derivedFrom?: string[]; why: string }> = {
  category_product_count: {
    derivedFrom: ['product'],
    why: 'Active products per category, kept by statement triggers on product.',
  },
  product_facet_count: {
    derivedFrom: ['product_search'],
    why: 'Active products per category, price, pets and sizes in stock, kept by statement triggers on product_search.',
  },
  search_suggestion: {
    derivedFrom: ['product_search'],
    why: 'Words of active product names for suggestions, kept by statement triggers on product_search.',
  },
  search_term: {
    derivedFrom: ['product', 'category'],
    why: 'Words the search corrects typos to, learnt by statement triggers on product and category.',
  },
  shop_order: {
    why:
      'Best sellers rank products by units sold in the last 90 days. A sale moves stock (product_size notifies); ' +
      'a paid order cancelled, the cash of a contraentrega order collected, or a sale leaving the 90 days, only ' +
      'reorders that ranking until the next catalog change.',
  },
  order_line: { why: 'Best sellers, as shop_order.' },
};

interface Statement {
  sql: string;
  params: unknown[];
}

const cachedWork = new AsyncLocalStorage<true>();
const statements: Statement[] = [];

/** Statements run while a cached answer was being produced (a tagged request, or a ReadCache load). */
class RecordingLogger implements OrmLogger {
  logQuery(query: string, parameters?: unknown[]) {
    if (cachedWork.getStore()) statements.push({ sql: query, params: parameters ?? [] });
  }
  logQueryError() {}
  logQuerySlow() {}
  logSchemaBuild() {}
  logMigration() {}
  log() {}
}

/** Never caches (no LISTEN connection), so every read runs; each ReadCache load is recorded as cached work. */
class RecordingCache extends CatalogCache {
  constructor() {
    super(null);
  }
  override remember<T>(_key: string, load: () => Promise<T>): Promise<T> {
    return cachedWork.run(true, load);
  }
  override rememberTyped<T>(_key: string, load: () => Promise<T>): Promise<T> {
    return cachedWork.run(true, load);
  }
}

/** Tables (schema-qualified) that a plan reads. */
function planRelations(plan: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(plan)) for (const p of plan) planRelations(p, into);
  else if (plan && typeof plan === 'object') {
    const node = plan as Record<string, unknown>;
    if (typeof node['Relation Name'] === 'string') into.add(`${node.Schema ?? 'public'}.${node['Relation Name']}`);
    for (const value of Object.values(node)) if (value && typeof value === 'object') planRelations(value, into);
  }
  return into;
}

/** Tables a statement reads, from PostgreSQL's plan: a generic plan, or one for the values it ran with. */
async function tablesRead(db: pg.Client, { sql, params }: Statement): Promise<Set<string>> {
  const explain = async (options: string, values: unknown[]) =>
    planRelations((await db.query(`EXPLAIN (${options}) ${sql}`, values)).rows[0]['QUERY PLAN']);
  if (params.length === 0) return explain('VERBOSE, FORMAT JSON', []);
  try {
    return await explain('GENERIC_PLAN, VERBOSE, FORMAT JSON', []);
  } catch {
    return explain('VERBOSE, FORMAT JSON', params);
  }
}

/**
 * Public tables whose every change (insert, update, delete, truncate) notifies the catalog channel once a statement,
 * through one trigger or several (sizes: one for their updates, SIZE_UPDATE_FUNCTION).
 */
async function notifyingTables(db: pg.Client | pg.PoolClient): Promise<Set<string>> {
  const { rows } = await db.query<{ table: string }>(
    `SELECT n.nspname || '.' || c.relname AS table
       FROM pg_trigger t
       JOIN pg_class c ON c.oid = t.tgrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_proc p ON p.oid = t.tgfoid
      WHERE (p.proname = $1 OR (p.proname = $2 AND c.relname = 'product_size'))
        AND NOT t.tgisinternal AND t.tgenabled <> 'D'
        AND t.tgtype & 1 = 0                       -- once per statement
      GROUP BY 1
     HAVING bit_or(t.tgtype & (4 | 8 | 16 | 32)) = 4 | 8 | 16 | 32 -- INSERT, DELETE, UPDATE and TRUNCATE`,
    [CATALOG_TRIGGER_FUNCTION, SIZE_UPDATE_FUNCTION],
  );
  return new Set(rows.map((r) => r.table));
}

/** Tables whose own triggers write `table` (directly, or through a function they call by name). */
async function tablesWhoseTriggersWrite(db: pg.Client, table: string): Promise<Set<string>> {
  const { rows } = await db.query<{ table: string }>(
    `WITH writers AS (
       SELECT p.oid, p.proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname = 'public' AND p.prosrc ~ ('\\m' || $1 || '\\M')
     )
     SELECT DISTINCT c.relname AS table
       FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc f ON f.oid = t.tgfoid
      WHERE NOT t.tgisinternal AND c.relname <> $1
        AND (f.oid IN (SELECT oid FROM writers)
             OR EXISTS (SELECT 1 FROM writers w WHERE f.prosrc ~ ('\\m' || w.proname || '\\M')))`,
    [table],
  );
  return new Set(rows.map((r) => r.table));
}

/** Tables read by cached answers that nothing invalidates. */
function uncovered(read: Set<string>, notifying: Set<string>): string[] {
  return [...read]
    .filter((t) => t.startsWith('public.'))
    .filter((t) => !notifying.has(t) && !(t.slice('public.'.length) in NOT_NOTIFYING))
    .sort();
}

/** The public catalog queries the client sends (its generated documents), each with sample variables. */
async function publicClientOperations(): Promise<Array<{ name: string; query: string; variables: object[] }>> {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.generated.ts')) files.push(full);
    }
  };
  walk(repoPath('client', 'src'));
  const found: Array<{ name: string; query: string; variables: object[] }> = [];
  for (const file of files) {
    const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      const doc = value as DocumentNode;
      if (doc?.kind !== Kind.DOCUMENT) continue;
      const operation = doc.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
      if (!operation || !isPublicCatalogOperation(operation)) continue;
      found.push({ name: operation.name?.value ?? '?', query: print(doc), variables: sampleVariables(operation) });
    }
  }
  return found;
}

let productId = '';
/** Values for the variables public queries take, by name: each query runs with only what it requires, then with all. */
const SAMPLES: Record<string, () => unknown> = {
  id: () => productId,
  slug: () => 'halloween',
  previewToken: () => 'sin-permiso',
  category: () => 'collares',
  collection: () => 'halloween',
  query: () => 'colar cuero',
  filter: () => ({
    sizes: ['M'],
    pets: ['DOG'],
    inStock: true,
    minPrice: 1000,
    maxPrice: 500000,
    categories: ['collares', 'arneses'],
  }),
  sort: () => 'PRICE_ASC',
  first: () => 4,
};
const KNOWN_WITHOUT_SAMPLE = new Set(['after']);

function sampleVariables(operation: OperationDefinitionNode): object[] {
  const required: Record<string, unknown> = {};
  const all: Record<string, unknown> = {};
  for (const def of operation.variableDefinitions ?? []) {
    const name = def.variable.name.value;
    const sample = SAMPLES[name];
    const nonNull = (def.type as TypeNode).kind === Kind.NON_NULL_TYPE && !def.defaultValue;
    if (!sample) {
      if (KNOWN_WITHOUT_SAMPLE.has(name) && !nonNull) continue;
      throw new Error(`Falta un valor de ejemplo para $${name} de ${operation.name?.value} (SAMPLES en esta prueba)`);
    }
    all[name] = sample();
    if (nonNull) required[name] = all[name];
  }
  return [required, all];
}

let ds: DataSource;
let db: pg.Client;
let databaseUrl = '';
let server: http.Server;
let base = '';
let stopApp: () => Promise<void> = async () => {};

beforeAll(async () => {
  const clientDist = requireBuiltClient();
  databaseUrl = await createTestDatabase(inject('pgServerUrl'));
  db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  ds = await openDatabase({ url: databaseUrl });
  (ds as { logger: OrmLogger }).logger = new RecordingLogger();
  const env = parseEnv({
    NODE_ENV: 'test',
    PORT: '0',
    DATA_DIR: inject('mediaDir').replace(/\/media$/, ''),
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    SEED_ON_START: 'false',
    TEST_SHOP: 'true',
    CLIENT_DIST_DIR: clientDist,
    FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost'),
  });
  const log = createLogger(env);
  const cache = new RecordingCache();
  const services = createServices(env, ds, new LocalMediaStore(inject('mediaDir')), log, cache);
  const app = await createHttpApp({ services, log, catalogCache: cache });
  await app.warmUp();
  stopApp = app.stop;
  // No background jobs run here (no job runner): only what a request asked for is recorded.
  server = http.createServer((req, res) =>
    req.headers['x-cached-read'] === '1' ? cachedWork.run(true, () => app.handler(req, res)) : app.handler(req, res),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  services.env.publicUrl = base;
});

afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await stopApp();
  await ds?.destroy();
  await db?.end();
});

async function page(url: string): Promise<number> {
  const res = await fetch(`${base}${url}`, {
    headers: { accept: 'text/html', 'x-cached-read': '1' },
    redirect: 'manual',
  });
  await res.text();
  return res.status;
}

async function gql(query: string, variables: object, cached: boolean) {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cached ? { 'x-cached-read': '1' } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as { data?: Record<string, unknown>; errors?: Array<{ message: string }> };
}

describe('catalog cache invalidation covers what the storefront reads', () => {
  it('every table a cached page, public query or kept setting reads has a NOTIFY trigger', async () => {
    const { rows: products } = await db.query<{
      id: number;
      slug: string;
      category_slug: string;
      collections: string[];
    }>(
      `SELECT DISTINCT ON (category_slug) id, slug, category_slug, collections FROM product WHERE active ORDER BY category_slug, id`,
    );
    productId = String(products[0]!.id);
    const halloween = await db.query<{ id: number; slug: string }>(
      `SELECT id, slug FROM product WHERE active AND 'halloween' = ANY (collections) LIMIT 1`,
    );

    // Every public page the server renders, listings with their filters, products (and a stale slug), search.
    const urls = [
      ...Object.values(PAGE_PATHS).filter((p) => !PRIVATE_PREFIXES.some((prefix) => p.startsWith(prefix))),
      ...LISTING_PAGES.flatMap((l) => [
        l.path,
        `${l.path}?talla=M&mascota=perro&precio=1000-500000&disponible=1&orden=menor-precio`,
        `${l.path}?orden=nuevos`,
      ]),
      ...LISTING_PAGES.filter((l) => l.collection).map((l) => `${l.path}?${CAMPAIGN_PREVIEW_PARAM}=sin-permiso`),
      ...products.map((p) => productPath({ ...p, categorySlug: p.category_slug })),
      ...halloween.rows.map((p) => productPath({ ...p, categorySlug: 'bandanas', collections: ['halloween'] })),
      ...products.map((p) => productPath({ ...p, slug: 'nombre-viejo', categorySlug: p.category_slug })),
      `${SEARCH_PATH}?q=arnes`,
      `${SEARCH_PATH}?q=colar+cuero`,
      `${SEARCH_PATH}?q=pechera&talla=M&disponible=1&categoria=pecheras&orden=mayor-precio`,
      `${SEARCH_PATH}?q=zzqqxxww`,
      SEARCH_PATH,
      '/esta-pagina-no-existe',
    ];
    const statuses = new Map<string, number>();
    for (const url of urls) statuses.set(url, await page(url));
    expect(statuses.get('/')).toBe(200);
    expect([...statuses.values()].filter((s) => s === 200).length).toBeGreaterThan(20);

    // The public catalog queries the browser sends (cacheable GETs), with the least and the most they take.
    const operations = await publicClientOperations();
    expect(operations.map((o) => o.name)).toEqual(
      expect.arrayContaining(['CategoryListing', 'SearchResults', 'SearchSuggestions', 'ProductDetail']),
    );
    for (const op of operations) {
      for (const variables of op.variables) {
        const result = await gql(op.query, variables, true);
        expect(result.errors, `${op.name} ${JSON.stringify(variables)}`).toBeUndefined();
      }
    }

    // A quote (never cached itself) keeps the shipping terms and the contraentrega settings it read.
    const { rows: size } = await db.query<{ id: number }>(`SELECT id FROM product_size WHERE product_id = $1 LIMIT 1`, [
      Number(productId),
    ]);
    // The quote the cart sends, so the settings it reads are the ones the app's quote reads.
    const quote = await postGraphql(base, CartQuoteDocument, {
      input: {
        lines: [{ productId, sizeId: String(size[0]!.id), quantity: 1 }],
        destination: { departmentCode: '05', municipalityCode: '05001' },
        paymentMethod: 'CASH_ON_DELIVERY',
      },
    });
    expect(quote.errors).toBeUndefined();

    const read = new Set<string>();
    for (const s of statements) {
      if (!/^\s*(?:SELECT|WITH)\b/i.test(s.sql)) continue;
      for (const table of await tablesRead(db, s)) read.add(table);
    }
    // The recording saw the catalogue (so an empty difference below means something).
    expect([...read]).toEqual(
      expect.arrayContaining(['public.product', 'public.product_size', 'public.category', 'public.shipping_rate']),
    );

    const notifying = await notifyingTables(db);
    expect(uncovered(read, notifying), 'Tablas que lee una respuesta guardada en caché y que no envían NOTIFY').toEqual(
      [],
    );
    // Every exception is still read (a stale one hides nothing and should go), and a derived table is written by
    // triggers of the notifying tables it is derived from.
    for (const [table, { derivedFrom = [] }] of Object.entries(NOT_NOTIFYING)) {
      expect(read).toContain(`public.${table}`);
      const writtenBy = await tablesWhoseTriggersWrite(db, table);
      for (const source of derivedFrom) {
        expect(writtenBy, `${table} se deriva de ${source}`).toContain(source);
        expect(notifying).toContain(`public.${source}`);
      }
    }
  });

  it('reports a table whose trigger is dropped (the check can fail)', async () => {
    await db.query('BEGIN');
    try {
      await db.query(`DROP TRIGGER shipping_rate_catalog_change ON shipping_rate`);
      const notifying = await notifyingTables(db);
      expect(uncovered(new Set(['public.product', 'public.shipping_rate']), notifying)).toEqual([
        'public.shipping_rate',
      ]);
      // A row-level trigger does not count: TRUNCATE fires only statement triggers (and per row, a bulk change
      // would queue a notification per row).
      await db.query(
        `CREATE TRIGGER shipping_rate_catalog_change AFTER INSERT OR UPDATE OR DELETE ON shipping_rate FOR EACH ROW EXECUTE FUNCTION ${CATALOG_TRIGGER_FUNCTION}()`,
      );
      expect((await notifyingTables(db)).has('public.shipping_rate')).toBe(false);
    } finally {
      await db.query('ROLLBACK');
    }
    expect((await notifyingTables(db)).has('public.shipping_rate')).toBe(true);
  });

  it('notifies a size update only when the storefront would show it: below the cap per line, or another column', async () => {
    const listener = new pg.Client({ connectionString: databaseUrl });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (n) => heard.push(n.payload ?? ''));
    await listener.query(`LISTEN ${CATALOG_CHANNEL}`);
    const { rows } = await db.query<{ id: number; stock: number; label: string }>(
      `SELECT id, stock, label FROM product_size ORDER BY id LIMIT 1`,
    );
    const size = rows[0]!;
    /** Whether one statement notified: a marker sent after it arrives after anything it caused. */
    const notifies = async (statement: string, params: unknown[] = []) => {
      heard.length = 0;
      await db.query(statement, [size.id, ...params]);
      await db.query(`SELECT pg_notify($1, 'marcador')`, [CATALOG_CHANNEL]);
      for (let i = 0; i < 100 && !heard.includes('marcador'); i++) await new Promise((r) => setTimeout(r, 20));
      expect(heard).toContain('marcador');
      return heard.includes('product_size');
    };
    const cap = MAX_LINE_QUANTITY;
    try {
      expect(await notifies(`UPDATE product_size SET stock = $2 WHERE id = $1`, [cap + 50])).toBe(true);
      // An order and its payment above the cap: nothing a shopper sees changes.
      expect(await notifies(`UPDATE product_size SET stock = stock - 1, reserved = reserved + 1 WHERE id = $1`)).toBe(
        false,
      );
      expect(await notifies(`UPDATE product_size SET reserved = reserved - 1 WHERE id = $1`)).toBe(false);
      expect(await notifies(`UPDATE product_size SET stock = $2 WHERE id = $1`, [cap])).toBe(false);
      // Below the cap every unit shows (the most one line takes, the last units, sold out).
      expect(await notifies(`UPDATE product_size SET stock = $2 WHERE id = $1`, [cap - 1])).toBe(true);
      expect(await notifies(`UPDATE product_size SET stock = 0 WHERE id = $1`)).toBe(true);
      expect(await notifies(`UPDATE product_size SET stock = stock WHERE id = $1`)).toBe(false);
      expect(await notifies(`UPDATE product_size SET label = $2 WHERE id = $1`, ['ZZ'])).toBe(true);
      // A statement touching no row changes nothing.
      expect(await notifies(`UPDATE product_size SET stock = 1 WHERE id = $1 AND false`)).toBe(false);
    } finally {
      await db.query(`UPDATE product_size SET stock = $2, label = $3 WHERE id = $1`, [size.id, size.stock, size.label]);
      await listener.end();
    }
    // The public stock reads the cap at most, so an unseen change above it cannot leave a stale figure cached.
    await db.query(`UPDATE product_size SET stock = $2 WHERE id = $1`, [size.id, cap + 50]);
    try {
      const { rows: product } = await db.query<{ product_id: number }>(
        `SELECT product_id FROM product_size WHERE id = $1`,
        [size.id],
      );
      const detail = await postGraphql(
        base,
        graphql(`
          query SizeStockCap($id: ID!) {
            product(id: $id) {
              sizes {
                id
                stock
              }
            }
          }
        `),
        { id: String(product[0]!.product_id) },
      );
      const sizes = detail.data!.product!.sizes;
      expect(sizes.find((s) => s.id === String(size.id))?.stock).toBe(cap);
    } finally {
      await db.query(`UPDATE product_size SET stock = $2 WHERE id = $1`, [size.id, size.stock]);
    }
  });
});
