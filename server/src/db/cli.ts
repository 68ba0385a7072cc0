import path from 'node:path';
import { EnvError, parseEnv } from '../config/env.js';
import { ensureDatabase, startEmbeddedPostgres } from './embedded-postgres.js';
import { openDatabase } from './data-source.js';
import { seedDatabase } from './seed/seed.js';
import { LocalMediaStore } from '../modules/media/local-media-store.js';
import type { MediaStore } from '../modules/media/media-store.js';

/**
 * `npm run db:migrate`, `npm run db:seed` and `npm run einvoicing -- on|off` (the owner's electronic-invoicing switch,
 * for a deployment that refuses to start with it on): same database choice as the server.
 */
async function main(command: string | undefined, argument: string | undefined) {
  if (
    command !== 'migrate' &&
    command !== 'seed' &&
    !(command === 'einvoicing' && (argument === 'on' || argument === 'off'))
  ) {
    console.error('Uso: tsx server/src/db/cli.ts <migrate|seed|einvoicing on|off>');
    process.exit(2);
  }
  const env = parseEnv();
  const embedded = env.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres({ dir: path.join(env.dataDir, 'postgres'), port: env.EMBEDDED_PG_PORT });
  try {
    const url = env.DATABASE_URL ?? (await ensureDatabase(embedded!.url, 'enzo'));
    const ds = await openDatabase({ url });
    console.log('Migraciones aplicadas.');
    if (command === 'einvoicing') {
      await ds.query(
        `INSERT INTO einvoice_settings (id, enabled, updated_by) VALUES (1, $1, 'npm run einvoicing')
         ON CONFLICT (id) DO UPDATE SET enabled = $1, updated_at = now(), updated_by = 'npm run einvoicing'`,
        [argument === 'on'],
      );
      console.log(`Facturación electrónica ${argument === 'on' ? 'encendida' : 'apagada'}.`);
    }
    if (command === 'seed') {
      let media: MediaStore = new LocalMediaStore(path.join(env.dataDir, 'media'));
      if (env.FIREBASE_STORAGE_BUCKET) {
        const { createFirebaseMediaStore } = await import('../modules/media/firebase-media-store.js');
        media = await createFirebaseMediaStore(env.FIREBASE_STORAGE_BUCKET, env.FIREBASE_PROJECT_ID);
      }
      const report = await seedDatabase(ds, media);
      console.log(
        `Catálogo: ${report.productsCreated} productos nuevos (${report.productsTotal} en total), ${report.imagesStored} imágenes y ${report.mediaStored} archivos guardados, ${report.codesCreated} códigos nuevos.`,
      );
    }
    await ds.destroy();
  } finally {
    await embedded?.stop();
  }
}

main(process.argv[2], process.argv[3]).catch((err) => {
  console.error(err instanceof EnvError ? err.message : err);
  process.exit(1);
});
