import type { Permission, StaffRole } from '#shared/staff-access.js';

/** The signed-in staff member behind a request, with the role that decides what they may do. */
export interface StaffIdentity {
  uid: string;
  email: string | null;
  name: string | null;
  role: StaffRole;
}

/** Where a request comes from, for the activity log. */
export interface RequestFacts {
  ip: string;
  requestId: string;
}

/** Outcome of checking a request's `Authorization` header against Firebase and the staff table. */
export type StaffAuthResult =
  | { kind: 'anonymous' }
  | { kind: 'invalid' }
  /** A valid Firebase account that is not on the team. */
  | { kind: 'not-staff'; uid: string; email: string | null }
  /** On the team, but its access was turned off (staff table or Firebase account disabled). */
  | { kind: 'disabled'; uid: string; email: string | null }
  | { kind: 'staff'; staff: StaffIdentity };

/**
 * Per-request GraphQL context. Services are not in it: each module's resolvers are built at start-up
 * with the services they need (see app/resolvers.ts); the context only carries what belongs to one request.
 */
export interface GraphQLContext {
  requestId: string;
  /** The client address (as TRUST_PROXY allows it to be read); empty for the server's own requests. */
  ip: string;
  /** What per-client limits and caps count under: the IPv4 address or the IPv6 /64 (common/client-key.ts). */
  clientKey: string;
  /** Who is calling (Firebase ID token and the staff table), checked at most once per request and only when asked. */
  staffAuth(): Promise<StaffAuthResult>;
  /** Writes the activity-log entry of a refused staff call (FORBIDDEN), in its own transaction. */
  recordRefusal(operation: string, permission: Permission | null, who: StaffAuthResult): Promise<void>;
  /** A per-request value owned by a module (DataLoaders, prefetched rows), created on first use under `key`. */
  scoped<T>(key: symbol, create: () => T): T;
}
