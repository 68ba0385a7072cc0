import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { parse } from 'csv-parse/sync';
import sharp from 'sharp';
import { startTestShop, type TestShop } from '../setup/test-shop.js';
import { legacyStaffHeaders } from '../setup/staff-tokens.js';
import { readCatalogSheet } from '../../server/src/modules/catalog/catalog-sheet-read.js';
import { graphql } from '../gql/index.js';
import { expectTypename } from '../setup/graphql-post.js';
import type { ApplyCatalogImportInput, CatalogImportInput } from '../../client/src/gql/types.js';
import {
  ApplyCatalogImportDocument,
  PreviewCatalogImportDocument,
} from '../../client/src/features/staff-channels/staff-channels.generated.js';

let shop: TestShop;
let auth: Record<string, string>;
let pictures: http.Server;
let pictureUrl: string;

beforeAll(async () => {
  shop = await startTestShop({ IMPORT_PRIVATE_URLS: 'true' });
  auth = await legacyStaffHeaders(inject('authEmulatorHost'), 'catalog-import@enzo.test');
  const png = await sharp({ create: { width: 900, height: 700, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer();
  // A photo server of its own (127.0.0.1), as a supplier's website would be.
  pictures = http.createServer((req, res) => {
    if (req.url === '/collar.png') res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    else if (req.url === '/texto.png') res.writeHead(200, { 'content-type': 'image/png' }).end('no soy una imagen');
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => pictures.listen(0, '127.0.0.1', resolve));
  pictureUrl = `http://127.0.0.1:${(pictures.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await shop?.close();
  await new Promise((r) => pictures?.close(r));
});

// The import screen's own mutations: what it sends is what is tested.
const PREVIEW = PreviewCatalogImportDocument;
const APPLY = ApplyCatalogImportDocument;
const PUBLIC_PRODUCT = graphql(`
  query ImportedProduct($id: ID!) {
    product(id: $id) {
      name
      price
      sizes {
        label
        stock
      }
    }
  }
`);

async function exportCatalog(format: 'csv' | 'xlsx', headers = auth) {
  return fetch(`${shop.url}/api/staff/catalog.${format}`, { headers });
}

/** A file to send; with `{ token }` it is also what staffApplyCatalogImport takes. */
const file = <E extends Partial<ApplyCatalogImportInput> = Record<never, never>>(
  name: string,
  data: Buffer | string,
  extra?: E,
) => ({ fileName: name, dataBase64: Buffer.from(data).toString('base64'), ...(extra as E) });

async function preview(input: CatalogImportInput) {
  const res = await shop.gql(PREVIEW, { input }, auth);
  expect(res.errors).toBeUndefined();
  const answer = res.data!.staffPreviewCatalogImport;
  expectTypename(answer, 'CatalogImportPreview');
  return answer;
}

async function apply(input: ApplyCatalogImportInput) {
  const res = await shop.gql(APPLY, { input }, auth);
  expect(res.errors).toBeUndefined();
  return res.data!.staffApplyCatalogImport;
}

type Sheet = string[][];
const readCsv = (text: string): Sheet => parse(text.replace(/^\uFEFF/, ''), { delimiter: ';' }) as Sheet;
const writeCsv = (rows: Sheet) =>
  '\uFEFF' +
  rows.map((r) => r.map((c) => (/[;"\n\r]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(';')).join('\r\n') +
  '\r\n';

async function publicProduct(id: string) {
  const res = await shop.gql(PUBLIC_PRODUCT, { id });
  return res.data!.product;
}

describe('catalogue export and import', () => {
  let sheet: Sheet;
  let col: (name: string) => number;
  let edited: string;

  it('exports the whole catalogue as CSV for Excel es-CO (BOM, `;`) only to staff with the permission', async () => {
    expect((await exportCatalog('csv', {})).status).toBe(401);
    const res = await exportCatalog('csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/catalogo-enzo-\d{4}-\d{2}-\d{2}\.csv/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    sheet = readCsv(bytes.toString('utf8'));
    const header = sheet[0]!;
    expect(header).toEqual([
      'ID',
      'Slug',
      'Nombre',
      'Categoría',
      'Mascota',
      'Descripción',
      'Precio',
      'Colecciones',
      'Estado',
      'Talla',
      'SKU',
      'Inventario',
      'Inventario al exportar',
      'Imágenes',
    ]);
    col = (name) => header.indexOf(name);
    const [{ n }] = await shop.ds.query(`SELECT count(*)::int AS n FROM product_size`);
    expect(sheet.length - 1).toBe(n);
    const first = sheet[1]!;
    expect(first[col('SKU')]).toMatch(/^ENZ-\d+-/);
    expect(first[col('Imágenes')]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\//);
  });

  it('the same file back changes nothing', async () => {
    const p = await preview(file('catalogo.csv', writeCsv(sheet)));
    expect(p).toMatchObject({ format: 'CSV', creates: [], updates: [], archives: [], problems: [], canApply: true });
    expect(p.unchanged).toBeGreaterThan(40);
  });

  it('previews exactly the edits (a price, a new product with two sizes, a stock change) and the bad row with its line and reason', async () => {
    const rows = sheet.map((r) => [...r]);
    const priceRow = rows[1]!;
    const productA = priceRow[col('ID')]!;
    for (const r of rows) if (r[col('ID')] === productA) r[col('Precio')] = '$ 91.500';
    const stockRow = rows.find((r) => r[col('ID')] !== productA && r !== rows[0])!;
    const newStock = String(Number(stockRow[col('Inventario')]) + 7);
    stockRow[col('Inventario')] = newStock;
    const blank = () => rows[0]!.map(() => '');
    const newRow = (size: string, stock: string) => {
      const r = blank();
      r[col('Nombre')] = 'Collar Rojo Importado';
      r[col('Categoría')] = 'Collares';
      r[col('Mascota')] = 'Perro';
      r[col('Descripción')] = 'Collar rojo de lona con hebilla metálica, traído desde la hoja de cálculo.';
      r[col('Precio')] = '64.000';
      r[col('Talla')] = size;
      r[col('Inventario')] = stock;
      r[col('Imágenes')] = `${pictureUrl}/collar.png`;
      return r;
    };
    rows.push(newRow('S', '4'), newRow('M', '6'));
    const bad = blank();
    bad[col('Nombre')] = 'Correa Fantasma';
    bad[col('Categoría')] = 'Juguetes';
    bad[col('Descripción')] = 'Una correa que no debería entrar porque su categoría no existe.';
    bad[col('Precio')] = '30000';
    bad[col('Talla')] = 'Única';
    bad[col('Inventario')] = '-2';
    rows.push(bad);
    const badLine = rows.length;
    edited = writeCsv(rows);

    const p = await preview(file('catalogo.csv', edited));
    expect(p.canApply).toBe(false);
    expect(p.creates).toEqual([
      expect.objectContaining({
        productId: null,
        slug: 'collar-rojo-importado',
        name: 'Collar Rojo Importado',
        sizes: 2,
      }),
    ]);
    expect(p.updates).toHaveLength(2);
    const priceUpdate = p.updates.find((u) => u.productId === productA)!;
    expect(priceUpdate.changes).toEqual([{ field: 'Precio', before: expect.stringMatching(/^\$/), after: '$ 91.500' }]);
    const stockUpdate = p.updates.find((u) => u.productId === stockRow[col('ID')])!;
    expect(stockUpdate.changes).toEqual([
      {
        field: `Talla ${stockRow[col('Talla')]}: inventario`,
        before: stockRow[col('Inventario al exportar')],
        after: newStock,
      },
    ]);
    expect(p.problems).toEqual(
      expect.arrayContaining([
        { line: badLine, column: 'Categoría', message: expect.stringMatching(/^Categoría desconocida: «Juguetes»/) },
        { line: badLine, column: 'Inventario', message: 'El inventario no puede ser negativo.' },
      ]),
    );
    expect(p.skipped).toEqual([{ name: 'Correa Fantasma', line: badLine }]);

    // Nothing is applied while a row has a problem…
    const refused = await apply(file('catalogo.csv', edited, { token: p.token }));
    expect(refused).toMatchObject({ __typename: 'CatalogImportRefused' });
    expect((await publicProduct(productA))!.price).not.toBe(91_500);
  });

  it('applies the fixed file in one go; the storefront shows it at once; the same file again changes nothing', async () => {
    edited = edited.replace('Juguetes', 'correas').replace(';-2;', ';2;');
    const p = await preview(file('catalogo.csv', edited));
    expect(p.problems).toEqual([]);
    expect(p.creates.map((c) => c.name).sort()).toEqual(['Collar Rojo Importado', 'Correa Fantasma']);
    const applied = await apply(file('catalogo.csv', edited, { token: p.token }));
    expect(applied).toEqual({
      __typename: 'CatalogImportApplied',
      created: 2,
      updated: 2,
      archived: 0,
      stockChanges: 1,
      unchanged: p.unchanged,
      skipped: 0,
    });
    const productA = sheet[1]![col('ID')]!;
    expect((await publicProduct(productA))!.price).toBe(91_500);
    const [created] = await shop.ds.query(
      `SELECT p.id, array_agg(s.sku ORDER BY s.position) AS skus, (SELECT count(*)::int FROM product_image i WHERE i.product_id = p.id) AS images,
              (SELECT variants IS NOT NULL FROM product_image i WHERE i.product_id = p.id LIMIT 1) AS resized
         FROM product p JOIN product_size s ON s.product_id = p.id WHERE p.slug = 'collar-rojo-importado' GROUP BY p.id`,
    );
    expect(created).toMatchObject({ images: 1, resized: true });
    expect(created.skus).toEqual([`ENZ-${created.id}-S`, `ENZ-${created.id}-M`]);
    expect(await publicProduct(String(created.id))).toMatchObject({
      name: 'Collar Rojo Importado',
      price: 64_000,
      sizes: [
        { label: 'S', stock: 4 },
        { label: 'M', stock: 6 },
      ],
    });

    const again = await preview(file('catalogo.csv', edited));
    expect(again).toMatchObject({ creates: [], updates: [], problems: [] });
    expect(await apply(file('catalogo.csv', edited, { token: again.token }))).toMatchObject({
      created: 0,
      updated: 0,
      stockChanges: 0,
    });
    const [{ images }] = await shop.ds.query(
      `SELECT count(*)::int AS images FROM product_image i JOIN product p ON p.id = i.product_id WHERE p.slug = 'collar-rojo-importado'`,
    );
    expect(images).toBe(1);
  });

  it('applies a stock change as a delta against what the preview saw, and refuses one that sales pushed below zero', async () => {
    const text = await (await exportCatalog('csv')).text();
    const rows = readCsv(text);
    const row = rows.find((r) => r[col('Nombre')] === 'Collar Rojo Importado' && r[col('Talla')] === 'M')!;
    row[col('Inventario')] = '10';
    const p = await preview(file('stock.csv', writeCsv(rows)));
    expect(p.updates).toHaveLength(1);
    // Two units sold between the preview and the apply.
    await shop.ds.query(`UPDATE product_size SET stock = stock - 2 WHERE sku = $1`, [row[col('SKU')]]);
    expect(await apply(file('stock.csv', writeCsv(rows), { token: p.token }))).toMatchObject({ stockChanges: 1 });
    const [{ stock }] = await shop.ds.query(`SELECT stock FROM product_size WHERE sku = $1`, [row[col('SKU')]]);
    expect(stock).toBe(8);

    row[col('Inventario al exportar')] = '8';
    row[col('Inventario')] = '1';
    const drop = await preview(file('stock.csv', writeCsv(rows)));
    await shop.ds.query(`UPDATE product_size SET stock = 0 WHERE sku = $1`, [row[col('SKU')]]);
    const refused = await apply(file('stock.csv', writeCsv(rows), { token: drop.token }));
    expect(refused).toMatchObject({
      __typename: 'CatalogImportRefused',
      problems: [{ column: 'Inventario', message: expect.stringMatching(/bajó de 8 a 0 desde la vista previa/) }],
    });
  });

  it('refuses to apply when the catalogue changed since the preview, and a file that is not the previewed one', async () => {
    const rows = readCsv(await (await exportCatalog('csv')).text());
    const id = rows[1]![col('ID')];
    for (const r of rows) if (r[col('ID')] === id) r[col('Nombre')] = `${r[col('Nombre')]} Edición Especial`;
    const p = await preview(file('nombre.csv', writeCsv(rows)));
    expect(p.updates).toHaveLength(1);
    await shop.ds.query(`UPDATE product SET price = price + 1000 WHERE id = $1`, [Number(rows[1]![col('ID')])]);
    expect(await apply(file('nombre.csv', writeCsv(rows), { token: p.token }))).toMatchObject({
      __typename: 'CatalogImportRefused',
      message: expect.stringMatching(/cambiaron desde la vista previa/),
    });
    expect(await apply(file('otro.csv', `${writeCsv(rows)}\r\n`, { token: p.token }))).toMatchObject({
      __typename: 'CatalogImportRefused',
      message: expect.stringMatching(/no es el de la vista previa/),
    });
  });

  it('reads what Excel and people write: `,` separators without BOM, Colombian numbers, apostrophes; refuses formulas and pictures that are not images', async () => {
    const [p0] = await shop.ds.query(
      `SELECT p.id, s.sku, s.label FROM product p JOIN product_size s ON s.product_id = p.id ORDER BY p.id, s.position LIMIT 1`,
    );
    const csv = [
      'SKU,Precio,Inventario,Notas internas',
      `'${p0.sku},"$ 77.000",3,revisar`,
      `${p0.sku.toLowerCase()},=A1*2,3,`,
      'NUEVO-1,"85,000",1,',
    ].join('\n');
    const p = await preview(file('a-mano.csv', csv));
    expect(p.ignoredColumns).toEqual(['Notas internas']);
    expect(p.problems).toEqual(
      expect.arrayContaining([
        { line: 3, column: 'Precio', message: expect.stringMatching(/fórmula/) },
        { line: 4, column: 'Precio', message: expect.stringMatching(/ambiguo/) },
      ]),
    );
    const withPicture = `Nombre;Categoría;Descripción;Precio;Talla;Inventario;Imágenes\nBandana Sin Foto;bandanas;Bandana de algodón con estampado de huellas para perros.;40000;Única;3;${pictureUrl}/texto.png\n`;
    const q = await preview(file('foto.csv', withPicture));
    expect(q.problems).toEqual([
      {
        line: 2,
        column: 'Imágenes',
        message: expect.stringMatching(/no se pudo usar: no es una imagen PNG, JPEG o WebP/),
      },
    ]);
  });

  it('round-trips through .xlsx: exported, read back with no change', async () => {
    const res = await exportCatalog('xlsx');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/spreadsheetml/);
    const data = Buffer.from(await res.arrayBuffer());
    const p = await preview({ fileName: 'catalogo.xlsx', dataBase64: data.toString('base64') });
    expect(p).toMatchObject({ format: 'XLSX', creates: [], updates: [], problems: [] });
  });

  it('archives the products a file leaves out only when asked', async () => {
    const rows = readCsv(await (await exportCatalog('csv')).text());
    const kept = rows.filter((r, i) => i === 0 || r[col('Nombre')] === 'Collar Rojo Importado');
    const p = await preview(file('solo-uno.csv', writeCsv(kept)));
    expect(p.archives).toEqual([]);
    const q = await preview(file('solo-uno.csv', writeCsv(kept), { archiveMissing: true }));
    expect(q.archives.length).toBeGreaterThan(40);
  });

  it('a refused apply leaves none of the pictures it stored behind', async () => {
    const [size] = await shop.ds.query(
      `SELECT s.sku, s.stock FROM product_size s WHERE s.stock >= 3 ORDER BY s.id LIMIT 1`,
    );
    const csv = [
      'Nombre;Categoría;Descripción;Precio;Talla;SKU;Inventario;Imágenes',
      `Collar Azul Huérfano;collares;Collar azul de lona cuya foto no debe quedar guardada.;52000;M;;3;${pictureUrl}/collar.png`,
      `;;;;;${size.sku};${size.stock - 2};`,
    ].join('\n');
    const p = await preview(file('huerfano.csv', csv));
    expect(p.creates).toEqual([expect.objectContaining({ slug: 'collar-azul-huerfano' })]);
    expect(p.updates).toHaveLength(1);
    // Sales empty that size between preview and apply: the apply fetches and stores the picture, then rolls back.
    await shop.ds.query(`UPDATE product_size SET stock = 0 WHERE sku = $1`, [size.sku]);
    expect(await apply(file('huerfano.csv', csv, { token: p.token }))).toMatchObject({
      __typename: 'CatalogImportRefused',
      message: 'El inventario cambió desde la vista previa.',
    });
    const [{ n }] = await shop.ds.query(`SELECT count(*)::int AS n FROM product WHERE slug = 'collar-azul-huerfano'`);
    expect(n).toBe(0);
    const stored = fs
      .readdirSync(path.join(inject('mediaDir'), 'products'))
      .filter((f) => f.startsWith('collar-azul-huerfano-'));
    expect(stored).toEqual([]);
  });

  it('locks only the products it changes: a product held by another writer does not hold the import up', async () => {
    const rows = readCsv(await (await exportCatalog('csv')).text());
    const ids = [...new Set(rows.slice(1).map((r) => r[col('ID')]!))];
    const [changed, held] = [ids[2]!, ids[3]!];
    for (const r of rows) if (r[col('ID')] === changed) r[col('Precio')] = '77.700';
    const csv = writeCsv(rows);
    const p = await preview(file('bloqueo.csv', csv));
    expect(p.updates.map((u) => u.productId)).toEqual([changed]);
    // Another writer (the product editor, a checkout) holds a product the file does not change, and its sizes.
    const other = new pg.Client({ connectionString: shop.databaseUrl });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query(`SELECT id FROM product WHERE id = $1 FOR UPDATE`, [Number(held)]);
      await other.query(`SELECT id FROM product_size WHERE product_id = $1 FOR UPDATE`, [Number(held)]);
      let timer: NodeJS.Timeout | undefined;
      const blocked = new Promise((resolve) => (timer = setTimeout(() => resolve('bloqueada'), 45_000)));
      const outcome = await Promise.race([apply(file('bloqueo.csv', csv, { token: p.token })), blocked]);
      clearTimeout(timer);
      expect(outcome).toMatchObject({ __typename: 'CatalogImportApplied', updated: 1 });
    } finally {
      await other.query('ROLLBACK');
      await other.end();
    }
    expect((await publicProduct(changed))!.price).toBe(77_700);
  });
});

/** `npm run catalog:export -- FILE` and `npm run catalog:import -- FILE` as staff run them, against this shop's database. */
function catalogSheet(args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/catalog-sheet.ts', ...args], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        DATABASE_URL: (shop.ds.options as { url: string }).url,
        DATA_DIR: shop.services.env.dataDir,
        TEST_SHOP: 'true',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.once('exit', (code) => resolve({ code, out }));
  });
}

describe('the catalogue commands', () => {
  it('export a whole .xlsx and .csv that read back as the catalogue, and a preview of either changes nothing', async () => {
    const dir = fs.mkdtempSync(path.join(shop.services.env.dataDir, 'hoja-'));
    const [{ count }] = (await shop.ds.query(`SELECT count(*)::int AS count FROM product_size`)) as Array<{
      count: number;
    }>;
    for (const name of ['catalogo.xlsx', 'catalogo.csv']) {
      const file = path.join(dir, name);
      const exported = await catalogSheet(['export', file]);
      expect(exported, exported.out).toMatchObject({ code: 0 });
      expect(exported.out).toContain(`Catálogo exportado en ${file}.`);
      const sheet = await readCatalogSheet(name, fs.readFileSync(file));
      expect('rows' in sheet && sheet.rows.length).toBe(count);
      const preview = await catalogSheet(['import', file]);
      expect(preview, preview.out).toMatchObject({ code: 0 });
      expect(preview.out).toMatch(/Sin cambios: \d+\./);
      expect(preview.out).not.toMatch(/Productos (?:nuevos|que cambian|que se archivan)/);
    }
  }, 120_000);
});
