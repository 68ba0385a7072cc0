import { z } from 'zod';
import { formatDecimal } from './money.js';

/** Backups, alerts and their settings: the rules the dashboard's form and the server share. */

export const BACKUP_STATUSES = ['RUNNING', 'OK', 'FAILED'] as const;
export type BackupStatusValue = (typeof BACKUP_STATUSES)[number];
export const BACKUP_STATUS_LABELS: Record<BackupStatusValue, string> = {
  RUNNING: 'En curso',
  OK: 'Completa',
  FAILED: 'Falló',
};

export const BACKUP_TRIGGERS = ['SCHEDULED', 'MANUAL'] as const;
export type BackupTriggerValue = (typeof BACKUP_TRIGGERS)[number];
export const BACKUP_TRIGGER_LABELS: Record<BackupTriggerValue, string> = {
  SCHEDULED: 'Programada',
  MANUAL: 'Pedida desde el panel',
};

/** A file's size as people read it: `512 B`, `3,4 KB`, `12,5 MB`, `1,2 GB` (backups on the dashboard and the CLI). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${formatDecimal(bytes / 1024, 1)} KB`;
  if (bytes < 1024 ** 3) return `${formatDecimal(bytes / 1024 ** 2, 1)} MB`;
  return `${formatDecimal(bytes / 1024 ** 3, 1)} GB`;
}

export { SHOP_UTC_OFFSET_HOURS } from './shop-time.js';

const hour = (label: string, min: number, max: number) =>
  z
    .number({ message: `${label}: escribe un número.` })
    .int(`${label}: usa horas enteras.`)
    .min(min, `${label}: mínimo ${min}.`)
    .max(max, `${label}: máximo ${max}.`);

const whole = (label: string, min: number, max: number) =>
  z
    .number({ message: `${label}: escribe un número.` })
    .int(`${label}: usa un número entero.`)
    .min(min, `${label}: mínimo ${min}.`)
    .max(max, `${label}: máximo ${max}.`);

/** The owner's settings for backups and alerts (defaults: one backup a day at 03:00, 7 daily, 4 weekly, 12 monthly). */
export const operationsSettingsSchema = z
  .object({
    backupEnabled: z.boolean(),
    backupTime: z
      .string()
      .trim()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Hora de la copia: usa el formato HH:MM (24 horas), p. ej. 03:00.'),
    keepDaily: whole('Copias diarias a conservar', 1, 90),
    keepWeekly: whole('Copias semanales a conservar', 0, 52),
    keepMonthly: whole('Copias mensuales a conservar', 0, 60),
    backupMaxAgeHours: whole('Alerta si la última copia tiene más de (horas)', 2, 24 * 14),
    paymentFailurePercent: whole('Porcentaje de pagos fallidos para alertar', 1, 100),
    paymentMinAttempts: whole('Pagos mínimos para calcular el porcentaje', 1, 1000),
    paymentWindowMinutes: whole('Ventana de pagos (minutos)', 5, 24 * 60),
    noPaidOrderHours: whole('Horas sin pedidos pagados para alertar', 1, 24 * 7),
    openingHour: hour('Hora de apertura', 0, 23),
    closingHour: hour('Hora de cierre', 1, 24),
    jobStuckMinutes: whole('Minutos para considerar una tarea atascada', 2, 24 * 60),
    diskFreePercent: whole('Espacio libre mínimo en disco (%)', 1, 90),
  })
  .refine((s) => s.closingHour > s.openingHour, {
    message: 'La hora de cierre debe ser después de la de apertura.',
    path: ['closingHour'],
  });

export type OperationsSettingsValues = z.infer<typeof operationsSettingsSchema>;

export const DEFAULT_OPERATIONS_SETTINGS: OperationsSettingsValues = {
  backupEnabled: true,
  backupTime: '03:00',
  keepDaily: 7,
  keepWeekly: 4,
  keepMonthly: 12,
  backupMaxAgeHours: 26,
  paymentFailurePercent: 50,
  paymentMinAttempts: 5,
  paymentWindowMinutes: 60,
  noPaidOrderHours: 6,
  openingHour: 8,
  closingHour: 20,
  jobStuckMinutes: 15,
  diskFreePercent: 10,
};
