import { openFields } from '../../common/access.js';
import type { Resolvers } from '../../generated/graphql.js';
import type { CampaignService } from './campaign.service.js';
import type { ContentService } from './content.service.js';

/** Thin: the home page's live slides and promo blocks, and campaign pages that are on (or previewed). */
export function createContentResolvers(deps: { content: ContentService; campaigns: CampaignService }): Resolvers {
  const { content, campaigns } = deps;
  return {
    Query: openFields({
      campaign: (_p, { slug, previewToken }) => campaigns.visible(slug, previewToken),
      campaigns: async () => (await campaigns.active()).map((c) => Object.assign(c, { preview: false })),
    }),
    HomeMedia: {
      slides: () => content.slides({ live: true }),
      promos: () => content.promos({ live: true }),
    },
    HomeSlide: { id: (s) => String(s.id) },
    PromoBlock: { id: (b) => String(b.id) },
  };
}
