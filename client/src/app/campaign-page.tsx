import { CategoryPage } from '../features/catalog/category-page';
import { CategoryListingDocument } from '../features/catalog/catalog.generated';
import { CampaignRoute } from '../features/campaigns';
import { NotFoundPage } from '../features/content/not-found-page';
import { DocumentMeta } from './document-meta';

/** App-level composition of a campaign page: the campaign (on, off or previewed) + the catalog listing of its collection + the 404. */
export function CampaignPage({ slug, path }: { slug: string; path: string }) {
  return (
    <CampaignRoute
      slug={slug}
      notFound={
        <>
          <DocumentMeta title="Página no encontrada" noindex />
          <NotFoundPage />
        </>
      }
    >
      {(campaign) => <CategoryPage title={campaign.title} description={campaign.description} path={path} collection={campaign.collection} noindex={campaign.preview} />}
    </CampaignRoute>
  );
}

/** Queries whose results the server may embed in the HTML of this route (lib/initial-data): the collection's listing. */
export const INITIAL_QUERIES = [CategoryListingDocument];
