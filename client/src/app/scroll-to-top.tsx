import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * New page, new scroll position (hash links keep theirs). Not for the page the browser loaded: it keeps the
 * position it has (a shopper may already have scrolled a server-rendered page before it hydrated, and a reload
 * restores where they were).
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (!hash) window.scrollTo({ top: 0 });
  }, [pathname, hash]);
  return null;
}
