import { useEffect } from 'react';
import { useShopQuery } from '../../lib/use-shop-query';
import { HomeMediaDocument } from './home.generated';
import { BannerCarousel } from './banner-carousel';
import { PromoVideo } from './promo-video';
import { LoadingOverlay } from './loading-overlay';
import { CategoryTiles, Testimonial, ValueStatements } from './home-sections';
import { PromoBlocks } from './promo-blocks';
import { DESKTOP_QUERY, REDUCED_MOTION_QUERY, useMediaQuery } from './use-media-query';
import { useOpenGraphImage } from '../../lib/use-document-meta';
import './home.css';

/** Home (`/` and `/about`): carousel slides and promo blocks as staff set them, promo video, values, tiles, testimonial. */
export function HomeRoute() {
  const { data, error } = useShopQuery(HomeMediaDocument);
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const media = data?.homeMedia;
  useOpenGraphImage(media?.slides[0]?.desktopImage.url);

  useEffect(() => {
    window.scrollTo({ top: 0, behavior: reducedMotion ? 'auto' : 'smooth' });
    // Only on entering home, not when the motion preference changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div className="home">
      <LoadingOverlay logo={media?.logo} />
      <h1 className="visually-hidden">Enzo: accesorios y ropa para perros y gatos</h1>
      {error && !media ? (
        <p role="alert" className="home__error">
          No pudimos cargar las imágenes de la página. Revisa tu conexión e intenta de nuevo.
        </p>
      ) : null}
      {media && media.slides.length ? (
        <>
          <BannerCarousel
            slides={media.slides.map((s) => ({ ...s, image: s.desktopImage }))}
            label="Promociones"
            className="banner-carousel--desktop"
            visible={desktop}
          />
          <BannerCarousel
            slides={media.slides.map((s) => ({ ...s, image: s.mobileImage }))}
            label="Promociones"
            className="banner-carousel--mobile"
            visible={!desktop}
          />
        </>
      ) : media ? null : (
        <div className="banner-carousel banner-carousel--placeholder" aria-hidden="true" />
      )}
      {media ? <PromoVideo src={media.promoVideoUrl} poster={media.promoVideoPoster} /> : null}
      <ValueStatements />
      {media ? (
        <>
          <CategoryTiles
            tiles={media.tiles}
            slugs={['chaquetas', 'bandanas', 'pecheras']}
            title="Explora por categoría"
            className="home-tiles--three"
          />
          <PromoBlocks promos={media.promos} />
          <CategoryTiles
            tiles={media.tiles}
            slugs={['arneses', 'collares', 'correas']}
            title="Arneses, collares y correas"
            className="home-tiles--three"
          />
          <Testimonial />
        </>
      ) : null}
    </div>
  );
}
