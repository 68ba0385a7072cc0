import { afterAll, describe, expect, inject, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { freePort } from '../../server/src/db/embedded-postgres.js';
import { createTestDatabase } from '../setup/test-database.js';
import { PLACE_ORDER } from './checkout-fixtures.js';

/**
 * The real server as a child process, killed with SIGKILL in the middle of a burst of placeOrder.
 * After a restart nothing is half-written: every order has its lines, and for every size
 * stock + reserved still equals the initial stock.
 */
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
});

async function startServer(databaseUrl: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/index.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATA_DIR: `tests/.tmp/crash-${process.pid}`,
      LOG_LEVEL: 'silent',
      SEED_ON_START: 'false',
      TEST_SHOP: 'true',
      MAX_OPEN_ORDERS_PER_CLIENT: '10000',
      FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost'),
    },
    stdio: 'ignore',
  });
  children.push(child);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('el servidor no arrancó');
}

function input(productId: string, sizeId: string, i: number) {
  return {
    lines: [{ productId, sizeId, quantity: 1 }],
    customer: {
      fullName: 'Cliente Prueba',
      email: `crash${i}@example.com`,
      phone: '3001234567',
      documentType: 'CC',
      documentNumber: '1020304050',
    },
    shipping: { departmentCode: '11', municipalityCode: '11001', address: 'Calle 10 # 20-30' },
    paymentMethod: 'CARD',
    acceptDataPolicy: true,
    idempotencyKey: randomUUID(),
  };
}

describe('crash during checkout', () => {
  it('leaves no order without lines and keeps stock + reserved equal to the initial stock', async () => {
    const databaseUrl = await createTestDatabase(inject('pgServerUrl'));
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const { rows: sizes } = await db.query<{ product_id: number; size_id: number }>(
        `SELECT s.product_id, s.id AS size_id FROM product_size s JOIN product p ON p.id = s.product_id WHERE p.active ORDER BY s.id LIMIT 4`,
      );
      await db.query(`UPDATE product_size SET stock = 40, reserved = 0 WHERE id = ANY($1)`, [
        sizes.map((s) => s.size_id),
      ]);

      const port = await freePort();
      const first = await startServer(databaseUrl, port);
      const url = `http://127.0.0.1:${port}/graphql`;
      const burst = Array.from({ length: 120 }, (_, i) => {
        const s = sizes[i % sizes.length]!;
        // Spread over several IPs' worth of limits: the rate limit is per IP, so use the forwarded header only loopback trusts.
        return fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.0.${Math.floor(i / 8)}.${i % 8}` },
          body: JSON.stringify({
            query: PLACE_ORDER,
            variables: { input: input(String(s.product_id), String(s.size_id), i) },
          }),
        }).catch(() => null);
      });
      // Kill once some orders have been written, while others are still in flight.
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline) {
        const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM shop_order`);
        if (rows[0]!.n >= 5) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      first.kill('SIGKILL');
      await Promise.all(burst);

      await startServer(databaseUrl, port);
      const { rows: orphans } = await db.query(
        `SELECT o.id FROM shop_order o WHERE NOT EXISTS (SELECT 1 FROM order_line l WHERE l.order_id = o.id)`,
      );
      expect(orphans).toEqual([]);
      const { rows: placed } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM shop_order`);
      expect(placed[0]!.n).toBeGreaterThanOrEqual(5);
      const { rows: after } = await db.query<{ id: number; stock: number; reserved: number }>(
        `SELECT id, stock, reserved FROM product_size WHERE id = ANY($1)`,
        [sizes.map((s) => s.size_id)],
      );
      for (const s of after) expect(s.stock + s.reserved).toBe(40);
      const { rows: reservedByOrders } = await db.query<{ size_id: number; n: number }>(
        `SELECT l.size_id, sum(l.quantity)::int AS n FROM order_line l JOIN shop_order o ON o.id = l.order_id WHERE o.status = 'PENDIENTE_PAGO' GROUP BY l.size_id`,
      );
      for (const s of after) expect(s.reserved).toBe(reservedByOrders.find((r) => r.size_id === s.id)?.n ?? 0);
    } finally {
      await db.end();
    }
  }, 120_000);
});
