import type { DataSource } from 'typeorm';
import { roleAllows } from '#shared/staff-access.js';
import { operationsSettingsSchema } from '#shared/operations.js';
import type { Resolvers } from '../../generated/graphql.js';
import { staffOnly, currentStaff } from '../../common/access.js';
import { commit, inTransaction } from '../../common/db.js';
import { validationErrors } from '../../common/results.js';
import type { AlertMonitor } from './alert-monitor.js';
import type { BackupService } from './backup-service.js';
import { readOperationsSettings, writeOperationsSettings } from './operations-settings.js';

export interface OperationsResolverDeps {
  ds: DataSource;
  backups: BackupService;
  alerts: AlertMonitor;
  backupDir: string;
  remoteBackups: boolean;
  notifyEmail: string;
}

/** Backups and alerts for staff: seen with operations.view, changed only with operations.manage (the owner). */
export function createOperationsResolvers(d: OperationsResolverDeps): Resolvers {
  return {
    Query: {
      staffOperations: staffOnly('operations.view', async (_p, _a, ctx) => {
        const staff = await currentStaff(ctx);
        const [settings, alerts, backups, lastSuccessfulBackup] = await Promise.all([
          readOperationsSettings(d.ds),
          d.alerts.current(),
          d.backups.recent(10),
          d.backups.lastSuccessful(),
        ]);
        return {
          settings,
          alerts,
          backups: backups.map((b) => ({ ...b, id: String(b.id) })),
          lastSuccessfulBackup: lastSuccessfulBackup && {
            ...lastSuccessfulBackup,
            id: String(lastSuccessfulBackup.id),
          },
          backupDir: d.backupDir,
          remoteBackups: d.remoteBackups,
          notifyEmail: d.notifyEmail,
          canManage: roleAllows(staff.role, 'operations.manage'),
        };
      }),
    },
    Mutation: {
      staffUpdateOperationsSettings: staffOnly('operations.manage', async (_p, { input }, ctx) => {
        const staff = await currentStaff(ctx);
        const parsed = operationsSettingsSchema.safeParse(input);
        if (!parsed.success) return validationErrors(parsed.error);
        const outcome = await inTransaction(d.ds, async (m) =>
          commit(await writeOperationsSettings(m, parsed.data, staff.email ?? staff.uid)),
        );
        if (!outcome.commit) throw new Error('unreachable');
        return {
          __typename: 'OperationsSettingsSaved' as const,
          settings: outcome.value,
          message: 'Ajustes de copias de seguridad y alertas guardados.',
        };
      }),
      staffRunBackupNow: staffOnly('operations.manage', async () => {
        await inTransaction(d.ds, async (m) => commit(await d.backups.request(m)));
        return {
          message:
            'Copia de seguridad en camino: aparecerá en la lista en cuanto termine (suele tardar menos de un minuto).',
        };
      }),
    },
    UpdateOperationsSettingsResult: {
      __resolveType: (r) => r.__typename ?? null,
    },
  };
}
