import type { Resolvers } from '../../generated/graphql.js';
import { requireStaff } from './auth.js';

/** Who is signed in. */
export function createStaffSessionResolvers(): Resolvers {
  return {
    Query: {
      me: async (_p, _a, ctx) => {
        const staff = await requireStaff(ctx);
        return { uid: staff.uid, email: staff.email, name: staff.name };
      },
    },
  };
}
