import 'reflect-metadata';
import { DataSource, type Logger } from 'typeorm';
import { Logger as JobLogger, runMigrations as runJobQueueMigrations } from 'graphile-worker';
import { entities } from './entities.js';
import { migrations } from './migrations/index.js';
import { AuditSubscriber } from '../common/audit.js';
import { pgPoolOf } from '../common/db.js';

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
    // Staff mutations write their activity-log entries in the transaction of their change (common/audit.ts).
    subscribers: [AuditSubscriber],
    migrations,
    migrationsRun: false,
    synchronize: false,
    logging: options.onQuery ? ['query'] : false,
    logger: options.onQuery ? new QueryCountingLogger(options.onQuery) : undefined,
    extra: { max: options.poolSize ?? 20, connectionTimeoutMillis: 5000 },
  });
}

const silentJobLogger = new JobLogger(() => () => {});

/** Connects and applies pending migrations (always at start-up): the shop's own, then the job queue's schema. */
export async function openDatabase(options: DataSourceOptions): Promise<DataSource> {
  const ds = createDataSource(options);
  await ds.initialize();
  await ds.runMigrations({ transaction: 'each' });
  const pool = pgPoolOf(ds);
  if (pool) {
    // TypeORM handles the pool's 'error' event; a checked-out client's error surfaces on its query in flight, so
    // the client listener only keeps such an error from crashing the process (graphile-worker asks for both).
    if (pool.listeners('connect').length === 0) pool.on('connect', (client) => client.on('error', () => {}));
    await runJobQueueMigrations({ pgPool: pool, logger: silentJobLogger });
  }
  return ds;
}
