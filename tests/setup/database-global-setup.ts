import fs from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ROOT_RUNTIME_DIR } from '../../server/src/db/embedded-postgres-root.js';
import { startEmbeddedPostgres } from '../../server/src/db/embedded-postgres.js';
import { openDatabase } from '../../server/src/db/data-source.js';
import { seedDatabase } from '../../server/src/db/seed/seed.js';
import { LocalMediaStore } from '../../server/src/modules/media/local-media-store.js';
import { adminQuery, MEDIA_DIR, TEMPLATE_DB, TMP_DIR } from './test-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgServerUrl: string;
    mediaDir: string;
  }
}

/**
 * One real PostgreSQL per test run (embedded, fast settings); a migrated and seeded template
 * database that every test file copies. With TEST_DATABASE_URL an existing server is used instead.
 */
export async function prepareDatabaseServer(name: string) {
  let serverUrl = process.env.TEST_DATABASE_URL;
  let stop = async () => {};
  if (!serverUrl) {
    const dir = path.join(TMP_DIR, `pg-${name}`);
    const embedded = await startEmbeddedPostgres({ dir, fast: true });
    // The shop's own connections go through the socket when there is one (server/src/db/postgres-socket.ts).
    serverUrl = embedded.socketUrl ?? embedded.url;
    stop = async () => {
      await embedded.stop();
      await fs.rm(TMP_DIR, { recursive: true, force: true });
      // As root in a private folder its data lives under /var/lib/enzo instead (embedded-postgres-root.ts): gone too.
      if (embedded.dataDir.startsWith(`${ROOT_RUNTIME_DIR}/`))
        await fs.rm(path.dirname(embedded.dataDir), { recursive: true, force: true });
    };
  }
  try {
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
    await adminQuery(serverUrl, `CREATE DATABASE ${TEMPLATE_DB}`);
    const u = new URL(serverUrl);
    u.pathname = `/${TEMPLATE_DB}`;
    const ds = await openDatabase({ url: u.toString() });
    await fs.rm(MEDIA_DIR, { recursive: true, force: true });
    await seedDatabase(ds, new LocalMediaStore(MEDIA_DIR));
    // Test shops take no daily backup on their own (each would dump its database minutes after starting, into the
    // shared test folder); the tests of backups switch it on.
    await ds.query(`UPDATE operations_settings SET backup_enabled = false`);
    await ds.destroy();
  } catch (err) {
    await stop();
    throw err;
  }
  return { serverUrl, stop };
}

export default async function setup(project: TestProject) {
  const { serverUrl, stop } = await prepareDatabaseServer('api');
  project.provide('pgServerUrl', serverUrl);
  project.provide('mediaDir', MEDIA_DIR);
  return stop;
}
