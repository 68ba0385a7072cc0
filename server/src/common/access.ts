import { forbiddenMessage, roleAllows, type Permission } from '#shared/staff-access.js';
import type { GraphQLContext, RequestFacts, StaffAuthResult, StaffIdentity } from './context.js';
import { forbidden, unauthenticated } from './errors.js';
import { runAudited, type AuditEntryRow } from './audit.js';

/**
 * Access is declared on every GraphQL root field, next to its resolver:
 * - `open(resolver)`: anyone may call it (the shop's public API);
 * - `staffOnly(permission, resolver)`: staff whose role holds `permission` (shared/staff-access.ts);
 * - `signedInStaff(resolver)`: any enabled staff member (who am I, what may I do).
 * There is no default: server/src/app/access-coverage.test.ts walks the schema and fails on any root field that
 * declares none, and tests/api/staff-roles.test.ts tries every staff field with every role.
 *
 * A staff MUTATION declared with `staffOnly` also runs inside an audit scope: every transaction it commits writes
 * its activity-log entries in that same transaction (common/audit.ts). To join, a new staff mutation only needs to
 * (1) be declared with `staffOnly`, (2) make its change in a transaction (`inTransaction` or `ds.transaction`) and
 * call `auditChange(m, { entityType, entityId, before, after })` there, and (3) get a label in shared/audit.ts and
 * a row in tests/api/staff-roles.test.ts (both tests fail until it has them). docs/auditoria.md tells the rest.
 */

export type FieldAccess = { kind: 'open' } | { kind: 'staff'; permission: Permission | null };

const ACCESS = Symbol.for('enzo.fieldAccess');

// Resolver signatures come from the generated types; the wrappers keep them as they are.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyResolver = (parent: any, args: any, ctx: any, info: any) => unknown;

type AuthContext = Pick<GraphQLContext, 'staffAuth' | 'recordRefusal'> &
  Partial<Pick<GraphQLContext, 'ip' | 'requestId'>>;

interface FieldInfo {
  fieldName: string;
  parentType: { name: string };
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

export const DISABLED_MESSAGE =
  'Tu cuenta del panel está desactivada. Si crees que es un error, habla con la persona propietaria de la tienda.';
export const NOT_STAFF_MESSAGE = 'No tienes acceso al panel: esta cuenta no es parte del equipo de la tienda.';

/**
 * The activity-log entry of a refused staff call (GraphQL or a download); null without a valid token, since there is
 * nobody to name.
 */
export function refusalEntry(
  operation: string,
  permission: Permission | null,
  who: StaffAuthResult,
  facts: RequestFacts,
): AuditEntryRow | null {
  if (who.kind === 'anonymous' || who.kind === 'invalid') return null;
  return {
    kind: 'refused',
    actor:
      who.kind === 'staff'
        ? { uid: who.staff.uid, email: who.staff.email, role: who.staff.role }
        : { uid: who.uid, email: who.email, role: null },
    operation,
    detail: who.kind === 'staff' ? { permission } : { reason: who.kind },
    ...facts,
  };
}

/** Why a signed-in person is refused; UNAUTHENTICATED (thrown) when there is no valid token at all. */
async function refuse(
  ctx: AuthContext,
  result: StaffAuthResult,
  operation: string,
  permission: Permission | null,
): Promise<never> {
  if (result.kind === 'anonymous' || result.kind === 'invalid') throw unauthenticated();
  await ctx.recordRefusal(operation, permission, result);
  if (result.kind === 'disabled') throw forbidden(DISABLED_MESSAGE, 'DISABLED');
  if (result.kind === 'not-staff') throw forbidden(NOT_STAFF_MESSAGE, 'NOT_STAFF');
  throw forbidden(forbiddenMessage(permission!), 'ROLE');
}

/**
 * The staff member behind the request when their role holds `permission` (any enabled staff member with null);
 * UNAUTHENTICATED without a valid token, FORBIDDEN (with the reason in Spanish, and an activity-log entry) for an
 * account off the team, a disabled one, or a role without the permission.
 */
export async function requirePermission(
  ctx: AuthContext,
  permission: Permission | null,
  operation: string,
): Promise<StaffIdentity> {
  const result = await ctx.staffAuth();
  if (result.kind === 'staff' && (permission === null || roleAllows(result.staff.role, permission)))
    return result.staff;
  return refuse(ctx, result, operation, permission);
}

function guard<F extends AnyResolver>(permission: Permission | null, resolver: F): F {
  const guarded = (async (parent, args, ctx: AuthContext, info: FieldInfo) => {
    const staff = await requirePermission(ctx, permission, info.fieldName);
    if (info.parentType.name !== 'Mutation') return resolver(parent, args, ctx, info);
    return runAudited(
      {
        actor: { uid: staff.uid, email: staff.email, role: staff.role },
        operation: info.fieldName,
        ip: ctx.ip ?? '',
        requestId: ctx.requestId ?? '',
      },
      () => resolver(parent, args, ctx, info),
    );
  }) as F;
  return declare(guarded, { kind: 'staff', permission });
}

/** A root field only staff holding `permission` may call; the check runs before the resolver. */
export function staffOnly<F extends AnyResolver>(permission: Permission, resolver: F): F {
  return guard(permission, resolver);
}

/** A root field any enabled staff member may call, whatever their role (the session: who am I). */
export function signedInStaff<F extends AnyResolver>(resolver: F): F {
  return guard(null, resolver);
}

/** A root field anyone may call (the shop's public API). */
export function open<F extends AnyResolver>(resolver: F): F {
  return declare(resolver, { kind: 'open' });
}

/** Inside a staff resolver: who is calling (already checked by the wrapper). */
export async function currentStaff(ctx: Pick<GraphQLContext, 'staffAuth'>): Promise<StaffIdentity> {
  const result = await ctx.staffAuth();
  if (result.kind === 'staff') return result.staff;
  if (result.kind === 'anonymous' || result.kind === 'invalid') throw unauthenticated();
  throw forbidden(result.kind === 'disabled' ? DISABLED_MESSAGE : NOT_STAFF_MESSAGE);
}

/** Inside a staff resolver: whether the caller's role holds `permission` (to shape what a field shows). */
export async function staffCan(ctx: Pick<GraphQLContext, 'staffAuth'>, permission: Permission): Promise<boolean> {
  const result = await ctx.staffAuth();
  return result.kind === 'staff' && roleAllows(result.staff.role, permission);
}

/** Declares every field of a module's Query or Mutation map open (a module whose root fields are all public). */
export function openFields<T extends object>(fields: T): T {
  for (const value of Object.values(fields)) if (typeof value === 'function') open(value as AnyResolver);
  return fields;
}
