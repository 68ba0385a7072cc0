import type { DataSource, EntityManager } from 'typeorm';
import type { OperationsSettingsValues } from '#shared/operations.js';
import { auditChange } from '../../common/audit.js';

export interface OperationsSettings extends OperationsSettingsValues {
  updatedAt: Date;
  updatedBy: string | null;
}

const COLUMNS = {
  backupEnabled: 'backup_enabled',
  backupTime: 'backup_time',
  keepDaily: 'keep_daily',
  keepWeekly: 'keep_weekly',
  keepMonthly: 'keep_monthly',
  backupMaxAgeHours: 'backup_max_age_hours',
  paymentFailurePercent: 'payment_failure_percent',
  paymentMinAttempts: 'payment_min_attempts',
  paymentWindowMinutes: 'payment_window_minutes',
  noPaidOrderHours: 'no_paid_order_hours',
  openingHour: 'opening_hour',
  closingHour: 'closing_hour',
  jobStuckMinutes: 'job_stuck_minutes',
  diskFreePercent: 'disk_free_percent',
} as const satisfies Record<keyof OperationsSettingsValues, string>;

const FIELDS = Object.keys(COLUMNS) as Array<keyof OperationsSettingsValues>;

/** The one row of operations settings (the migration creates it with the defaults). */
export async function readOperationsSettings(db: DataSource | EntityManager): Promise<OperationsSettings> {
  const [row] = (await db.query(
    `SELECT ${FIELDS.map((f) => `${COLUMNS[f]} AS "${f}"`).join(', ')}, updated_at AS "updatedAt", updated_by AS "updatedBy"
       FROM operations_settings WHERE id = 1`,
  )) as OperationsSettings[];
  return row!;
}

/** Saves the settings in `m`'s transaction, with the activity entry of what changed. */
export async function writeOperationsSettings(
  m: EntityManager,
  values: OperationsSettingsValues,
  by: string,
): Promise<OperationsSettings> {
  await m.query(`SELECT id FROM operations_settings WHERE id = 1 FOR UPDATE`);
  const before = valuesOf(await readOperationsSettings(m));
  await m.query(
    `UPDATE operations_settings SET ${FIELDS.map((f, i) => `${COLUMNS[f]} = $${i + 1}`).join(', ')},
       updated_at = now(), updated_by = $${FIELDS.length + 1} WHERE id = 1`,
    [...FIELDS.map((f) => values[f]), by.slice(0, 200)],
  );
  const saved = await readOperationsSettings(m);
  auditChange(m, { entityType: 'operationsSettings', entityId: 1, before, after: valuesOf(saved) });
  return saved;
}

/** The settings' own fields (not who saved them when), as an activity entry shows them. */
function valuesOf(settings: OperationsSettings): Record<string, unknown> {
  return Object.fromEntries(FIELDS.map((f) => [f, settings[f]]));
}
