import { Navigate, useLocation } from 'react-router';
import { canonicalPathFor } from '#shared/canonical-path.js';

/**
 * The browser's twin of the server's canonical 301 (server/src/app/canonical-redirect.ts): a link followed
 * inside the app to `/chaquetas/` or `/COLLARES` shows the page under its one spelling.
 */
export function CanonicalUrl() {
  const { pathname, search, hash } = useLocation();
  const target = canonicalPathFor(pathname);
  return target ? <Navigate replace to={`${target}${search}${hash}`} /> : null;
}
