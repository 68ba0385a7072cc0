import type { StaffRole } from '#shared/staff-access.js';

/** The signed-in staff member behind a request, with the role that decides what they may do. */
export interface StaffIdentity {
  uid: string;
  email: string | null;
  name: string | null;
  role: StaffRole;
}

/** Outcome of checking a request's `Authorization` header. */
export type StaffAuthResult =
  | { kind: 'anonymous' }
  | { kind: 'invalid' }
  | { kind: 'not-staff'; uid: string }
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
  /** Who is calling (Firebase ID token), checked at most once per request and only when asked. */
  staffAuth(): Promise<StaffAuthResult>;
  /** A per-request value owned by a module (DataLoaders, prefetched rows), created on first use under `key`. */
  scoped<T>(key: symbol, create: () => T): T;
}
