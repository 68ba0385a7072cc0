import { forbiddenMessage, roleAllows, type Permission } from '#shared/staff-access.js';
import type { StaffAuthResult, StaffIdentity } from './context.js';
import { forbidden, unauthenticated } from './errors.js';

/**
 * Access is declared on every GraphQL root field, next to its resolver: `open(resolver)` for a field
 * anyone may call, `staffOnly(permission, resolver)` for a staff field. There is no default: a test
 * walks the schema and fails on any root field that declares neither.
 */

export type FieldAccess = { kind: 'open' } | { kind: 'staff'; permission: Permission };

const ACCESS = Symbol.for('enzo.fieldAccess');

// Resolver signatures come from the generated types; the wrappers keep them as they are.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyResolver = (parent: any, args: any, ctx: any, info: any) => unknown;

interface AuthContext {
  staffAuth(): Promise<StaffAuthResult>;
}

function declare<F>(resolver: F, access: FieldAccess): F {
  Object.defineProperty(resolver, ACCESS, { value: access, enumerable: false });
  return resolver;
}

/** The access a resolver declared, or undefined when it declared none. */
export function accessOf(resolver: unknown): FieldAccess | undefined {
  if (typeof resolver !== 'function') return undefined;
  return (resolver as unknown as Record<symbol, FieldAccess | undefined>)[ACCESS];
}

/**
 * The staff member behind the request when their role holds `permission`; UNAUTHENTICATED without a
 * valid token, FORBIDDEN (with the reason in Spanish) for a non-staff account or a role without it.
 */
export async function requirePermission(ctx: AuthContext, permission: Permission): Promise<StaffIdentity> {
  const result = await ctx.staffAuth();
  if (result.kind === 'staff') {
    if (roleAllows(result.staff.role, permission)) return result.staff;
    throw forbidden(forbiddenMessage(permission));
  }
  if (result.kind === 'not-staff') throw forbidden();
  throw unauthenticated();
}

/** A root field only staff holding `permission` may call; the check runs before the resolver. */
export function staffOnly<F extends AnyResolver>(permission: Permission, resolver: F): F {
  const guarded = (async (parent, args, ctx: AuthContext, info) => {
    await requirePermission(ctx, permission);
    return resolver(parent, args, ctx, info);
  }) as F;
  return declare(guarded, { kind: 'staff', permission });
}

/** A root field anyone may call (the shop's public API). */
export function open<F extends AnyResolver>(resolver: F): F {
  return declare(resolver, { kind: 'open' });
}

/** Inside a `staffOnly` resolver: who is calling (already checked by the wrapper). */
export async function currentStaff(ctx: AuthContext): Promise<StaffIdentity> {
  const result = await ctx.staffAuth();
  if (result.kind === 'staff') return result.staff;
  if (result.kind === 'not-staff') throw forbidden();
  throw unauthenticated();
}
