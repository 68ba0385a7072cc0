import type { Resolvers } from '../../generated/graphql.js';
import type { CampaignService, ContentAdminService, ContentService } from '../content/index.js';
import { staffOnly } from '../../common/access.js';
import { memberOf } from './union-member.js';

/** Home slides, promo blocks, campaign pages and the media library, for staff. */
export function createStaffContentResolvers(deps: {
  content: ContentService;
  contentAdmin: ContentAdminService;
  campaigns: CampaignService;
}): Resolvers {
  const { content, contentAdmin, campaigns } = deps;
  return {
    Query: {
      staffHomeSlides: staffOnly('content.manage', (_p, _a) => content.slides({ live: false })),
      staffPromoBlocks: staffOnly('content.manage', (_p, _a) => content.promos({ live: false })),
      staffCampaigns: staffOnly('content.manage', (_p, _a) => campaigns.list()),
    },
    Mutation: {
      staffUploadImage: staffOnly('content.manage', (_p, { input }) => contentAdmin.uploadImage(input)),
      staffCreateHomeSlide: staffOnly('content.manage', (_p, { input }) => contentAdmin.createSlide(input)),
      staffUpdateHomeSlide: staffOnly('content.manage', (_p, { id, input }) => contentAdmin.updateSlide(id, input)),
      staffDeleteHomeSlide: staffOnly('content.manage', (_p, { id }) => contentAdmin.deleteSlide(id)),
      staffReorderHomeSlides: staffOnly('content.manage', (_p, { ids }) => contentAdmin.reorderSlides(ids)),
      staffCreatePromoBlock: staffOnly('content.manage', (_p, { input }) => contentAdmin.createPromo(input)),
      staffUpdatePromoBlock: staffOnly('content.manage', (_p, { id, input }) => contentAdmin.updatePromo(id, input)),
      staffDeletePromoBlock: staffOnly('content.manage', (_p, { id }) => contentAdmin.deletePromo(id)),
      staffReorderPromoBlocks: staffOnly('content.manage', (_p, { ids }) => contentAdmin.reorderPromos(ids)),
      staffUpdateCampaign: staffOnly('content.manage', (_p, { slug, input }) => campaigns.update(slug, input)),
      staffCampaignPreview: staffOnly('content.manage', (_p, { slug }) => campaigns.previewLink(slug)),
    },
    StaffUploadImageResult: { __resolveType: (r) => r.__typename ?? null },
    StaffHomeSlideResult: {
      __resolveType: (r) => memberOf<'StaffHomeSlide' | 'ValidationErrors' | 'NotFound'>(r, 'StaffHomeSlide'),
    },
    StaffPromoBlockResult: {
      __resolveType: (r) => memberOf<'StaffPromoBlock' | 'ValidationErrors' | 'NotFound'>(r, 'StaffPromoBlock'),
    },
    StaffDeleteResult: { __resolveType: (r) => r.__typename ?? null },
    StaffReorderSlidesResult: { __resolveType: (r) => r.__typename ?? null },
    StaffReorderPromosResult: { __resolveType: (r) => r.__typename ?? null },
    StaffCampaignResult: {
      __resolveType: (r) => memberOf<'StaffCampaign' | 'ValidationErrors' | 'NotFound'>(r, 'StaffCampaign'),
    },
    StaffCampaignPreviewResult: { __resolveType: (r) => r.__typename ?? null },
    StaffHomeSlide: { id: (s) => String(s.id) },
    StaffPromoBlock: { id: (b) => String(b.id) },
    StaffCampaign: { productCount: (c) => campaigns.productCount(c.collection) },
  };
}
