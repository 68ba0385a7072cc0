import type { QueryClient } from '../lib/apollo';
import { CAMPAIGN_PREVIEW_PARAM } from '#shared/storefront-routes.js';
import { CategoryPage, loadCategoryListing } from '../features/catalog';
import { CampaignPageDocument, CampaignRoute } from '../features/campaigns';
import { NotFoundPage } from '../features/content/not-found-page';
import { DocumentMeta, HttpStatus } from './document-meta';

/** App-level composition of a campaign page: the campaign (on, off or previewed) + the catalog listing of its collection + the 404. */
export function CampaignPage({ slug, path }: { slug: string; path: string }) {
  return (
    <CampaignRoute
      slug={slug}
      notFound={
        <>
          <HttpStatus code={404} />
          <DocumentMeta title="Página no encontrada" noindex />
          <NotFoundPage />
        </>
      }
    >
      {(campaign) => (
        <CategoryPage
          title={campaign.title}
          description={campaign.description}
          path={path}
          collection={campaign.collection}
          noindex={campaign.preview}
        />
      )}
    </CampaignRoute>
  );
}

/** What the page queries, run by the server before rendering with the same variables: the campaign, then its collection's listing while it shows. */
export async function loadCampaign(client: QueryClient, slug: string, params: URLSearchParams) {
  const { data } = await client.query({
    query: CampaignPageDocument,
    variables: { slug, previewToken: params.get(CAMPAIGN_PREVIEW_PARAM) },
  });
  if (data?.campaign) await loadCategoryListing(client, { collection: data.campaign.collection }, params);
}
