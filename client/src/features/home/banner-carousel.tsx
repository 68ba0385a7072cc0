import { useCallback, useEffect, useRef, useState } from 'react';
import { ContentLink } from '../../components/content-link';
import { loadingOf } from '../../components/responsive-image';
import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel';
import { REDUCED_MOTION_QUERY, useMediaQuery } from './use-media-query';
import type { HomeImageFragment } from './home.generated';

const AUTOPLAY_MS = 5000;
const OPTIONS: EmblaOptionsType = { loop: true, align: 'start' };

/**
 * Embla, downloaded on first use (pointer over or touching the carousel, keyboard focus, an arrow or dot, or the
 * first autoplay tick): until then the first slide is plain markup (the page's LCP image) and the page does
 * not pay for the carousel engine. `run` performs an action now or as soon as the engine is ready.
 */
function useLazyEmbla() {
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  const [wanted, setWanted] = useState(false);
  const [api, setApi] = useState<EmblaCarouselType>();
  const pending = useRef<((api: EmblaCarouselType) => void) | null>(null);
  useEffect(() => {
    if (!viewport || !wanted) return;
    let cancelled = false;
    let instance: EmblaCarouselType | undefined;
    import('embla-carousel').then(
      ({ default: EmblaCarousel }) => {
        if (cancelled) return;
        instance = EmblaCarousel(viewport, OPTIONS);
        setApi(instance);
        pending.current?.(instance);
        pending.current = null;
      },
      () => undefined, // Offline: the first slide stays, without swiping.
    );
    return () => {
      cancelled = true;
      instance?.destroy();
      setApi(undefined);
    };
  }, [viewport, wanted]);
  const activate = useCallback(() => setWanted(true), []);
  const run = useCallback(
    (action: (api: EmblaCarouselType) => void) => {
      if (api) action(api);
      else {
        pending.current = action;
        setWanted(true);
      }
    },
    [api],
  );
  return { viewportRef: setViewport, api, activate, run };
}

/** One slide as this viewport shows it: its picture for the screen size, its accessible name and its link. */
export interface BannerSlide {
  id: string;
  title: string;
  link: string;
  image: HomeImageFragment;
}

interface BannerCarouselProps {
  slides: BannerSlide[];
  label: string;
  className: string;
  /** True for the list the current viewport shows: its first slide loads eagerly. */
  visible: boolean;
}

/** One slide per view, swipeable, autoplay paused on hover/focus/reduced motion; each slide links where staff set it. */
export function BannerCarousel({ slides, label, className, visible }: BannerCarouselProps) {
  const { viewportRef, api, activate, run } = useLazyEmbla();
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
    if (reducedMotion || !visible || slides.length < 2) return;
    const timer = window.setInterval(() => {
      if (!paused.current && document.visibilityState === 'visible') run((a) => a.scrollNext());
    }, AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [run, reducedMotion, visible, slides.length]);

  useEffect(() => {
    if (!api) return;
    const stop = () => {
      paused.current = true;
    };
    api.on('pointerDown', stop);
    return () => {
      api.off('pointerDown', stop);
    };
  }, [api]);

  const pause = useCallback(() => {
    paused.current = true;
    activate();
  }, [activate]);
  const resume = useCallback(() => {
    paused.current = false;
  }, []);

  return (
    <section
      className={`banner-carousel ${className}`}
      aria-roledescription="carrusel"
      aria-label={label}
      onMouseEnter={pause}
      onTouchStart={activate}
      onMouseLeave={resume}
      onFocus={pause}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) resume();
      }}
    >
      <div className="banner-carousel__viewport" ref={viewportRef}>
        <div className="banner-carousel__container">
          {slides.map(({ id, title, link, image }, i) => (
            <div
              className="banner-carousel__slide"
              key={id}
              role="group"
              aria-roledescription="diapositiva"
              aria-label={`${i + 1} de ${slides.length}: ${title}`}
            >
              <ContentLink to={link} aria-label={image.alt || title} tabIndex={i === selected ? 0 : -1}>
                <img
                  src={image.url}
                  alt=""
                  width={image.width}
                  height={image.height}
                  {...loadingOf(visible && i === 0)}
                  fetchPriority={visible && i === 0 ? 'high' : 'auto'}
                  decoding="async"
                />
              </ContentLink>
            </div>
          ))}
        </div>
      </div>
      {slides.length > 1 ? (
        <div className="banner-carousel__controls">
          <button
            type="button"
            className="banner-carousel__arrow"
            aria-label="Diapositiva anterior"
            onClick={() => run((a) => a.scrollPrev())}
          >
            ‹
          </button>
          <div className="banner-carousel__dots">
            {slides.map((slide, i) => (
              <button
                key={slide.id}
                type="button"
                aria-label={`Ir a la diapositiva ${i + 1}`}
                aria-current={i === selected ? 'true' : undefined}
                onClick={() => run((a) => a.scrollTo(i))}
              />
            ))}
          </div>
          <button
            type="button"
            className="banner-carousel__arrow"
            aria-label="Diapositiva siguiente"
            onClick={() => run((a) => a.scrollNext())}
          >
            ›
          </button>
        </div>
      ) : null}
    </section>
  );
}
