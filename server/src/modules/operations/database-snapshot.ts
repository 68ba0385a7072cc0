import pg from 'pg';

/** What a backup records about the database, read in the same snapshot that pg_dump dumps. */
export interface SnapshotFacts {
  schemaVersion: string;
  migrations: number;
  serverVersion: string;
  serverMajor: number;
  counts: { orders: number; products: number; customers: number };
  tables: Record<string, number>;
}

/** Ordinary tables of the shop's schemas (the shop's own and the job queue's), as `schema.table`. */
export const USER_TABLES_SQL = `
  SELECT n.nspname AS schema, c.relname AS name
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
   WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema')
     AND n.nspname NOT LIKE 'pg\\_%'
   ORDER BY 1, 2`;

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function tableCounts(client: pg.ClientBase): Promise<Record<string, number>> {
  const { rows } = await client.query<{ schema: string; name: string }>(USER_TABLES_SQL);
  const counts: Record<string, number> = {};
  for (const t of rows) {
    const [{ n }] = (
      await client.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${quoteIdent(t.schema)}.${quoteIdent(t.name)}`)
    ).rows as [{ n: string }];
    counts[`${t.schema}.${t.name}`] = Number(n);
  }
  return counts;
}

async function readFacts(client: pg.ClientBase): Promise<SnapshotFacts> {
  const version = await client.query<{ v: string; n: string }>(
    `SELECT current_setting('server_version') AS v, current_setting('server_version_num') AS n`,
  );
  const migrations = await client
    .query<{ name: string; total: string }>(
      `SELECT name, (SELECT count(*) FROM migrations)::text AS total FROM migrations ORDER BY timestamp DESC, id DESC LIMIT 1`,
    )
    .catch(() => ({ rows: [] as Array<{ name: string; total: string }> }));
  const tables = await tableCounts(client);
  const customers = tables['public.shop_order']
    ? Number(
        (await client.query<{ n: string }>(`SELECT count(DISTINCT lower(email))::text AS n FROM shop_order`)).rows[0]!
          .n,
      )
    : 0;
  const serverVersion = version.rows[0]!.v.split(' ')[0]!;
  return {
    schemaVersion: migrations.rows[0]?.name ?? '(sin migraciones)',
    migrations: Number(migrations.rows[0]?.total ?? 0),
    serverVersion,
    serverMajor: Math.floor(Number(version.rows[0]!.n) / 10_000),
    counts: { orders: tables['public.shop_order'] ?? 0, products: tables['public.product'] ?? 0, customers },
    tables,
  };
}

/**
 * A read-only REPEATABLE READ transaction whose snapshot is exported: pg_dump `--snapshot` dumps exactly what this
 * transaction sees, so the manifest's figures describe the dump. The transaction stays open until `close()`.
 */
export async function openSnapshot(databaseUrl: string): Promise<{
  id: string;
  facts: SnapshotFacts;
  close(): Promise<void>;
}> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'enzo-backup' });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const { rows } = await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id');
    const facts = await readFacts(client);
    return {
      id: rows[0]!.id,
      facts,
      async close() {
        await client.query('COMMIT').catch(() => undefined);
        await client.end();
      },
    };
  } catch (err) {
    await client.end().catch(() => undefined);
    throw err;
  }
}

/** The same figures read now (after a restore, to compare with the manifest's). */
export async function currentFacts(databaseUrl: string): Promise<SnapshotFacts> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'enzo-restore' });
  await client.connect();
  try {
    return await readFacts(client);
  } finally {
    await client.end();
  }
}

/** The server's major version (pg_dump must be at least as new). */
export async function serverMajorOf(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(`SELECT current_setting('server_version_num') AS n`);
    return Math.floor(Number(rows[0]!.n) / 10_000);
  } finally {
    await client.end();
  }
}

/** The connection for PostgreSQL's programs: the URL without its password, which travels in PGPASSWORD. */
export function libpqTarget(databaseUrl: string): { dbname: string; password: string | null } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), password: password || null };
}
