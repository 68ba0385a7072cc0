import type { Resolvers } from '../../generated/graphql.js';
import { requireStaff } from './auth.js';

/** Who is signed in, and the dashboard home figures. */
export const staffResolvers: Resolvers = {
  Query: {
    me: async (_p, _a, ctx) => {
      const staff = await requireStaff(ctx);
      return { uid: staff.uid, email: staff.email, name: staff.name };
    },
    staffDashboard: async (_p, _a, ctx) => {
      await requireStaff(ctx);
      return ctx.services.staff.dashboard.figures();
    },
  },
};
