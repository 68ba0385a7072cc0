// Storefront content staff run: home carousel slides, promo blocks (text as text, prices from the catalogue), campaign pages.
export { ContentService, type PromoView, type SlideView } from './content.service.js';
export {
  ContentAdminService,
  type DeleteResult,
  type PromoResult,
  type SlideResult,
  type UploadedImage,
} from './content-admin.service.js';
export {
  CampaignService,
  PREVIEW_HOURS,
  type CampaignResult,
  type CampaignView,
  type PreviewResult,
} from './campaign.service.js';
export { createContentResolvers } from './content.resolvers.js';
export { HomeSlideEntity } from './home-slide.entity.js';
export { PromoBlockEntity } from './promo-block.entity.js';
export { CampaignEntity } from './campaign.entity.js';
