import DataLoader from 'dataloader';
import type { Resolvers } from '../../generated/graphql.js';
import type { GraphQLContext } from '../../common/context.js';
import { ROLE_LABELS } from '#shared/staff-access.js';
import { currentStaff, staffOnly } from '../../common/access.js';
import type { MemberResult, TeamService } from './team.service.js';

const INVITERS = Symbol('team.inviters');

/** «Equipo»: the team, invitations, roles and access (owners: `staff.manage`). */
export function createTeamResolvers(team: TeamService): Resolvers {
  const inviters = (ctx: GraphQLContext) =>
    ctx.scoped(INVITERS, () => new DataLoader((uids: readonly string[]) => team.emailsOf(uids)));
  return {
    Query: {
      staffTeam: staffOnly('staff.manage', async () => {
        const [members, enabledOwners] = await Promise.all([team.list(), team.enabledOwners()]);
        return { members, enabledOwners };
      }),
    },
    Mutation: {
      staffInviteMember: staffOnly('staff.manage', async (_p, { input }, ctx) =>
        team.invite(await currentStaff(ctx), input),
      ),
      staffResendInvitation: staffOnly('staff.manage', async (_p, { uid }, ctx) =>
        team.resendInvitation(await currentStaff(ctx), uid),
      ),
      staffChangeMemberRole: staffOnly('staff.manage', async (_p, { uid, role }) => team.changeRole(uid, role)),
      staffDisableMember: staffOnly('staff.manage', async (_p, { uid }, ctx) =>
        team.disable(await currentStaff(ctx), uid),
      ),
      staffEnableMember: staffOnly('staff.manage', async (_p, { uid }) => team.enable(uid)),
    },
    StaffMemberResult: { __resolveType: (r) => (r as MemberResult).__typename },
    StaffMember: {
      roleLabel: (m) => ROLE_LABELS[m.role],
      isYou: async (m, _a, ctx) => (await currentStaff(ctx)).uid === m.uid,
      invitedBy: (m, _a, ctx) => (m.invitedBy ? inviters(ctx).load(m.invitedBy) : null),
    },
  };
}
