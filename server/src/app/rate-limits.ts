import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { DataSource } from 'typeorm';
import type { RateCounter, RateRule } from './graphql-limits.js';
import { pgPoolOf } from '../common/db.js';

/**
 * Refused webhook requests (bad JSON, too large, a bad checksum) per client a minute: the gateway never sends
 * such requests, so past a handful a sender is answered 429 and nothing more of it is recorded.
 */
export const WEBHOOK_REFUSAL_RULE: RateRule = {
  field: 'webhook-refusal',
  limit: 20,
  windowMs: 60_000,
  message: 'Demasiadas solicitudes rechazadas.',
};

/**
 * Rate-limit counters in PostgreSQL (rate-limiter-flexible's Postgres store, table `rate_limit` from
 * the migrations): every instance behind a load balancer counts into the same rows, and a deploy
 * does not reset them. Expired rows are removed by the `maintenance` job (app/jobs.ts).
 */
export function createRateCounter(ds: DataSource): RateCounter {
  // TypeORM's own pg pool: no extra connections per instance.
  const pool = pgPoolOf(ds)!;
  const limiters = new Map<string, RateLimiterPostgres>();
  const limiterFor = (rule: RateRule) => {
    let limiter = limiters.get(rule.field);
    if (!limiter) {
      limiter = new RateLimiterPostgres({
        storeClient: pool,
        storeType: 'pool',
        tableName: 'rate_limit',
        tableCreated: true,
        clearExpiredByTimeout: false,
        keyPrefix: rule.field,
        points: rule.limit,
        duration: Math.ceil(rule.windowMs / 1000),
      });
      limiters.set(rule.field, limiter);
    }
    return limiter;
  };
  return {
    async hit(rule, client) {
      try {
        await limiterFor(rule).consume(client || 'desconocido');
        return true;
      } catch (err) {
        // Over the limit: the library rejects with a RateLimiterRes. A database error is thrown as is.
        if (err instanceof RateLimiterRes) return false;
        throw err;
      }
    },
  };
}

/** Drops counters whose window ended over an hour ago (run by the maintenance job). */
export async function clearExpiredRateLimits(ds: DataSource): Promise<void> {
  await ds.query(`DELETE FROM rate_limit WHERE expire < $1`, [Date.now() - 3_600_000]);
}
