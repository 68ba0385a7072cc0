import { useEffect, useState } from 'react';
import type { HomeImageFragment } from './home.generated';

export const LOADING_OVERLAY_MS = 500;

/** Brand logo over the page for 500 ms when entering home (the brand's welcome). */
export function LoadingOverlay({ logo }: { logo?: HomeImageFragment }) {
  // CSS hides it after 500 ms from its first paint (also in server-rendered HTML, before any JavaScript runs);
  // the timer then removes it.
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const timer = window.setTimeout(() => setVisible(false), LOADING_OVERLAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  if (!visible) return null;
  return (
    <div className="loading-overlay" role="status" aria-label="Cargando">
      {logo ? (
        <img src={logo.url} alt="" width={logo.width} height={logo.height} />
      ) : (
        <span className="loading-overlay__brand">Enzo</span>
      )}
    </div>
  );
}
