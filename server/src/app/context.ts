import type { GraphQLContext, StaffAuthResult } from '../common/context.js';
import { clientKey } from '../common/client-key.js';
import { lazyStaffAuth, type StaffAuthService } from '../modules/staff/index.js';

export type { GraphQLContext };

/** A fresh per-request context: the caller's identity (checked lazily) and a scope for module-owned request data. */
export function createContext(
  auth: StaffAuthService,
  request: {
    requestId: string;
    ip: string;
    authorization?: string;
    /** The request's token check when something already made it (it runs at most once per request). */
    staffAuth?: () => Promise<StaffAuthResult>;
  },
): GraphQLContext {
  const scope = new Map<symbol, unknown>();
  return {
    requestId: request.requestId,
    ip: request.ip,
    clientKey: clientKey(request.ip),
    staffAuth: request.staffAuth ?? lazyStaffAuth(auth, request.authorization),
    scoped<T>(key: symbol, create: () => T): T {
      if (!scope.has(key)) scope.set(key, create());
      return scope.get(key) as T;
    },
  };
}
