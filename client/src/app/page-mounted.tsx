import { createContext, useContext, useEffect } from 'react';

/** What to run once a page has hydrated (the browser entry replays taps made before that); nothing on the server. */
export const MountedContext = createContext<(() => void) | undefined>(undefined);

/**
 * Renders nothing; tells the browser entry once the page around it has been committed (hydrated). Public layouts
 * render it inside the Suspense boundary of their page, which React hydrates after the rest of the page.
 */
export function PageMounted() {
  const onMounted = useContext(MountedContext);
  useEffect(() => onMounted?.(), [onMounted]);
  return null;
}
