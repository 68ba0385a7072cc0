import type { Resolvers } from '../../generated/graphql.js';
import { permissionsOf, ROLE_LABELS } from '#shared/staff-access.js';
import { signedInStaff } from '../../common/access.js';

/** Who is signed in, with the role and permissions the staff table gives them (the dashboard shows only those). */
export function createStaffSessionResolvers(): Resolvers {
  return {
    Query: {
      me: signedInStaff(async (_p, _a, ctx) => {
        const result = await ctx.staffAuth();
        if (result.kind !== 'staff') throw new Error('unreachable: signedInStaff let a non-staff call through');
        const { uid, email, name, role } = result.staff;
        return { uid, email, name, role, roleLabel: ROLE_LABELS[role], permissions: permissionsOf(role) };
      }),
    },
  };
}
