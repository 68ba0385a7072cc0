// Operations: backups and their restore, scheduled backups, alerts and the figures /metrics reads from the database.
export { writeBackup, backupFileName, backupTimeOf, BackupError, type WrittenBackup } from './backup-writer.js';
export { openBackup, type OpenedBackup } from './backup-reader.js';
export { restoreBackup, whatIsThere, type RestoreTarget } from './backup-restore.js';
export { currentFacts } from './database-snapshot.js';
export { PgToolsError } from './pg-tools.js';
export type { BackupManifest } from './backup-manifest.js';
export { appVersion } from './app-version.js';
