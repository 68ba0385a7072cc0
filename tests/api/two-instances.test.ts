import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from '../setup/test-database.js';
import { gqlAt, startChildShop, type ChildShop } from '../setup/child-shop.js';
import { loadSandboxEventsSecret, signEvent } from '../../server/src/modules/payments/index.js';
import { orderInput, PLACE_ORDER, type Placed } from './checkout-fixtures.js';
import { expectTypename } from '../setup/graphql-post.js';
import { exportAuthEmulatorHost } from '../../server/src/config/env.js';
import { adminAuth, bearer, createUser, signIn } from '../setup/staff-tokens.js';
import { graphql } from '../gql/index.js';

/**
 * Several instances behind a load balancer: two server processes on one database. Rate limits are shared
 * (none lives in one process's memory), each background job runs once, and a payment event received by both
 * is applied once.
 */
let db: pg.Client;
let a: ChildShop;
let b: ChildShop;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'enzo-two-'));

beforeAll(async () => {
  const databaseUrl = await createTestDatabase(inject('pgServerUrl'));
  db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  // One shared DATA_DIR (as a shared volume): the sandbox's events secret lives there.
  const env = {
    DATABASE_URL: databaseUrl,
    TEST_SHOP: 'true',
    DATA_DIR: dataDir,
    SEED_ON_START: 'false',
    FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost'),
    MAX_OPEN_ORDERS_PER_CLIENT: '1000',
  };
  [a, b] = await Promise.all([startChildShop(env), startChildShop(env)]);
});
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await db?.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function variant() {
  const { rows } = await db.query<{ product_id: number; size_id: number }>(
    `SELECT s.product_id, s.id AS size_id FROM product_size s JOIN product p ON p.id = s.product_id WHERE p.active ORDER BY s.id LIMIT 1`,
  );
  await db.query(`UPDATE product_size SET stock = 100, reserved = 0 WHERE id = $1`, [rows[0]!.size_id]);
  return { productId: String(rows[0]!.product_id), sizeId: String(rows[0]!.size_id), price: 0 };
}

/** A discount-code quote: what the per-address limit counts. */
const QUOTE_TOTAL = graphql(`
  query QuoteTotal($input: CartQuoteInput!) {
    cartQuote(input: $input) {
      total
    }
  }
`);

describe('two instances on one database', () => {
  it('share rate limits: 20 discount-code quotes on each, from one address, allow 30 in all', async () => {
    const v = await variant();
    const query = QUOTE_TOTAL;
    const input = { lines: [{ productId: v.productId, sizeId: v.sizeId, quantity: 1 }], discountCode: 'NOEXISTE' };
    const ip = { 'x-forwarded-for': '10.77.0.1' };
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => gqlAt((i % 2 ? a : b).url, query, { input }, ip)),
    );
    const limited = results.filter((r) => r.errors?.[0]?.extensions?.code === 'RATE_LIMITED');
    expect(results.length - limited.length).toBe(30);
    expect(limited).toHaveLength(10);
    // Another address has its own bucket.
    expect((await gqlAt(a.url, query, { input }, { 'x-forwarded-for': '10.77.0.2' })).errors).toBeUndefined();
  });

  it('applies a payment event posted to both instances once, and sends each email once', async () => {
    const v = await variant();
    const orders: Placed[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await gqlAt(
        (i % 2 ? a : b).url,
        PLACE_ORDER,
        { input: orderInput(v, 1, { customer: { ...orderInput(v).customer, email: `dos${i}@correo.com` } }) },
        { 'x-forwarded-for': `10.78.0.${i + 1}` },
      );
      const placed = res.data!.placeOrder;
      expectTypename(placed, 'OrderPlaced');
      orders.push(placed);
    }
    const secret = loadSandboxEventsSecret(dataDir);
    for (const [i, order] of orders.entries()) {
      const { rows } = await db.query<{ total: number }>(`SELECT total FROM shop_order WHERE reference = $1`, [
        order.reference,
      ]);
      const tx = {
        id: `dos-${i}`,
        reference: order.reference,
        amount_in_cents: rows[0]!.total * 100,
        status: 'APPROVED',
        currency: 'COP',
      };
      // What the gateway knows (the sandbox's lookup answers from this row).
      await db.query(
        `INSERT INTO sandbox_session (id, reference, amount_in_cents, currency, payment_method, redirect_url, transaction_id, status) VALUES ($1, $2, $3, 'COP', 'CARD', 'http://x/', $4, 'APPROVED')`,
        [`two-${i}-${Date.now()}`, tx.reference, tx.amount_in_cents, tx.id],
      );
      const event = signEvent(
        {
          event: 'transaction.updated',
          data: { transaction: tx },
          signature: { properties: ['transaction.id', 'transaction.status', 'transaction.amount_in_cents'] },
          timestamp: Math.floor(Date.now() / 1000),
        },
        secret,
      );
      const body = JSON.stringify(event);
      const posts = await Promise.all(
        [a, b, a, b].map((s) =>
          fetch(`${s.url}/webhooks/wompi`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body,
          }).then((r) => r.status),
        ),
      );
      expect(posts).toEqual([200, 200, 200, 200]);
    }
    const refs = orders.map((o) => o.reference);
    const { rows: paid } = await db.query<{ reference: string; status: string; paid_steps: number; events: number }>(
      `SELECT o.reference, o.status,
              (SELECT count(*)::int FROM order_transition t WHERE t.order_id = o.id AND t.to_status = 'PAGADO') AS paid_steps,
              (SELECT count(*)::int FROM payment_event e WHERE e.order_id = o.id) AS events
       FROM shop_order o WHERE o.reference = ANY($1)`,
      [refs],
    );
    expect(paid).toHaveLength(4);
    for (const row of paid) expect(row).toMatchObject({ status: 'PAGADO', paid_steps: 1, events: 1 });
    const { rows: stock } = await db.query<{ stock: number; reserved: number }>(
      `SELECT stock, reserved FROM product_size WHERE id = $1`,
      [Number(v.sizeId)],
    );
    expect(stock[0]).toEqual({ stock: 96, reserved: 0 });

    // Each order's two emails: queued once, and sent once by whichever instance picked the job up. Once every
    // email is sent and no send job is left for them (a finished job is deleted), nothing can write another copy.
    const outbox = path.join(dataDir, 'outbox');
    await expect
      .poll(
        async () => {
          const { rows } = await db.query<{ unsent: number; jobs: number }>(
            `WITH mail AS (
               SELECT e.id, e.sent_at FROM outbound_email e JOIN shop_order o ON o.id = e.order_id WHERE o.reference = ANY($1)
             )
             SELECT (SELECT count(*)::int FROM mail WHERE sent_at IS NULL) AS unsent,
                    (SELECT count(*)::int
                       FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
                      WHERE t.identifier = 'send-email' AND (j.payload->>'emailId')::int IN (SELECT id FROM mail)) AS jobs`,
            [refs],
          );
          return rows[0];
        },
        { timeout: 60_000, interval: 250 },
      )
      .toEqual({ unsent: 0, jobs: 0 });
    const { rows: mails } = await db.query<{ attempts: number }>(
      `SELECT e.attempts FROM outbound_email e JOIN shop_order o ON o.id = e.order_id WHERE o.reference = ANY($1)`,
      [refs],
    );
    expect(mails).toHaveLength(8);
    expect(mails.every((m) => m.attempts === 1)).toBe(true);
    const files = fs.readdirSync(outbox).filter((f) => refs.some((r) => f.includes(r)));
    expect(files).toHaveLength(8);
  });
});

describe('a team change on one instance rules the very next request on the other', () => {
  async function member(email: string, role: string) {
    const uid = await createUser(email, 'clave-segura-1', false);
    await db.query(`INSERT INTO staff_member (uid, email, display_name, role) VALUES ($1, $2, 'Dos', $3)`, [
      uid,
      email,
      role,
    ]);
    return { uid, headers: bearer(await signIn(inject('authEmulatorHost'), email, 'clave-segura-1')) };
  }
  const SALES = graphql(`
    query TwoInstancesSales {
      staffSales {
        salesToday
      }
    }
  `);
  const ORDERS = graphql(`
    query TwoInstancesOrderCount {
      staffOrders {
        totalCount
      }
    }
  `);
  const code = (r: { errors?: Array<{ extensions?: { code?: string; reason?: string } }> }) =>
    r.errors?.map((e) => `${e.extensions?.code}/${e.extensions?.reason ?? ''}`) ?? [];

  it('a new role and a disabled account, without waiting for the one-hour token', async () => {
    exportAuthEmulatorHost(inject('authEmulatorHost'));
    const owner = await member('dos-duena@enzo.test', 'propietario');
    const operator = await member('dos-operador@enzo.test', 'operador');
    // B has answered the operator already: a copy of the row kept there would be stale after the change on A.
    expect(code(await gqlAt(b.url, ORDERS, {}, operator.headers))).toEqual([]);
    expect(code(await gqlAt(b.url, SALES, {}, operator.headers))).toEqual(['FORBIDDEN/ROLE']);

    const role = await gqlAt(
      a.url,
      graphql(`
        mutation DemoteToConsulta($uid: ID!) {
          staffChangeMemberRole(uid: $uid, role: consulta) {
            __typename
          }
        }
      `),
      { uid: operator.uid },
      owner.headers,
    );
    expect(role.data?.staffChangeMemberRole.__typename).toBe('StaffMember');
    expect(code(await gqlAt(b.url, SALES, {}, operator.headers))).toEqual([]);

    const off = await gqlAt(
      a.url,
      graphql(`
        mutation DisableMemberElsewhere($uid: ID!) {
          staffDisableMember(uid: $uid) {
            __typename
          }
        }
      `),
      { uid: operator.uid },
      owner.headers,
    );
    expect(off.data?.staffDisableMember.__typename).toBe('StaffMember');
    const refused = await gqlAt(b.url, ORDERS, {}, operator.headers);
    expect(code(refused)).toEqual(['FORBIDDEN/DISABLED']);
    expect(refused.errors![0]!.message).toMatch(/desactivada/);

    // And Firebase follows (a background job on either instance): the account is disabled and its sessions end.
    await expect
      .poll(async () => (await adminAuth().getUser(operator.uid)).disabled, { timeout: 60_000, interval: 250 })
      .toBe(true);
    expect((await adminAuth().getUser(operator.uid)).tokensValidAfterTime).toBeTruthy();
    await expect(signIn(inject('authEmulatorHost'), 'dos-operador@enzo.test', 'clave-segura-1')).rejects.toThrow(
      /USER_DISABLED/,
    );
  });
});

describe('TRUST_PROXY', () => {
  it('believes X-Forwarded-For only from the proxies it names', async () => {
    const { startTestShop } = await import('../setup/test-shop.js');
    const v = await variant();
    const query = QUOTE_TOTAL;
    const input = { lines: [{ productId: v.productId, sizeId: v.sizeId, quantity: 1 }], discountCode: 'NOEXISTE' };
    // No proxy trusted: a client cannot get fresh buckets by inventing X-Forwarded-For.
    const direct = await startTestShop({ TRUST_PROXY: 'false' });
    try {
      const results = await Promise.all(
        Array.from({ length: 31 }, (_, i) => direct.gql(query, { input }, { 'x-forwarded-for': `10.79.0.${i + 1}` })),
      );
      expect(results.filter((r) => r.errors?.[0]?.extensions?.code === 'RATE_LIMITED')).toHaveLength(1);
    } finally {
      await direct.close();
    }
  });
});
