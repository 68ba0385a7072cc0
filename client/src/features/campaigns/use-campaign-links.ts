import { useQuery } from '@apollo/client/react';
import { ActiveCampaignsDocument } from './campaigns.generated';

/** Links to the seasonal campaign pages that are on (none while the shop is loading or offline). */
export function useCampaignLinks(): Array<{ to: string; label: string }> {
  const { data } = useQuery(ActiveCampaignsDocument);
  return data?.campaigns.map((c) => ({ to: c.path, label: c.title })) ?? [];
}
