import path from 'node:path';
import pg from 'pg';
import type { DataSource, EntityManager } from 'typeorm';
import type { Logger } from 'pino';
import { SHOP_UTC_OFFSET_HOURS, shopClock } from '#shared/shop-time.js';
import { type BackupStatusValue, type BackupTriggerValue } from '#shared/operations.js';
import { auditChange } from '../../common/audit.js';
import { enqueueJob } from '../../common/jobs.js';
import { writeBackup } from './backup-writer.js';
import { backupsToDelete } from './backup-retention.js';
import { LocalBackupStore, type BackupStore } from './backup-stores.js';
import { readOperationsSettings } from './operations-settings.js';
import { appVersion } from './app-version.js';

export const SCHEDULED_BACKUP_TASK = 'scheduled-backup';
export const BACKUP_NOW_TASK = 'backup-now';

/** Session-level advisory lock held for a whole backup: one backup at a time across every instance. */
const BACKUP_LOCK = 0x656e7a6f_0001n;

export interface BackupRun {
  id: number;
  trigger: BackupTriggerValue;
  status: BackupStatusValue;
  startedAt: Date;
  finishedAt: Date | null;
  fileName: string | null;
  bytes: number | null;
  sha256: string | null;
  locations: string[];
  orders: number | null;
  products: number | null;
  customers: number | null;
  error: string | null;
}

const RUN_COLUMNS = `id, trigger, status, started_at AS "startedAt", finished_at AS "finishedAt", file_name AS "fileName",
  bytes::float8 AS bytes, sha256, locations, orders, products, customers, error`;

export interface BackupServiceOptions {
  ds: DataSource;
  databaseUrl: string;
  dataDir: string;
  /** Null when media live in Firebase Storage. */
  mediaDir: string | null;
  backupDir: string;
  pgBinDir?: string;
  /** Extra places for each finished backup (the Firebase Storage bucket when one is configured). */
  remoteStore?: () => Promise<BackupStore>;
  log?: Logger;
}

/** The latest moment the daily backup was due at `now` (today's `HH:MM` in shop time, or yesterday's). */
export function lastDueAt(now: Date, backupTime: string): Date {
  const [h, m] = backupTime.split(':').map(Number) as [number, number];
  const shopNow = shopClock(now);
  const due =
    Date.UTC(shopNow.getUTCFullYear(), shopNow.getUTCMonth(), shopNow.getUTCDate(), h, m) -
    SHOP_UTC_OFFSET_HOURS * 3_600_000;
  return new Date(due <= now.getTime() ? due : due - 86_400_000);
}

/**
 * Scheduled and requested backups from inside the shop: the same archive as `npm run backup`, kept in BACKUP_DIR and
 * in the Firebase Storage bucket when there is one, with retention applied to each. Every run is a `backup_run` row.
 */
export class BackupService {
  constructor(private readonly o: BackupServiceOptions) {}

  async recent(limit = 10): Promise<BackupRun[]> {
    return this.o.ds.query(`SELECT ${RUN_COLUMNS} FROM backup_run ORDER BY started_at DESC, id DESC LIMIT $1`, [limit]);
  }

  async lastSuccessful(): Promise<BackupRun | null> {
    const [row] = await this.o.ds.query(
      `SELECT ${RUN_COLUMNS} FROM backup_run WHERE status = 'OK' ORDER BY finished_at DESC LIMIT 1`,
    );
    return (row as BackupRun | undefined) ?? null;
  }

  /**
   * Queues a backup to run now on whichever instance takes it (one at a time: same job key), in `m`'s transaction.
   * The activity entry is the request: the job it queued (the backup's own row exists once a worker starts it).
   */
  async request(m: EntityManager): Promise<void> {
    const jobId = await enqueueJob(m, BACKUP_NOW_TASK, {}, { jobKey: 'backup-now', maxAttempts: 1 });
    auditChange(m, { entityType: 'job', entityId: jobId, detail: { task: BACKUP_NOW_TASK } });
  }

  /** The scheduler's tick: runs the day's backup once its time has come and none was made for it. */
  async runIfDue(now = new Date()): Promise<'ran' | 'not-due' | 'disabled' | 'busy'> {
    const settings = await readOperationsSettings(this.o.ds);
    if (!settings.backupEnabled) return 'disabled';
    const dueAt = lastDueAt(now, settings.backupTime);
    const done = async () =>
      (
        (await this.o.ds.query(`SELECT 1 FROM backup_run WHERE trigger = 'SCHEDULED' AND started_at >= $1 LIMIT 1`, [
          dueAt,
        ])) as unknown[]
      ).length > 0;
    if (await done()) return 'not-due';
    const result = await this.run('SCHEDULED', async () => !(await done()));
    return result === 'busy' ? 'busy' : result === 'skipped' ? 'not-due' : 'ran';
  }

  /**
   * One backup under the advisory lock (another instance's run in progress → 'busy'); `stillWanted` is asked again
   * once the lock is held. A run left RUNNING by an instance that died is marked failed first.
   */
  async run(
    trigger: BackupTriggerValue,
    stillWanted: () => Promise<boolean> = async () => true,
  ): Promise<BackupRun | 'busy' | 'skipped'> {
    const lock = new pg.Client({ connectionString: this.o.databaseUrl, application_name: 'enzo-backup-lock' });
    await lock.connect();
    try {
      const { rows } = await lock.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [
        String(BACKUP_LOCK),
      ]);
      if (!rows[0]!.ok) return 'busy';
      await this.o.ds.query(
        `UPDATE backup_run SET status = 'FAILED', finished_at = now(), error = 'Interrumpida: la instancia que la hacía se detuvo.'
          WHERE status = 'RUNNING'`,
      );
      if (!(await stillWanted())) return 'skipped';
      const [{ id }] = (await this.o.ds.query(
        `INSERT INTO backup_run (trigger, status) VALUES ($1, 'RUNNING') RETURNING id`,
        [trigger],
      )) as [{ id: number }];
      try {
        const written = await writeBackup({
          databaseUrl: this.o.databaseUrl,
          mediaDir: this.o.mediaDir,
          outboxDir: path.join(this.o.dataDir, 'outbox'),
          destDir: this.o.backupDir,
          app: appVersion(),
          pgBinDir: this.o.pgBinDir,
        });
        const stores: BackupStore[] = [new LocalBackupStore(this.o.backupDir)];
        if (this.o.remoteStore) {
          const remote = await this.o.remoteStore();
          await remote.put(written.file);
          stores.push(remote);
        }
        const settings = await readOperationsSettings(this.o.ds);
        for (const store of stores) {
          for (const old of backupsToDelete(await store.list(), {
            daily: settings.keepDaily,
            weekly: settings.keepWeekly,
            monthly: settings.keepMonthly,
          }))
            await store.remove(old.name);
        }
        const { counts } = written.manifest.database;
        await this.o.ds.query(
          `UPDATE backup_run SET status = 'OK', finished_at = now(), file_name = $2, bytes = $3, sha256 = $4, locations = $5,
             orders = $6, products = $7, customers = $8 WHERE id = $1`,
          [
            id,
            path.basename(written.file),
            written.bytes,
            written.sha256,
            stores.map((s) => s.kind),
            counts.orders,
            counts.products,
            counts.customers,
          ],
        );
        this.o.log?.info({ backup: path.basename(written.file), bytes: written.bytes }, 'Copia de seguridad completa');
      } catch (err) {
        const message = String((err as Error)?.message ?? err).slice(0, 1000);
        this.o.log?.error({ err }, 'La copia de seguridad falló');
        await this.o.ds.query(
          `UPDATE backup_run SET status = 'FAILED', finished_at = now(), error = $2 WHERE id = $1`,
          [id, message],
        );
      }
      const [run] = await this.o.ds.query(`SELECT ${RUN_COLUMNS} FROM backup_run WHERE id = $1`, [id]);
      return run as BackupRun;
    } finally {
      await lock.end().catch(() => undefined);
    }
  }
}
