import { useEffect, useState } from 'react';
import type { HomeImageFragment } from './home.generated';

export const LOADING_OVERLAY_MS = 500;

/**
 * How long the overlay still has to show. When the page arrived with the server-rendered first screen
 * (server/src/modules/seo/page-shell.ts), its copy of the overlay has been up since the first paint and hides
 * itself 500 ms later (CSS), so this one only covers what is left; read while rendering, before React's first
 * commit replaces that markup.
 */
function remainingMs(): number {
  if (typeof document === 'undefined' || !document.querySelector('.loading-overlay--shell')) return LOADING_OVERLAY_MS;
  const firstPaint = typeof performance !== 'undefined' ? performance.getEntriesByName?.('first-contentful-paint')[0]?.startTime : undefined;
  return firstPaint === undefined ? LOADING_OVERLAY_MS : Math.max(0, LOADING_OVERLAY_MS - (performance.now() - firstPaint));
}

/** Brand logo over the page for 500 ms when entering home (spec §2). */
export function LoadingOverlay({ logo }: { logo?: HomeImageFragment }) {
  const [duration] = useState(remainingMs);
  const [visible, setVisible] = useState(duration > 0);
  useEffect(() => {
    if (duration <= 0) return;
    const timer = window.setTimeout(() => setVisible(false), duration);
    return () => window.clearTimeout(timer);
  }, [duration]);
  if (!visible) return null;
  return (
    <div className="loading-overlay" role="status" aria-label="Cargando">
      {logo ? <img src={logo.url} alt="" width={logo.width} height={logo.height} /> : <span className="loading-overlay__brand">Enzo</span>}
    </div>
  );
}
