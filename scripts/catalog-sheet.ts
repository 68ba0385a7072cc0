// `npm run catalog:export -- FILE` and `npm run catalog:import -- FILE [--apply] [--skip-bad-rows] [--archive-missing]`:
// the catalogue as a spreadsheet (.csv or .xlsx, from the extension), against the same database as the shop
// (the embedded one, also while the shop runs, or DATABASE_URL).
import fs from 'node:fs';
import path from 'node:path';
import { EnvError, parseEnv } from '../server/src/config/env.js';
import { deploymentReasons } from '../server/src/config/deployment.js';
import { ensureDatabase, startEmbeddedPostgres } from '../server/src/db/embedded-postgres.js';
import { openDatabase } from '../server/src/db/data-source.js';
import { CatalogExportService, CatalogImportService } from '../server/src/modules/catalog/index.js';
import { LocalMediaStore, type MediaStore } from '../server/src/modules/media/index.js';

const USAGE = `Uso:
  npm run catalog:export -- catalogo.xlsx        (o .csv)
  npm run catalog:import -- catalogo.xlsx [--apply] [--skip-bad-rows] [--archive-missing]`;

async function main() {
  const [command, file, ...flags] = process.argv.slice(2);
  const known = ['--apply', '--skip-bad-rows', '--archive-missing'];
  if ((command !== 'export' && command !== 'import') || !file || flags.some((f) => !known.includes(f))) {
    console.error(USAGE);
    process.exit(2);
  }
  const env = parseEnv();
  const embedded = env.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres({ dir: path.join(env.dataDir, 'postgres'), port: env.EMBEDDED_PG_PORT });
  try {
    const ds = await openDatabase({ url: env.DATABASE_URL ?? (await ensureDatabase(embedded!.url, 'enzo')) });
    try {
      const publicUrl = () => env.publicUrl;
      if (command === 'export') {
        const format = /\.xlsx$/i.test(file) ? 'xlsx' : 'csv';
        const out = fs.createWriteStream(file);
        await new CatalogExportService(ds, publicUrl).write(format, out);
        console.log(`Catálogo exportado en ${file}.`);
        return 0;
      }
      let media: MediaStore = new LocalMediaStore(path.join(env.dataDir, 'media'));
      if (env.FIREBASE_STORAGE_BUCKET) {
        const { createFirebaseMediaStore } = await import('../server/src/modules/media/firebase-media-store.js');
        media = await createFirebaseMediaStore(env.FIREBASE_STORAGE_BUCKET, env.FIREBASE_PROJECT_ID);
      }
      const service = new CatalogImportService(ds, media, {
        publicUrl,
        allowPrivateImageUrls:
          deploymentReasons(env).length === 0 || (env.IMPORT_PRIVATE_URLS === true && !env.paymentsAreReal),
      });
      const input = {
        fileName: path.basename(file),
        data: fs.readFileSync(file),
        skipBadRows: flags.includes('--skip-bad-rows'),
        archiveMissing: flags.includes('--archive-missing'),
      };
      const preview = await service.preview(input);
      if (preview.__typename === 'CatalogImportRefused') {
        console.error(preview.message);
        return 1;
      }
      const show = (title: string, list: typeof preview.creates) => {
        if (list.length === 0) return;
        console.log(`\n${title} (${list.length}):`);
        for (const p of list) {
          console.log(`  ${p.line ? `línea ${p.line}: ` : ''}${p.final.name} (${p.final.slug})`);
          for (const c of p.changes) console.log(`    ${c.field}: ${c.before ?? '—'} → ${c.after ?? '—'}`);
        }
      };
      console.log(`${preview.fileName} (${preview.format}, ${preview.rows} filas)`);
      show('Productos nuevos', preview.creates);
      show('Productos que cambian', preview.updates);
      show('Productos que se archivan', preview.archives);
      console.log(`\nSin cambios: ${preview.unchanged}.`);
      if (preview.ignoredColumns.length) console.log(`Columnas ignoradas: ${preview.ignoredColumns.join(', ')}.`);
      if (preview.problems.length) {
        console.log(`\nProblemas (${preview.problems.length}):`);
        for (const p of preview.problems)
          console.log(`  línea ${p.line}${p.column ? ` («${p.column}»)` : ''}: ${p.message}`);
      }
      if (!flags.includes('--apply')) {
        console.log('\nVista previa: no se cambió nada. Agregue --apply para aplicar.');
        return preview.problems.length ? 1 : 0;
      }
      if (!preview.canApply) {
        console.error(
          '\nNo se aplicó nada: corrija los problemas o use --skip-bad-rows para dejar esos productos como están.',
        );
        return 1;
      }
      const applied = await service.apply(input, preview.token);
      if (applied.__typename === 'CatalogImportRefused') {
        console.error(`\nNo se aplicó nada: ${applied.message}`);
        for (const p of applied.problems) console.error(`  línea ${p.line}: ${p.message}`);
        return 1;
      }
      console.log(
        `\nAplicado: ${applied.created} nuevos, ${applied.updated} cambiados, ${applied.archived} archivados, ${applied.stockChanges} cambios de inventario, ${applied.unchanged} sin cambios, ${applied.skipped} omitidos.`,
      );
      return 0;
    } finally {
      await ds.destroy();
    }
  } finally {
    await embedded?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof EnvError ? err.message : err);
    process.exit(1);
  },
);
