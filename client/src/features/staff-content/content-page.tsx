import { useQuery } from '@apollo/client/react';
import { QueryError } from '../../components/staff/query-error';
import { CampaignCard } from './campaign-card';
import { PromosSection, SlidesSection } from './content-sections';
import { StaffContentDocument } from './staff-content.generated';

/** `/dashboard/contenido`: the home carousel, the promo blocks and the seasonal campaign pages. */
export function ContentPage() {
  const { data, error, loading, refetch } = useQuery(StaffContentDocument, { fetchPolicy: 'cache-and-network' });
  if (error && !data) return <QueryError onRetry={() => void refetch()} error={error} />;
  if (loading && !data) return <p role="status">Cargando el contenido…</p>;
  if (!data) return null;
  return (
    <section className="staff-page">
      <h1>Contenido de la tienda</h1>
      <p className="muted">
        La página de inicio muestra solo lo que está encendido y dentro de sus fechas (hora de Bogotá), en este orden.
      </p>
      <SlidesSection slides={data.staffHomeSlides} />
      <PromosSection promos={data.staffPromoBlocks} categories={data.categories} />
      <section aria-label="Campañas de temporada">
        <h2>Campañas de temporada</h2>
        {data.staffCampaigns.map((c) => (
          <CampaignCard key={c.slug} campaign={c} />
        ))}
      </section>
    </section>
  );
}
