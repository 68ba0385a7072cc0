import type { GraphQLContext, StaffAuthResult } from '../common/context.js';
import { clientKey } from '../common/client-key.js';
import { refusalEntry } from '../common/access.js';
import { lazyStaffAuth, type StaffAuthService } from '../modules/staff/index.js';
import type { ActivityLog } from '../modules/audit/index.js';

export type { GraphQLContext };

/**
 * A fresh per-request context: the caller's identity (checked lazily), the activity-log entry of a refused staff
 * call, and a scope for module-owned request data.
 */
export function createContext(
  auth: StaffAuthService,
  activity: ActivityLog,
  request: {
    requestId: string;
    ip: string;
    authorization?: string;
    /** The request's token check when something already made it (it runs at most once per request). */
    staffAuth?: () => Promise<StaffAuthResult>;
  },
): GraphQLContext {
  const scope = new Map<symbol, unknown>();
  const facts = { ip: request.ip, requestId: request.requestId };
  return {
    requestId: request.requestId,
    ip: request.ip,
    clientKey: clientKey(request.ip),
    staffAuth: request.staffAuth ?? lazyStaffAuth(auth, request.authorization, facts),
    async recordRefusal(operation, permission, who) {
      const entry = refusalEntry(operation, permission, who, facts);
      if (entry) await activity.recordRefusal(entry);
    },
    scoped<T>(key: symbol, create: () => T): T {
      if (!scope.has(key)) scope.set(key, create());
      return scope.get(key) as T;
    },
  };
}
