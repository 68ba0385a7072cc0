import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** New page, new scroll position (hash links keep theirs). */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) window.scrollTo({ top: 0 });
  }, [pathname, hash]);
  return null;
}
