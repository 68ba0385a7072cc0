import type { Resolvers } from '../../generated/graphql.js';
import { currentStaff, staffOnly } from '../../common/access.js';
import { formatNit } from '#shared/nit.js';
import type { LegalProfile, LegalSettingsService } from './legal-settings.service.js';

/** The profile as the schema shows it: the NIT written with its check digit. */
export type LegalSettingsView = Omit<LegalProfile, 'nit'> & { nit: string };

const view = (p: LegalProfile): LegalSettingsView => ({ ...p, nit: formatNit(p.nit) });

/** The footer's legal identity (public) and the owner's legal settings. */
export function createLegalResolvers(legal: LegalSettingsService): Resolvers {
  return {
    ShopSettings: {
      legal: () => legal.info(),
    },
    Query: {
      staffLegalSettings: staffOnly('legal.manage', async () => view(await legal.profile())),
    },
    Mutation: {
      staffSaveLegalSettings: staffOnly('legal.manage', async (_p, { input }, ctx) => {
        const staff = await currentStaff(ctx);
        const saved = await legal.save(input, staff.email ?? staff.uid);
        return saved.__typename === 'LegalSettings'
          ? Object.assign(view(saved), { __typename: saved.__typename })
          : saved;
      }),
    },
    LegalSettingsResult: {
      __resolveType: (r) =>
        '__typename' in r && r.__typename === 'ValidationErrors' ? 'ValidationErrors' : 'LegalSettings',
    },
  };
}
