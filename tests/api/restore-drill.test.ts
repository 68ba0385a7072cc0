import { afterAll, describe, expect, inject, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { extract as untar, create as createTar } from 'tar';
import { parseEnv } from '../../server/src/config/env.js';
import { createLogger, startShop, type RunningShop } from '../../server/src/app/start-shop.js';
import { ensureDatabase, startEmbeddedPostgres } from '../../server/src/db/embedded-postgres.js';
import { relocatedDataDir } from '../../server/src/db/embedded-postgres-root.js';
import { startTestShop, type TestShop } from '../setup/test-shop.js';
import { adminQuery, createTestDatabase } from '../setup/test-database.js';
import { databaseFigures, folderHashes, printedPath, runBackupCli } from '../setup/backup-cli.js';
import { orderInput, placedOrder, placeOrder, shopperIp, variantWithStock, PLACE_ORDER } from './checkout-fixtures.js';
import { paySandbox } from './order-fixtures.js';
import { expectTypename } from '../setup/graphql-post.js';

/**
 * The restore drill: a shop with paid, declined and pending orders, a discount use, emails and an uploaded file is
 * backed up with `npm run backup`, wiped, restored with `npm run restore` into a fresh data folder (embedded
 * PostgreSQL), and started again. Every table (whatever modules add later), every sequence and every file comes back
 * the same, and the restored shop takes new orders.
 */
const root = await fs.mkdtemp(path.join(os.tmpdir(), 'enzo-drill-'));
const dataA = path.join(root, 'a');
const dataB = path.join(root, 'b');
const backups = path.join(root, 'backups');
let shopA: TestShop | undefined;
let shopB: RunningShop | undefined;
let databaseA = '';

afterAll(async () => {
  await shopA?.close().catch(() => undefined);
  await shopB?.close().catch(() => undefined);
  if (databaseA)
    await adminQuery(
      inject('pgServerUrl'),
      `DROP DATABASE IF EXISTS "${new URL(databaseA).pathname.slice(1)}" WITH (FORCE)`,
    ).catch(() => undefined);
  await fs.rm(root, { recursive: true, force: true });
  // As root, PostgreSQL's data for this private temporary folder lives under /var/lib/enzo (one folder per project).
  await fs.rm(path.dirname(relocatedDataDir(path.join(dataB, 'postgres'))), { recursive: true, force: true });
});

async function allEmailsSent(shop: TestShop): Promise<boolean> {
  const rows: Array<{ pending: number }> = await shop.ds.query(
    `SELECT count(*)::int AS pending FROM outbound_email WHERE sent_at IS NULL`,
  );
  return rows[0]!.pending === 0;
}

describe('restore drill', () => {
  let before: Awaited<ReturnType<typeof databaseFigures>>;
  let files: { media: Record<string, string>; outbox: Record<string, string> };
  let archive = '';
  let maxOrderId = 0;

  it('backs up a shop with orders, payments, a discount use, emails and media', async () => {
    await fs.mkdir(dataA, { recursive: true });
    await fs.cp(inject('mediaDir'), path.join(dataA, 'media'), { recursive: true });
    databaseA = await createTestDatabase(inject('pgServerUrl'));
    shopA = await startTestShop({ DATA_DIR: dataA, DATABASE_URL: databaseA });

    const paid = await placeOrder(
      shopA,
      orderInput(await variantWithStock(shopA, 6, 0), 2, { discountCode: 'BIENVENIDO10' }),
    );
    expectTypename(paid, 'OrderPlaced');
    await paySandbox(shopA, paid.checkoutUrl, { decision: 'APPROVE' });
    const declined = await placedOrder(shopA, orderInput(await variantWithStock(shopA, 4, 1), 1));
    await paySandbox(shopA, declined.checkoutUrl, { cardNumber: '4111 1111 1111 1111' });
    const pending = await placeOrder(shopA, orderInput(await variantWithStock(shopA, 3, 2), 1));
    expectTypename(pending, 'OrderPlaced');
    const statuses: Array<{ status: string }> = await shopA.ds.query(`SELECT status FROM shop_order ORDER BY id`);
    expect(statuses.map((s) => s.status)).toEqual(['PAGADO', 'PAGO_RECHAZADO', 'PENDIENTE_PAGO']);
    // A file staff uploaded (random bytes: compared byte for byte after the restore).
    await fs.mkdir(path.join(dataA, 'media', 'uploads'), { recursive: true });
    await fs.writeFile(path.join(dataA, 'media', 'uploads', 'drill.bin'), randomBytes(64 * 1024));
    await expect.poll(() => allEmailsSent(shopA!), { timeout: 30_000 }).toBe(true);
    maxOrderId = Number((await shopA.ds.query(`SELECT max(id)::int AS id FROM shop_order`))[0].id);
    await shopA.close();
    shopA = undefined;

    before = await databaseFigures(databaseA);
    expect(before['public.order_transition']).toMatchObject({ rows: expect.any(Number) });
    files = {
      media: await folderHashes(path.join(dataA, 'media')),
      outbox: await folderHashes(path.join(dataA, 'outbox')),
    };
    expect(Object.keys(files.outbox).length).toBeGreaterThan(0);

    const run = await runBackupCli(['backup'], { DATABASE_URL: databaseA, DATA_DIR: dataA, BACKUP_DIR: backups });
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain('Copia de seguridad completa (PostgreSQL externo');
    expect(run.output).toMatch(/3 pedidos, 54 productos, 1 cliente/);
    archive = printedPath(run);
    expect(path.dirname(archive)).toBe(backups);
    expect((await fs.stat(archive)).mode & 0o777).toBe(0o600);
  });

  it('restores into a fresh data folder after the data is wiped: every table, sequence and file is back', async () => {
    await adminQuery(inject('pgServerUrl'), `DROP DATABASE "${new URL(databaseA).pathname.slice(1)}" WITH (FORCE)`);
    databaseA = '';
    await fs.rm(dataA, { recursive: true, force: true });

    const run = await runBackupCli(['restore', archive], { DATA_DIR: dataB });
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain('Copia verificada');
    expect(run.output).toMatch(/Restaurado en PostgreSQL embebido/);
    expect(run.output).toContain('Migraciones: al día');

    const pg = await startEmbeddedPostgres({ dir: path.join(dataB, 'postgres') });
    try {
      expect(await databaseFigures(await ensureDatabase(pg.url, 'enzo'))).toEqual(before);
    } finally {
      await pg.stop();
    }
    expect(await folderHashes(path.join(dataB, 'media'))).toEqual(files.media);
    expect(await folderHashes(path.join(dataB, 'outbox'))).toEqual(files.outbox);
  });

  it('starts the restored shop, which takes new orders with fresh ids and references; backing it up while it runs uses its server', async () => {
    const env = parseEnv({
      NODE_ENV: 'test',
      PORT: '0',
      DATA_DIR: dataB,
      LOG_LEVEL: 'silent',
      SEED_ON_START: 'false',
      MAX_OPEN_ORDERS_PER_EMAIL: '1000',
      FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost'),
    });
    shopB = await startShop(env, createLogger(env));
    const res = await fetch(`${shopB.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...shopperIp() },
      body: JSON.stringify({
        query: PLACE_ORDER,
        variables: {
          input: orderInput(
            (
              await shopB.ds.query(
                `SELECT p.id::text AS "productId", s.id::text AS "sizeId", p.price FROM product_size s JOIN product p ON p.id = s.product_id WHERE p.active AND s.stock - s.reserved > 0 ORDER BY p.id DESC LIMIT 1`,
              )
            )[0],
            1,
          ),
        },
      }),
    });
    const placed = ((await res.json()) as { data: { placeOrder: { __typename: string; reference: string } } }).data
      .placeOrder;
    expectTypename(placed, 'OrderPlaced');
    const rows: Array<{ id: number; references: number }> = await shopB.ds.query(
      `SELECT id, (SELECT count(DISTINCT reference)::int FROM shop_order) AS references FROM shop_order WHERE reference = $1`,
      [placed.reference],
    );
    expect(rows[0]!.id).toBe(maxOrderId + 1);
    expect(rows[0]!.references).toBe(4);

    const refused = await runBackupCli(['restore', archive, '--force'], { DATA_DIR: dataB });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('La tienda está en marcha sobre');

    const live = await runBackupCli(['backup'], { DATA_DIR: dataB, BACKUP_DIR: backups });
    expect(live.code, live.output).toBe(0);
    expect(live.output).toContain('PostgreSQL embebido de la tienda en marcha');
    expect(live.output).toMatch(/4 pedidos/);
    await shopB.close();
    shopB = undefined;
  });

  it('refuses a non-empty target without --force, and a damaged archive, changing nothing', async () => {
    const refused = await runBackupCli(['restore', archive], { DATA_DIR: dataB });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('No se restaura sobre datos existentes');
    expect(refused.output).toContain('--force');

    // One media file changed inside an otherwise well-formed archive.
    const work = path.join(root, 'tamper');
    await fs.mkdir(work);
    await untar({ file: archive, cwd: work });
    await fs.appendFile(path.join(work, 'media', 'uploads', 'drill.bin'), 'x');
    const tampered = path.join(root, 'tampered.tar.gz');
    await createTar({ cwd: work, gzip: true, file: tampered }, await fs.readdir(work));
    const damaged = await runBackupCli(['restore', tampered, '--force'], { DATA_DIR: dataB });
    expect(damaged.code).toBe(1);
    expect(damaged.output).toContain('La suma SHA-256 de media/uploads/drill.bin no coincide con el manifiesto');
    expect(await folderHashes(path.join(dataB, 'media'))).toEqual(files.media);

    const forced = await runBackupCli(['restore', archive, '--force'], { DATA_DIR: dataB });
    expect(forced.code, forced.output).toBe(0);
    expect(forced.output).toMatch(/3 pedidos/);
  });
});
