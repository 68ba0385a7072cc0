import type { ApolloClient } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { ActiveCampaignsDocument } from './campaigns.generated';

/** Part of the public layout's data: the server loads it before rendering, so the header hydrates with its links. */
export async function loadCampaignLinks(client: ApolloClient) {
  await client.query({ query: ActiveCampaignsDocument });
}

/** Links to the seasonal campaign pages that are on (none while the shop is loading or offline). */
export function useCampaignLinks(): Array<{ to: string; label: string }> {
  const { data } = useQuery(ActiveCampaignsDocument);
  return data?.campaigns.map((c) => ({ to: c.path, label: c.title })) ?? [];
}
