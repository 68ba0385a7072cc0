import path from 'node:path';
import { EnvError, parseEnv } from '../config/env.js';
import { ensureDatabase, startEmbeddedPostgres } from './embedded-postgres.js';
import { openDatabase } from './data-source.js';
import { seedDatabase } from './seed/seed.js';
import { LocalMediaStore } from '../modules/media/local-media-store.js';
import type { MediaStore } from '../modules/media/media-store.js';

/** `npm run db:migrate` and `npm run db:seed`: same database choice as the server. */
async function main(command: string | undefined) {
  if (command !== 'migrate' && command !== 'seed') {
    console.error('Uso: tsx server/src/db/cli.ts <migrate|seed>');
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

main(process.argv[2]).catch((err) => {
  console.error(err instanceof EnvError ? err.message : err);
  process.exit(1);
});
