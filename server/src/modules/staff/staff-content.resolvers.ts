import type { Resolvers } from '../../generated/graphql.js';
import type { CampaignService, ContentAdminService, ContentService } from '../content/index.js';
import { requireStaff } from './auth.js';
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
      staffHomeSlides: async (_p, _a, ctx) => {
        await requireStaff(ctx);
        return content.slides({ live: false });
      },
      staffPromoBlocks: async (_p, _a, ctx) => {
        await requireStaff(ctx);
        return content.promos({ live: false });
      },
      staffCampaigns: async (_p, _a, ctx) => {
        await requireStaff(ctx);
        return campaigns.list();
      },
    },
    Mutation: {
      staffUploadImage: async (_p, { input }, ctx) => {
        await requireStaff(ctx);
        return contentAdmin.uploadImage(input);
      },
      staffCreateHomeSlide: async (_p, { input }, ctx) => {
        await requireStaff(ctx);
        return contentAdmin.createSlide(input);
      },
      staffUpdateHomeSlide: async (_p, { id, input }, ctx) => {
        await requireStaff(ctx);
        return contentAdmin.updateSlide(id, input);
      },
      staffDeleteHomeSlide: async (_p, { id }, ctx) => {
        await requireStaff(ctx);
        return contentAdmin.deleteSlide(id);
      },
      staffReorderHomeSlides: async (_p, { ids }, ctx) => {
        await requireStaff(ctx);
        return contentAdmin.reorderSlides(ids);
      },
      staffCreatePromoBlock: async (_p, { input }, ctx) => {
        await requireStaff(ctx);
        return contentAdmin.createPromo(input);
      },
      staffUpdatePromoBlock: async (_p, { id, input }, ctx) => {
        await requireStaff(ctx);
        return contentAdmin.updatePromo(id, input);
      },
      staffDeletePromoBlock: async (_p, { id }, ctx) => {
        await requireStaff(ctx);
        return contentAdmin.deletePromo(id);
      },
      staffReorderPromoBlocks: async (_p, { ids }, ctx) => {
        await requireStaff(ctx);
        return contentAdmin.reorderPromos(ids);
      },
      staffUpdateCampaign: async (_p, { slug, input }, ctx) => {
        await requireStaff(ctx);
        return campaigns.update(slug, input);
      },
      staffCampaignPreview: async (_p, { slug }, ctx) => {
        await requireStaff(ctx);
        return campaigns.previewLink(slug);
      },
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
