import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { EntityManager } from 'typeorm';
import { afterEach, vi } from 'vitest';

/**
 * Setup file of the api project: fails any test during which code holding a transaction's connection (inside
 * `inTransaction`, its pre-transaction check included, or a TypeORM `transaction`) asked a pool for another connection.
 * At peak every connection of the pool can be held by a transaction; if each then waits for a second one, none
 * finishes and the requests time out (a placeOrder reading a kept setting from the pool did exactly that). Nothing in
 * the server changes: `inTransaction` and `EntityManager.transaction` are wrapped here, and the pools' `connect`
 * checks whether it is called from inside one.
 */
const insideTransaction = new AsyncLocalStorage<true>();
const offences: string[] = [];

/** The offences recorded so far, forgotten (for the test that proves this check fails). */
export function takeOffences(): string[] {
  return offences.splice(0);
}

const within =
  <A extends unknown[], R>(fn: (...args: A) => R) =>
  (...args: A): R =>
    insideTransaction.run(true, () => fn(...args));

vi.mock('../../server/src/common/db.js', async (importOriginal) => {
  const db = await importOriginal<typeof import('../../server/src/common/db.js')>();
  const inTransaction: typeof db.inTransaction = (ds, work, refuse) =>
    db.inTransaction(ds, within(work), refuse && within(refuse));
  return { ...db, inTransaction };
});

const manager = EntityManager.prototype as unknown as { transaction: (...args: unknown[]) => unknown };
const transaction = manager.transaction;
// `transaction(work)` or `transaction(isolation, work)`; DataSource.transaction passes both, the second undefined.
manager.transaction = function (this: unknown, ...args: unknown[]) {
  const wrapped = args.map((a) => (typeof a === 'function' ? within(a as (...a: unknown[]) => unknown) : a));
  return transaction.apply(this, wrapped);
};

const pool = pg.Pool.prototype as unknown as { connect: (...args: unknown[]) => unknown };
const connect = pool.connect;
pool.connect = function (this: unknown, ...args: unknown[]) {
  if (insideTransaction.getStore()) offences.push(new Error('pool.connect() inside a transaction').stack ?? '');
  return connect.apply(this, args);
};

afterEach(() => {
  const found = takeOffences();
  if (found.length > 0) {
    throw new Error(
      `Code holding a transaction's connection asked the pool for another ${found.length} time(s); read through the ` +
        `transaction's EntityManager instead. First:\n${found[0]}`,
    );
  }
});
