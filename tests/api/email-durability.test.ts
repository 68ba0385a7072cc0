import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase } from '../setup/test-database.js';
import { gqlAt, startChildShop, type ChildShop } from '../setup/child-shop.js';
import { bearer, createUser, signIn } from '../setup/staff-tokens.js';
import { exportAuthEmulatorHost } from '../../server/src/config/env.js';
import { orderInput, PLACE_ORDER, shopperIp, type Placed } from './checkout-fixtures.js';
import { expectTypename } from '../setup/graphql-post.js';
import { graphql } from '../gql/index.js';
import { TEST_SHOP_NOTICE } from '../../server/src/common/test-shop-notice.js';

/**
 * No email is lost to a crash or a failing SMTP server (sending in-process after the commit and only
 * logging a failure would lose them). Here the server is a real process killed (SIGKILL) after the payment commits and before its emails
 * go out; after a restart each email is sent exactly once. A failing SMTP server is retried (with
 * graphile-worker's backoff), recorded, shown to staff, and never causes a second copy.
 */
type Mode = 'hold' | 'fail' | 'accept';
const smtp = {
  mode: 'accept' as Mode,
  connections: 0,
  held: [] as Array<(err?: Error) => void>,
  messages: [] as string[],
};
const server = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  authOptional: true,
  logger: false,
  onConnect(_session: SMTPServerSession, callback: (err?: Error) => void) {
    smtp.connections++;
    if (smtp.mode === 'hold') smtp.held.push(callback);
    else callback();
  },
  onMailFrom(_address, _session, callback) {
    if (smtp.mode === 'fail') {
      const err = new Error('Servicio no disponible, intente más tarde') as Error & { responseCode: number };
      err.responseCode = 421;
      return callback(err);
    }
    callback();
  },
  onData(stream, _session, callback) {
    let data = '';
    stream.on('data', (c: Buffer) => (data += c.toString()));
    stream.on('end', () => {
      smtp.messages.push(data);
      callback();
    });
  },
});

let databaseUrl: string;
let db: pg.Client;
let smtpUrl: string;
let dataDir: string;
let shop: ChildShop | undefined;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  smtpUrl = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}?ignoreTLS=true`;
  databaseUrl = await createTestDatabase(inject('pgServerUrl'));
  db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'enzo-mail-'));
});
afterAll(async () => {
  await shop?.stop('SIGKILL');
  for (const release of smtp.held.splice(0)) release(new Error('fin'));
  await db?.end();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const start = () =>
  startChildShop({
    DATABASE_URL: databaseUrl,
    TEST_SHOP: 'true',
    DATA_DIR: dataDir,
    SEED_ON_START: 'false',
    SMTP_URL: smtpUrl,
    FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost'),
    MAX_OPEN_ORDERS_PER_EMAIL: '100',
  });

async function paidOrder(url: string): Promise<Placed> {
  const { rows } = await db.query<{ product_id: number; size_id: number }>(
    `SELECT s.product_id, s.id AS size_id FROM product_size s JOIN product p ON p.id = s.product_id WHERE p.active AND s.stock > 3 ORDER BY s.id LIMIT 1`,
  );
  const v = { productId: String(rows[0]!.product_id), sizeId: String(rows[0]!.size_id), price: 0 };
  const placed = (await gqlAt(url, PLACE_ORDER, { input: orderInput(v, 1) }, shopperIp())).data!.placeOrder;
  expectTypename(placed, 'OrderPlaced');
  const session = new URL(placed.checkoutUrl, url).searchParams.get('session');
  const paid = await gqlAt(url, APPROVE_SANDBOX_SESSION, { s: session! });
  expect(paid.data?.sandboxPay.status).toBe('APPROVED');
  return placed;
}

async function emailsOf(reference: string) {
  const { rows } = await db.query<{ id: number; sent_at: Date | null; attempts: number; last_error: string | null }>(
    `SELECT e.id, e.sent_at, e.attempts, e.last_error FROM outbound_email e JOIN shop_order o ON o.id = e.order_id WHERE o.reference = $1 ORDER BY e.id`,
    [reference],
  );
  return rows;
}

const APPROVE_SANDBOX_SESSION = graphql(`
  mutation ApproveSandboxSession($s: String!) {
    sandboxPay(input: { session: $s, decision: APPROVE }) {
      status
    }
  }
`);

const FAILING_JOBS = graphql(`
  query FailingJobs {
    staffFailingJobs {
      id
      task
      label
      summary
      attempts
      gaveUp
      lastError
    }
  }
`);
const RETRY_JOB = graphql(`
  mutation RetryFailingJob($id: ID!) {
    staffRetryJob(id: $id) {
      __typename
      ... on JobRetried {
        message
      }
      ... on NotFound {
        message
      }
    }
  }
`);

const messagesAbout = (reference: string) => smtp.messages.filter((m) => m.includes(reference));

/**
 * Every email of the order is sent and no send job is left for any of them (a finished job is deleted): nothing can
 * send them again, so what the SMTP server received is final.
 */
async function allSentAndSettled(reference: string): Promise<boolean> {
  const emails = await emailsOf(reference);
  if (emails.length === 0 || emails.some((e) => e.sent_at === null)) return false;
  const { rows } = await db.query<{ n: number }>(
    // The public `jobs` view has no payload: read the table behind it (as common/job-admin.ts does).
    `SELECT count(*)::int AS n FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
      WHERE t.identifier = 'send-email' AND (j.payload->>'emailId')::int = ANY ($1)`,
    [emails.map((e) => e.id)],
  );
  return rows[0]!.n === 0;
}

async function until(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Tiempo agotado esperando: ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('emails survive a crash and a failing SMTP server', () => {
  it('sends each email exactly once after the server is killed between the payment commit and the send', async () => {
    smtp.mode = 'hold';
    shop = await start();
    const placed = await paidOrder(shop.url);
    const { rows } = await db.query<{ status: string }>(`SELECT status FROM shop_order WHERE reference = $1`, [
      placed.reference,
    ]);
    expect(rows[0]!.status).toBe('PAGADO');
    // The send jobs have picked their emails up and are talking to the (stalled) SMTP server: kill now.
    await until(() => smtp.connections > 0, 'conexión SMTP');
    await shop.stop('SIGKILL');
    for (const release of smtp.held.splice(0)) release(new Error('cerrado'));
    expect(messagesAbout(placed.reference)).toHaveLength(0);
    expect((await emailsOf(placed.reference)).map((e) => e.sent_at)).toEqual([null, null]);

    smtp.mode = 'accept';
    shop = await start();
    await until(() => allSentAndSettled(placed.reference), 'correos enviados tras reiniciar, sin trabajos pendientes');
    const sent = messagesAbout(placed.reference);
    expect(sent).toHaveLength(2);
    expect(new Set(sent.map((m) => /Message-ID: (.*)/i.exec(m)?.[1])).size).toBe(2);
    // A test shop says so in every email.
    for (const m of sent) expect(m).toMatch(/^Subject: .*PRUEBA/m);
    expect(sent.join('\n').replace(/=\r?\n/g, '')).toContain(TEST_SHOP_NOTICE.slice(0, 30));
    // Two server starts and the crash recovery (a dead instance's jobs are freed after a 10 s grace, by a sweep every
    // 15 s: app/job-recovery.ts) take most of the default minute on a busy 2-core machine.
  }, 120_000);

  it('retries a failing SMTP server with backoff, records the error, lets staff retry, and never sends twice', async () => {
    smtp.mode = 'fail';
    const placed = await paidOrder(shop!.url);
    await until(async () => (await emailsOf(placed.reference)).every((e) => e.attempts >= 1), 'primer intento fallido');
    const failed = await emailsOf(placed.reference);
    expect(failed.every((e) => e.sent_at === null && /421|no disponible/i.test(e.last_error ?? ''))).toBe(true);

    // Staff see the failing jobs with their count and last error…
    exportAuthEmulatorHost(inject('authEmulatorHost'));
    await createUser('trabajos@enzo.test', 'clave-segura-1', true);
    const auth = bearer(await signIn(inject('authEmulatorHost'), 'trabajos@enzo.test', 'clave-segura-1'));
    const listed = await gqlAt(shop!.url, FAILING_JOBS, {}, auth);
    expect(listed.errors).toBeUndefined();
    const mailJobs = listed.data!.staffFailingJobs.filter(
      (j) => j.task === 'send-email' && j.summary?.includes(placed.reference),
    );
    expect(mailJobs.length).toBeGreaterThanOrEqual(1);
    expect(mailJobs[0]).toMatchObject({ label: 'Enviar un correo', gaveUp: false });
    expect(mailJobs[0]!.attempts).toBeGreaterThanOrEqual(1);
    expect(mailJobs[0]!.lastError).toMatch(/421|no disponible/i);
    const anonymous = await gqlAt(shop!.url, FAILING_JOBS);
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

    // …and the queue keeps retrying on its own; once SMTP is back, each email goes out once.
    smtp.mode = 'accept';
    const retried = await gqlAt(shop!.url, RETRY_JOB, { id: mailJobs[0]!.id }, auth);
    expect(['JobRetried', 'NotFound']).toContain(retried.data!.staffRetryJob.__typename);
    await until(() => allSentAndSettled(placed.reference), 'correos enviados tras fallar, sin trabajos pendientes');
    expect(messagesAbout(placed.reference)).toHaveLength(2);
    const after = await emailsOf(placed.reference);
    expect(after.every((e) => e.attempts >= 2 && e.last_error === null)).toBe(true);
    const missing = await gqlAt(shop!.url, RETRY_JOB, { id: '999999' }, auth);
    expect(missing.data!.staffRetryJob.__typename).toBe('NotFound');
  });
});
