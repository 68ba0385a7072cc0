import type { Resolvers } from '../../generated/graphql.js';
import { staffOnly } from '../../common/access.js';
import type { ActivityLog } from './activity-log.service.js';
import { entryView } from './audit-view.js';

/** «Actividad» and each record's history (owners: `audit.view`). */
export function createAuditResolvers(deps: { log: ActivityLog; retentionDays: number }): Resolvers {
  return {
    Query: {
      staffActivity: staffOnly('audit.view', async (_p, { filter, first, after }) => {
        const page = await deps.log.list(filter, first, after);
        return { ...page, entries: page.entries.map(entryView), retentionDays: deps.retentionDays };
      }),
    },
  };
}
