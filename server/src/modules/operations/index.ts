// Operations: backups and their restore, scheduled backups, alerts and the figures /metrics reads from the database.
export { writeBackup, backupFileName, backupTimeOf, BackupError, type WrittenBackup } from './backup-writer.js';
export { openBackup, type OpenedBackup } from './backup-reader.js';
export { restoreBackup, whatIsThere, type RestoreTarget } from './backup-restore.js';
export { currentFacts } from './database-snapshot.js';
export { PgToolsError } from './pg-tools.js';
export type { BackupManifest } from './backup-manifest.js';
export { appVersion } from './app-version.js';
export { BackupService, BACKUP_NOW_TASK, SCHEDULED_BACKUP_TASK, lastDueAt, type BackupRun } from './backup-service.js';
export { firebaseBackupStore, LocalBackupStore, FirebaseBackupStore, type BackupStore } from './backup-stores.js';
export { AlertMonitor, CHECK_ALERTS_TASK, type AlertView } from './alert-monitor.js';
export { operationsAlertConditions, type AlertCondition, type AlertContext } from './alert-conditions.js';
export { operationsMetricProviders } from './operations-metrics.js';
export { readOperationsSettings, writeOperationsSettings, type OperationsSettings } from './operations-settings.js';
export { createOperationsResolvers } from './operations.resolvers.js';
