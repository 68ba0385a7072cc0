import 'reflect-metadata';
import { DataSource, type Logger } from 'typeorm';
import type { Pool } from 'pg';
import { entities } from './entities.js';
import { migrations } from './migrations/index.js';

export interface DataSourceOptions {
  url: string;
  /** Receives every SQL statement (benchmarks count them). */
  onQuery?: (sql: string) => void;
  poolSize?: number;
}

class QueryCountingLogger implements Logger {
  constructor(private readonly onQuery: (sql: string) => void) {}
  logQuery(query: string) {
    this.onQuery(query);
  }
  logQueryError() {}
  logQuerySlow() {}
  logSchemaBuild() {}
  logMigration() {}
  log() {}
}

export function createDataSource(options: DataSourceOptions): DataSource {
  return new DataSource({
    type: 'postgres',
    url: options.url,
    entities,
    migrations,
    migrationsRun: false,
    synchronize: false,
    logging: options.onQuery ? ['query'] : false,
    logger: options.onQuery ? new QueryCountingLogger(options.onQuery) : undefined,
    extra: { max: options.poolSize ?? 20, connectionTimeoutMillis: 5000 },
  });
}

/** Connects and applies pending migrations (always at start-up). */
export async function openDatabase(options: DataSourceOptions): Promise<DataSource> {
  const ds = createDataSource(options);
  await ds.initialize();
  await ds.runMigrations({ transaction: 'each' });
  return ds;
}

/**
 * Runs one read statement straight on the pg pool that TypeORM owns and returns its rows: the same
 * SQL, pool and connections as `ds.query`, without a QueryRunner, EntityManager and subscriber
 * broadcast per statement (measurable on the hot catalog and cart reads). The DataSource's logger
 * still sees every statement. Use `ds.query`/a manager for writes and inside transactions.
 */
export async function selectRows<T>(ds: DataSource, sql: string, params: unknown[] = []): Promise<T[]> {
  const pool = (ds.driver as { master?: Pool }).master;
  if (!pool) return ds.query(sql, params);
  ds.logger.logQuery(sql, params);
  return (await pool.query(sql, params)).rows as T[];
}
