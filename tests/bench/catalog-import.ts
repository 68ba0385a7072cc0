import { parse } from 'csv-parse/sync';
import pg from 'pg';
import { TARGETS } from './bench-config.js';
import { sql } from './bench-database.js';

/** One timed step of the import through the shop (GraphQL, as the dashboard sends it) or of the baseline. */
export interface ImportStep {
  step: string;
  ms: number;
  /** What the step reported (products created, updated, unchanged…). */
  note: string;
}

export interface CatalogImportResult {
  products: number;
  sizesPerProduct: number;
  /** The shop's catalogue when the file was imported (the plan reads all of it). */
  catalogProducts: number;
  fileBytes: number;
  steps: ImportStep[];
  baseline: ImportStep[];
  export: { ms: number; bytes: number; rows: number } | null;
  /** Creating 1,000 products: preview < 10 s and apply < 60 s; the same for the file that updates them. */
  meets: { createPreview: boolean; createApply: boolean; updatePreview: boolean; updateApply: boolean };
}

const SIZES = ['XS', 'S', 'M', 'L', 'XL'] as const;
const HEADER = [
  'ID',
  'Slug',
  'Nombre',
  'Categoría',
  'Mascota',
  'Descripción',
  'Precio',
  'Estado',
  'Talla',
  'Inventario',
];

const csvCell = (c: string) => (/[;"\n\r]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c);
/** The file as Excel es-CO saves it: BOM, `;`, CRLF. */
const toCsv = (rows: string[][]) => `\uFEFF${rows.map((r) => r.map(csvCell).join(';')).join('\r\n')}\r\n`;

/** The name of every product the section imports, before its number. */
const IMPORTED_NAME = 'Accesorio Importado ';

/** 1,000 new products × 5 sizes, as staff would type them: no ID, no slug (taken from the name), no SKU. */
function newProductsFile(products: number, categories: string[]): string {
  const rows = [HEADER];
  for (let i = 1; i <= products; i++) {
    const category = categories[i % categories.length]!;
    for (const [k, size] of SIZES.entries())
      rows.push([
        '',
        '',
        `${IMPORTED_NAME}${i}`,
        category,
        i % 3 === 0 ? 'Gato' : 'Perro',
        `Accesorio número ${i} de la hoja de cálculo: reata resistente, costuras dobles y herrajes de acero.`,
        String(20_000 + (i % 50) * 1_000),
        'Publicado',
        size,
        String(5 + ((i + k) % 20)),
      ]);
  }
  return toCsv(rows);
}

interface Gql<T> {
  data?: T;
  errors?: Array<{ message: string }>;
}

async function staffGql<T>(shopUrl: string, token: string, query: string, variables: object): Promise<T> {
  const res = await fetch(`${shopUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as Gql<T>;
  if (!body.data || body.errors?.length) throw new Error(body.errors?.[0]?.message ?? `HTTP ${res.status}`);
  return body.data;
}

const PREVIEW = `mutation BenchImportPreview($input: CatalogImportInput!) { staffPreviewCatalogImport(input: $input) {
  __typename
  ... on CatalogImportPreview { rows unchanged canApply token creates { slug } updates { slug } problems { line message } }
  ... on CatalogImportRefused { message } } }`;
const APPLY = `mutation BenchImportApply($input: ApplyCatalogImportInput!) { staffApplyCatalogImport(input: $input) {
  __typename
  ... on CatalogImportApplied { created updated archived stockChanges unchanged skipped }
  ... on CatalogImportRefused { message problems { line message } } } }`;

interface PreviewOut {
  __typename: string;
  rows?: number;
  unchanged?: number;
  canApply?: boolean;
  token?: string;
  creates?: unknown[];
  updates?: unknown[];
  problems?: Array<{ line: number; message: string }>;
  message?: string;
}

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await fn();
  return { ms: performance.now() - started, value };
}

/** Preview then apply one file through the shop, as the dashboard does; both timed. */
async function previewAndApply(shopUrl: string, token: string, name: string, csv: string, steps: ImportStep[]) {
  const input = { fileName: name, dataBase64: Buffer.from(csv).toString('base64') };
  const preview = await timed(() =>
    staffGql<{ staffPreviewCatalogImport: PreviewOut }>(shopUrl, token, PREVIEW, { input }),
  );
  const p = preview.value.staffPreviewCatalogImport;
  if (p.__typename !== 'CatalogImportPreview' || !p.canApply)
    throw new Error(`vista previa de ${name}: ${p.message ?? JSON.stringify(p.problems?.slice(0, 3))}`);
  steps.push({
    step: `${name}: vista previa`,
    ms: preview.ms,
    note: `${p.creates!.length} nuevos, ${p.updates!.length} con cambios, ${p.unchanged} sin cambios`,
  });
  const apply = await timed(() =>
    staffGql<{ staffApplyCatalogImport: Record<string, unknown> }>(shopUrl, token, APPLY, {
      input: { ...input, token: p.token },
    }),
  );
  const a = apply.value.staffApplyCatalogImport;
  if (a.__typename !== 'CatalogImportApplied') throw new Error(`aplicar ${name}: ${JSON.stringify(a)}`);
  steps.push({
    step: `${name}: aplicar`,
    ms: apply.ms,
    note: `${a.created} creados, ${a.updated} actualizados, ${a.stockChanges} cambios de inventario, ${a.unchanged} sin cambios`,
  });
  return { preview: preview.ms, apply: apply.ms };
}

/**
 * Baseline: the same file parsed with csv-parse and written with plain multi-row statements over pg, in one
 * transaction: what the import costs at the least, without its checks, plan, preview or locks.
 */
async function baselineCreate(dbUrl: string, csv: string, steps: ImportStep[]) {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const started = performance.now();
    const rows = parse(csv.replace(/^\uFEFF/, ''), { delimiter: ';', from_line: 2 }) as string[][];
    const products = new Map<string, string[]>();
    for (const r of rows) if (!products.has(r[2]!)) products.set(r[2]!, r);
    const list = [...products.values()];
    await client.query('BEGIN');
    const inserted = await client.query<{ id: number; name: string }>(
      `INSERT INTO product (slug, name, description, price, category_slug, pets, active)
       SELECT 'base-' || lower(replace(n, ' ', '-')), n, d, p, c, ARRAY[pet], true
         FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::text[]) AS t(n, d, p, c, pet)
       RETURNING id, name`,
      [
        list.map((r) => r[2]),
        list.map((r) => r[5]),
        list.map((r) => Number(r[6])),
        list.map((r) => r[3]),
        list.map((r) => (r[4] === 'Gato' ? 'CAT' : 'DOG')),
      ],
    );
    const idOf = new Map(inserted.rows.map((r) => [r.name, r.id]));
    await client.query(
      `INSERT INTO product_size (product_id, label, stock, position)
       SELECT * FROM unnest($1::int[], $2::text[], $3::int[], $4::int[])`,
      [
        rows.map((r) => idOf.get(r[2]!)),
        rows.map((r) => r[8]),
        rows.map((r) => Number(r[9])),
        rows.map((r) => SIZES.indexOf(r[8] as (typeof SIZES)[number])),
      ],
    );
    await client.query('COMMIT');
    steps.push({
      step: 'línea base: leer el CSV + INSERT de varias filas (pg)',
      ms: performance.now() - started,
      note: `${list.length} productos, ${rows.length} tallas`,
    });
  } finally {
    await client.query(`DELETE FROM product WHERE slug LIKE 'base-%'`).catch(() => undefined);
    await client.end();
  }
}

/** Baseline of the update file: parsed, then one UPDATE for prices and one for stock. */
async function baselineUpdate(dbUrl: string, csv: string, steps: ImportStep[]) {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const started = performance.now();
    const rows = parse(csv.replace(/^\uFEFF/, ''), { delimiter: ';', from_line: 2 }) as string[][];
    await client.query('BEGIN');
    await client.query(
      `UPDATE product p SET price = t.price FROM unnest($1::int[], $2::int[]) AS t(id, price) WHERE p.id = t.id`,
      [rows.map((r) => Number(r[0])), rows.map((r) => Number(r[6]))],
    );
    await client.query(
      `UPDATE product_size s SET stock = t.stock FROM unnest($1::int[], $2::text[], $3::int[]) AS t(product_id, label, stock)
        WHERE s.product_id = t.product_id AND s.label = t.label`,
      [rows.map((r) => Number(r[0])), rows.map((r) => r[8]), rows.map((r) => Number(r[9]))],
    );
    // The same values back: the shop's catalogue stays as the import left it.
    await client.query('ROLLBACK');
    steps.push({
      step: 'línea base: leer el CSV + 2 UPDATE de varias filas (pg)',
      ms: performance.now() - started,
      note: `${rows.length} filas`,
    });
  } finally {
    await client.end();
  }
}

/**
 * The catalogue import at the size the shop promises: a file of 1,000 new products × 5 sizes previewed and applied
 * through the shop's GraphQL API (base64 upload, as the dashboard sends it), the same file again (nothing to change),
 * then a file updating those 1,000 products (a new price each, one size's stock each); every figure beside a baseline
 * measured in the same run on the same database.
 */
export async function runCatalogImport(shopUrl: string, dbUrl: string, token: string): Promise<CatalogImportResult> {
  const products = 1_000;
  const categories = (await sql<{ slug: string }>(dbUrl, `SELECT slug FROM category ORDER BY position`)).map(
    (c) => c.slug,
  );
  const [{ n: catalogProducts }] = await sql<{ n: number }>(dbUrl, `SELECT count(*)::int AS n FROM product`);
  const created = newProductsFile(products, categories);
  const steps: ImportStep[] = [];
  const baseline: ImportStep[] = [];
  try {
    await baselineCreate(dbUrl, created, baseline);
    const create = await previewAndApply(shopUrl, token, 'crear 1.000', created, steps);
    const again = await timed(() =>
      staffGql<{ staffPreviewCatalogImport: PreviewOut }>(shopUrl, token, PREVIEW, {
        input: { fileName: 'otra vez', dataBase64: Buffer.from(created).toString('base64') },
      }),
    );
    const same = again.value.staffPreviewCatalogImport;
    steps.push({
      step: 'el mismo archivo otra vez: vista previa',
      ms: again.ms,
      note: `${same.creates?.length ?? '?'} nuevos, ${same.updates?.length ?? '?'} con cambios, ${same.unchanged} sin cambios`,
    });

    // The file staff would save after changing every price and one size's stock of those products.
    const rows = await sql<{
      id: number;
      slug: string;
      name: string;
      category_slug: string;
      description: string;
      price: number;
      label: string;
      stock: number;
      position: number;
    }>(
      dbUrl,
      `SELECT p.id, p.slug, p.name, p.category_slug, p.description, p.price, s.label, s.stock, s.position
         FROM product p JOIN product_size s ON s.product_id = p.id
        WHERE p.name LIKE '${IMPORTED_NAME}%' ORDER BY p.id, s.position`,
    );
    const updated = toCsv([
      HEADER,
      ...rows.map((r) => [
        String(r.id),
        r.slug,
        r.name,
        r.category_slug,
        '',
        r.description,
        String(r.price + 1_000),
        'Publicado',
        r.label,
        String(r.position === 2 ? r.stock + 3 : r.stock),
      ]),
    ]);
    await baselineUpdate(dbUrl, updated, baseline);
    const update = await previewAndApply(shopUrl, token, 'actualizar 1.000', updated, steps);

    const exported = await timed(async () => {
      const res = await fetch(`${shopUrl}/api/staff/catalog.csv`, { headers: { authorization: `Bearer ${token}` } });
      if (!res.ok) throw new Error(`exportar: HTTP ${res.status}`);
      return Buffer.from(await res.arrayBuffer());
    });
    const exportRows = exported.value.toString('utf8').split('\r\n').filter(Boolean).length - 1;

    return {
      products,
      sizesPerProduct: SIZES.length,
      catalogProducts,
      fileBytes: Buffer.byteLength(created),
      steps,
      baseline,
      export: { ms: exported.ms, bytes: exported.value.length, rows: exportRows },
      meets: {
        createPreview: create.preview < TARGETS.importPreviewMs,
        createApply: create.apply < TARGETS.importApplyMs,
        updatePreview: update.preview < TARGETS.importPreviewMs,
        updateApply: update.apply < TARGETS.importApplyMs,
      },
    };
  } finally {
    // The catalogue as the section found it. The search section that follows grows it to 100,000 by copying the
    // names of the products there (bench-database.ts): with these 1,000 among ~1,050 models, ~95 % of those products
    // would be called «Accesorio Importado …», and what it measured would depend on whether this section ran first.
    await sql(dbUrl, `DELETE FROM product WHERE name LIKE '${IMPORTED_NAME}%'`);
  }
}
