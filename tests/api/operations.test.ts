import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../server/src/db/embedded-postgres.js';
import { startTestShop, type TestShop } from '../setup/test-shop.js';
import { legacyStaffHeaders } from '../setup/staff-tokens.js';
import { orderInput, placedOrder, variantWithStock } from './checkout-fixtures.js';
import { paySandbox } from './order-fixtures.js';
import { graphql } from '../gql/index.js';
import { expectTypename } from '../setup/graphql-post.js';
import type { OperationsSettingsInput } from '../../client/src/gql/types.js';
import {
  StaffRunBackupNowDocument,
  StaffUpdateOperationsSettingsDocument,
} from '../../client/src/features/staff-operations/staff-operations.generated.js';

/**
 * Scheduled and requested backups, and the alerts the owner receives: each condition provoked for real (the SMTP
 * server down, a job that fails, a backup that fails or grows stale, declined payments, no sales, a full disk),
 * emailed at most once an hour across instances and shown to staff.
 */
let shop: TestShop;
let staff: Record<string, string>;
const root = await fs.mkdtemp(path.join(os.tmpdir(), 'enzo-ops-'));

beforeAll(async () => {
  await fs.cp(inject('mediaDir'), path.join(root, 'media'), { recursive: true });
  shop = await startTestShop({
    DATA_DIR: root,
    BACKUP_DIR: path.join(root, 'copias'),
    SHOP_NOTIFY_EMAIL: 'duena@enzo.test',
    // The SMTP server is down: nothing listens there.
    SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
  });
  staff = await legacyStaffHeaders(inject('authEmulatorHost'), 'staff-operaciones@enzo.test');
});
afterAll(async () => {
  await shop?.close();
  await fs.rm(root, { recursive: true, force: true });
});

graphql(`
  fragment TestedOperationsSettings on OperationsSettings {
    backupEnabled
    backupTime
    keepDaily
    keepWeekly
    keepMonthly
    backupMaxAgeHours
    paymentFailurePercent
    paymentMinAttempts
    paymentWindowMinutes
    noPaidOrderHours
    openingHour
    closingHour
    jobStuckMinutes
    diskFreePercent
  }
`);
// Not the screen's own read: the settings here are exactly the input's fields (sent back as they are), and the test
// also reads the last good backup.
const OVERVIEW = graphql(`
  query StaffOperationsOverview {
    staffOperations {
      canManage
      backupDir
      remoteBackups
      notifyEmail
      settings {
        ...TestedOperationsSettings
      }
      alerts {
        key
        label
        firing
        message
        since
        notifiedAt
      }
      backups {
        id
        trigger
        status
        fileName
        bytes
        locations
        orders
        error
      }
      lastSuccessfulBackup {
        id
        fileName
      }
    }
  }
`);
// The operations screen's own mutations: what it sends is what is tested.
const UPDATE = StaffUpdateOperationsSettingsDocument;
const RUN_BACKUP = StaffRunBackupNowDocument;

async function overview() {
  const res = await shop.gql(OVERVIEW, {}, staff);
  expect(res.errors).toBeUndefined();
  return res.data!.staffOperations;
}

async function settings(changes: Partial<OperationsSettingsInput>) {
  const current = (await overview()).settings;
  const res = await shop.gql(UPDATE, { input: { ...current, ...changes } }, staff);
  expectTypename(res.data!.staffUpdateOperationsSettings, 'OperationsSettingsSaved');
}

const firing = async (key: string) => (await shop.services.alerts.checkAll()).find((a) => a.key === key)!;

async function alertEmails(key: string): Promise<number> {
  const rows: Array<{ n: number }> = await shop.ds.query(
    `SELECT count(*)::int AS n FROM outbound_email WHERE recipient = 'duena@enzo.test' AND dedupe_key LIKE $1`,
    [`alert:${key}:%`],
  );
  return rows[0]!.n;
}

describe('operations settings', () => {
  it('are for staff only and checked with Spanish messages', async () => {
    const anonymous = await shop.gql(OVERVIEW);
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const o = await overview();
    expect(o.canManage).toBe(true);
    expect(o.settings).toMatchObject({
      backupEnabled: false,
      backupTime: '03:00',
      keepDaily: 7,
      keepWeekly: 4,
      keepMonthly: 12,
    });
    const bad = await shop.gql(
      UPDATE,
      { input: { ...o.settings, backupTime: '25:00', openingHour: 20, closingHour: 8 } },
      staff,
    );
    expect(bad.data!.staffUpdateOperationsSettings).toMatchObject({
      __typename: 'ValidationErrors',
      errors: expect.arrayContaining([
        { field: 'backupTime', message: expect.stringContaining('HH:MM') },
        { field: 'closingHour', message: 'La hora de cierre debe ser después de la de apertura.' },
      ]),
    });
    expect((await overview()).settings.backupTime).toBe('03:00');
  });
});

describe('backups from the shop', () => {
  it('runs the scheduled backup once when its time has come, one instance at a time, and applies retention', async () => {
    expect(await shop.services.backups.runIfDue()).toBe('disabled');
    await settings({ backupEnabled: true, backupTime: '00:00', keepDaily: 1, keepWeekly: 0, keepMonthly: 0 });
    const [first, second] = await Promise.all([shop.services.backups.runIfDue(), shop.services.backups.runIfDue()]);
    expect([first, second].sort()).toEqual(expect.arrayContaining(['ran']));
    expect([first, second].filter((r) => r === 'ran')).toHaveLength(1);
    expect(await shop.services.backups.runIfDue()).toBe('not-due');
    const manual = await shop.services.backups.run('MANUAL');
    expect(manual).toMatchObject({ status: 'OK', trigger: 'MANUAL', locations: ['local'] });
    // Both ran today: with one daily backup kept, only the newest archive is left.
    const files = (await fs.readdir(path.join(root, 'copias'))).filter((f) => f.endsWith('.tar.gz'));
    expect(files).toEqual([(manual as { fileName: string }).fileName]);
    const o = await overview();
    expect(o.backups.map((b) => `${b.trigger} ${b.status}`)).toEqual(['MANUAL OK', 'SCHEDULED OK']);
    expect(o.lastSuccessfulBackup!.fileName).toBe(files[0]);
  });

  it('runs a backup asked for from the dashboard on the job queue', async () => {
    const res = await shop.gql(RUN_BACKUP, {}, staff);
    expect(res.data!.staffRunBackupNow.message).toContain('Copia de seguridad en camino');
    await expect
      .poll(async () => (await overview()).backups.filter((b) => b.status === 'OK').length, { timeout: 60_000 })
      .toBe(3);
  });
});

describe('alerts', () => {
  it('SMTP down: emails that cannot go out fire an alert, emailed to the owner once per hour across instances', async () => {
    const placed = await placedOrder(shop, orderInput(await variantWithStock(shop, 5, 0), 1));
    await paySandbox(shop, placed.checkoutUrl, { decision: 'APPROVE' });
    await expect
      .poll(
        async () => (await shop.ds.query(`SELECT count(*)::int AS n FROM outbound_email WHERE attempts > 0`))[0].n,
        {
          timeout: 30_000,
        },
      )
      .toBeGreaterThan(0);
    // Two instances checking at the same moment.
    await Promise.all([shop.services.alerts.checkAll(), shop.services.alerts.checkAll()]);
    const alert = await firing('emails-failing');
    expect(alert.firing).toBe(true);
    expect(alert.message).toMatch(/correos? no ha/);
    expect(alert.notifiedAt).not.toBeNull();
    expect(await alertEmails('emails-failing')).toBe(1);
    await shop.services.alerts.checkAll();
    expect(await alertEmails('emails-failing')).toBe(1);
    const mail: Array<{ subject: string; text: string }> = await shop.ds.query(
      `SELECT subject, text FROM outbound_email WHERE dedupe_key LIKE 'alert:emails-failing:%'`,
    );
    expect(mail[0]!.subject).toBe('Alerta de la tienda: Correos sin salir · Enzo');
    expect(mail[0]!.text).toContain('/dashboard/operaciones');
  });

  it('a failing job fires "Tareas fallando"', async () => {
    const [{ id }] = (await shop.ds.query(
      `INSERT INTO outbound_email (dedupe_key, recipient, subject, html, text, file_tag)
       VALUES ('prueba-falla', 'alguien@correo.com', 'Prueba', '<p>x</p>', 'x', 'prueba') RETURNING id`,
    )) as [{ id: number }];
    await shop.ds.query(
      `SELECT graphile_worker.add_job('send-email', json_build_object('emailId', $1::int), max_attempts => 1)`,
      [id],
    );
    await expect.poll(async () => (await firing('jobs-failing')).firing, { timeout: 30_000 }).toBe(true);
    expect((await firing('jobs-failing')).message).toContain('«Enviar un correo»');
    expect(await alertEmails('jobs-failing')).toBe(1);
  });

  it('a failed backup and a stale one fire "Copia de seguridad vencida"', async () => {
    expect((await firing('backup-stale')).firing).toBe(false);
    const failing = await startTestShop({ DATA_DIR: root, BACKUP_DIR: path.join(root, 'copias'), PG_BIN_DIR: root });
    try {
      // Another shop (its own database) whose PG_BIN_DIR has no pg_dump: its backup fails.
      await failing.ds.query(`UPDATE operations_settings SET backup_enabled = true`);
      const run = await failing.services.backups.run('MANUAL');
      expect(run).toMatchObject({ status: 'FAILED', error: expect.stringContaining('No se encontró pg_dump') });
      const alert = (await failing.services.alerts.checkAll()).find((a) => a.key === 'backup-stale')!;
      expect(alert).toMatchObject({
        firing: true,
        message: expect.stringContaining('La última copia de seguridad falló'),
      });
    } finally {
      await failing.close();
    }
    // Stale: the last complete backup is older than the limit (checked two days from now).
    const later = new Date(Date.now() + 48 * 3_600_000);
    const stale = (await shop.services.alerts.checkAll(later)).find((a) => a.key === 'backup-stale')!;
    expect(stale).toMatchObject({
      firing: true,
      message: expect.stringContaining('La última copia de seguridad completa es de hace'),
    });
    expect((await firing('backup-stale')).firing).toBe(false);
  });

  it('declined payments above the rate, no sales in opening hours, and a full disk fire their alerts', async () => {
    await settings({
      paymentMinAttempts: 2,
      paymentFailurePercent: 50,
      noPaidOrderHours: 1,
      openingHour: 0,
      closingHour: 24,
      diskFreePercent: 90,
    });
    for (const skip of [1, 2]) {
      const placed = await placedOrder(shop, orderInput(await variantWithStock(shop, 5, skip), 1));
      await paySandbox(shop, placed.checkoutUrl, { cardNumber: '4111 1111 1111 1111' });
    }
    expect((await firing('payments-failing')).message).toMatch(/de 3 pagos fallaron/);
    // Two hours from now without another paid order.
    const later = (await shop.services.alerts.checkAll(new Date(Date.now() + 2 * 3_600_000))).find(
      (a) => a.key === 'no-paid-orders',
    )!;
    expect(later).toMatchObject({
      firing: true,
      message: expect.stringContaining('No hay pedidos pagados desde hace 2 horas'),
    });
    const disk = await fs.statfs(root);
    const free = (disk.bavail / disk.blocks) * 100;
    expect((await firing('disk-low')).firing).toBe(free < 90);
  });

  it('shows firing alerts to staff, firing ones first', async () => {
    const o = await overview();
    expect(o.alerts[0]!.firing).toBe(true);
    expect(o.alerts.filter((a) => a.firing).map((a) => a.key)).toEqual(
      expect.arrayContaining(['emails-failing', 'jobs-failing', 'payments-failing']),
    );
  });
});
