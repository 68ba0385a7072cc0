// Seasonal campaign pages staff switch on and off (with preview links), and the header's links to them.
export { CampaignRoute, type CampaignRouteProps, type CampaignView } from './campaign-route';
export { CampaignPageDocument } from './campaigns.generated';
export { useCampaignLinks } from './use-campaign-links';
