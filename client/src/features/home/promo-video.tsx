import { useEffect, useRef, useState } from 'react';
import { REDUCED_MOTION_QUERY, useMediaQuery } from './use-media-query';
import type { HomeImageFragment } from './home.generated';

/** Muted looping promo that plays only while at least half of it is visible. */
export function PromoVideo({ src, poster }: { src: string; poster: HomeImageFragment }) {
  const ref = useRef<HTMLVideoElement>(null);
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const [userPaused, setUserPaused] = useState(false);
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    const video = ref.current;
    if (!video || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry && entry.intersectionRatio >= 0.5 && !reducedMotion && !userPaused) {
          video.play().catch(() => undefined);
        } else {
          video.pause();
        }
      },
      { threshold: 0.5 },
    );
    observer.observe(video);
    return () => observer.disconnect();
  }, [reducedMotion, userPaused]);

  function toggle() {
    const video = ref.current;
    if (!video) return;
    if (video.paused) {
      setUserPaused(false);
      video.play().catch(() => undefined);
    } else {
      setUserPaused(true);
      video.pause();
    }
  }

  return (
    <section className="promo-video" aria-label="Video promocional de Enzo">
      <video
        ref={ref}
        muted
        loop
        playsInline
        preload="none"
        poster={poster.url}
        width={poster.width}
        height={poster.height}
        aria-label={poster.alt}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
      >
        <source src={src} type="video/mp4" />
      </video>
      <button type="button" className="promo-video__toggle" onClick={toggle}>
        {playing ? 'Pausar video' : 'Reproducir video'}
      </button>
    </section>
  );
}
