import { afterAll, beforeAll, expect, it } from 'vitest';
import { commit, inTransaction, selectRows } from '../../server/src/common/db.js';
import { takeOffences } from '../setup/one-connection-per-transaction.js';
import { startTestShop, type TestShop } from '../setup/test-shop.js';

/** The api project's setup (tests/setup/one-connection-per-transaction.ts) can fail: what it catches and what it lets by. */
let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop?.close());

it('catches a transaction that asks the pool for a second connection, and nothing else', async () => {
  await inTransaction(shop.ds, async (m) => {
    await m.query('SELECT 1');
    return commit(await selectRows(shop.ds, 'SELECT 1 AS one', []));
  });
  expect(takeOffences()).toHaveLength(1);
  // The check before the transaction already holds its connection.
  await inTransaction(
    shop.ds,
    async () => commit(null),
    async () => ((await shop.ds.query('SELECT 1')).length > 0 ? null : 'refused'),
  );
  expect(takeOffences()).toHaveLength(1);
  await shop.ds.transaction(async () => {
    await shop.ds.query('SELECT 1');
  });
  expect(takeOffences()).toHaveLength(1);

  // The transaction's own connection, and the pool outside any transaction (also right after one), are fine.
  await inTransaction(shop.ds, async (m) => commit(await m.query('SELECT 1')));
  await shop.ds.transaction((m) => m.query('SELECT 1'));
  await Promise.all([shop.ds.query('SELECT 1'), selectRows(shop.ds, 'SELECT 1 AS one', [])]);
  expect(takeOffences()).toEqual([]);
});
