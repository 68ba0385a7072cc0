import { usePublicCampaigns } from '../../lib/public-layout-data';

/** Links to the seasonal campaign pages that are on (from the public layout's data; none while it loads). */
export function useCampaignLinks(): Array<{ to: string; label: string }> {
  return usePublicCampaigns().map((c) => ({ to: c.path, label: c.title }));
}
