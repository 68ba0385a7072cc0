import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import useEmblaCarousel from 'embla-carousel-react';
import type { HomeImageFragment } from '../../gql/graphql';
import { REDUCED_MOTION_QUERY, useMediaQuery } from './use-media-query';

const AUTOPLAY_MS = 5000;

interface BannerCarouselProps {
  images: HomeImageFragment[];
  label: string;
  className: string;
  /** True for the list the current viewport shows: its first slide loads eagerly. */
  visible: boolean;
}

/** One slide per view, swipeable, autoplay paused on hover/focus/reduced motion; slides link to /halloween. */
export function BannerCarousel({ images, label, className, visible }: BannerCarouselProps) {
  const [viewportRef, api] = useEmblaCarousel({ loop: true, align: 'start' });
  const [selected, setSelected] = useState(0);
  const paused = useRef(false);
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);

  useEffect(() => {
    if (!api) return;
    const onSelect = () => setSelected(api.selectedScrollSnap());
    api.on('select', onSelect).on('reInit', onSelect);
    return () => {
      api.off('select', onSelect).off('reInit', onSelect);
    };
  }, [api]);

  useEffect(() => {
    if (!api || reducedMotion || !visible || images.length < 2) return;
    const timer = window.setInterval(() => {
      if (!paused.current && document.visibilityState === 'visible') api.scrollNext();
    }, AUTOPLAY_MS);
    const stop = () => {
      paused.current = true;
    };
    api.on('pointerDown', stop);
    return () => {
      window.clearInterval(timer);
      api.off('pointerDown', stop);
    };
  }, [api, reducedMotion, visible, images.length]);

  const pause = useCallback(() => {
    paused.current = true;
  }, []);
  const resume = useCallback(() => {
    paused.current = false;
  }, []);

  return (
    <section
      className={`banner-carousel ${className}`}
      aria-roledescription="carrusel"
      aria-label={label}
      onMouseEnter={pause}
      onMouseLeave={resume}
      onFocus={pause}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) resume();
      }}
    >
      <div className="banner-carousel__viewport" ref={viewportRef}>
        <div className="banner-carousel__container">
          {images.map((image, i) => (
            <div className="banner-carousel__slide" key={image.url} role="group" aria-roledescription="diapositiva" aria-label={`${i + 1} de ${images.length}`}>
              <Link to="/halloween" aria-label={`${image.alt}. Ver la colección Halloween`} tabIndex={i === selected ? 0 : -1}>
                <img src={image.url} alt="" width={image.width} height={image.height} loading={visible && i === 0 ? 'eager' : 'lazy'} fetchPriority={visible && i === 0 ? 'high' : 'auto'} decoding="async" />
              </Link>
            </div>
          ))}
        </div>
      </div>
      {images.length > 1 ? (
        <div className="banner-carousel__controls">
          <button type="button" className="banner-carousel__arrow" aria-label="Diapositiva anterior" onClick={() => api?.scrollPrev()}>
            ‹
          </button>
          <div className="banner-carousel__dots">
            {images.map((image, i) => (
              <button key={image.url} type="button" aria-label={`Ir a la diapositiva ${i + 1}`} aria-current={i === selected ? 'true' : undefined} onClick={() => api?.scrollTo(i)} />
            ))}
          </div>
          <button type="button" className="banner-carousel__arrow" aria-label="Diapositiva siguiente" onClick={() => api?.scrollNext()}>
            ›
          </button>
        </div>
      ) : null}
    </section>
  );
}
