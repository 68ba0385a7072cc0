import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useShopQuery } from '../../lib/use-shop-query';
import { CAMPAIGN_PREVIEW_PARAM } from '#shared/storefront-routes.js';
import { CampaignPageDocument, type CampaignPageQuery } from './campaigns.generated';

export type CampaignView = NonNullable<CampaignPageQuery['campaign']>;

export interface CampaignRouteProps {
  slug: string;
  /** The listing of the campaign's collection (composed by app/: features do not import each other). */
  children: (campaign: CampaignView) => ReactNode;
  /** The 404 page, for a campaign that staff switched off. */
  notFound: ReactNode;
}

/**
 * A seasonal campaign page (e.g. `/halloween`): its listing while staff have it on; the 404 page while
 * off, unless the URL carries a staff preview token (then a notice says shoppers do not see it yet).
 */
export function CampaignRoute({ slug, children, notFound }: CampaignRouteProps) {
  const [params] = useSearchParams();
  const previewToken = params.get(CAMPAIGN_PREVIEW_PARAM);
  const { data, loading, error } = useShopQuery(CampaignPageDocument, { variables: { slug, previewToken } });
  const campaign = data?.campaign;
  if (loading && !data) return <div className="catalog catalog--loading" aria-busy="true" aria-label="Cargando" />;
  if (error && !data) {
    return (
      <p className="catalog__error" role="alert">
        No pudimos cargar esta página. Revisa tu conexión e intenta de nuevo.
      </p>
    );
  }
  if (!campaign) return notFound;
  return (
    <>
      {campaign.preview ? (
        <p className="campaign-preview" role="status">
          Vista previa: esta campaña está apagada y los clientes todavía no la ven.
        </p>
      ) : null}
      {children(campaign)}
    </>
  );
}
