import { formatCop } from '#shared/money.js';
import { ContentLink } from '../../components/content-link';
import type { HomeMediaQuery } from './home.generated';

type Promo = HomeMediaQuery['homeMedia']['promos'][number];

/**
 * Home promo blocks as staff set them: the words are text (never painted into the picture) and the
 * "Desde" price comes from the catalogue, so it follows price edits. Pictures alternate sides.
 */
export function PromoBlocks({ promos }: { promos: Promo[] }) {
  return (
    <>
      {promos.map((promo, i) => (
        <section
          key={promo.id}
          className={`home-promo${i % 2 === 1 ? ' home-promo--reverse' : ''}`}
          aria-labelledby={`home-promo-${promo.id}`}
        >
          {promo.image ? (
            <img
              src={promo.image.url}
              alt={promo.image.alt}
              width={promo.image.width}
              height={promo.image.height}
              loading="lazy"
              decoding="async"
            />
          ) : null}
          <div className="home-promo__text">
            <h2 id={`home-promo-${promo.id}`}>{promo.title}</h2>
            <p>{promo.body}</p>
            {promo.fromPrice != null ? (
              <p className="home-promo__price">
                Desde <strong>{formatCop(promo.fromPrice)}</strong>
              </p>
            ) : null}
            <ContentLink to={promo.linkUrl} className="button">
              {promo.linkLabel}
            </ContentLink>
          </div>
        </section>
      ))}
    </>
  );
}
