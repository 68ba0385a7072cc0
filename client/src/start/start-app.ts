import { nextTask } from './next-task';

/**
 * The browser entry's work (client/src/main.tsx runs it). A server-rendered page imports the entry from its first
 * script (page-start.ts) once the page and its first pictures are on the screen, with the app's and the route's
 * chunks already downloading. Pages rendered in the browser only (checkout, receipt, staff) load it from index.html
 * and start at once. Apollo Client loads later still, when the page first needs it (load-apollo.ts).
 */
export async function startApp(): Promise<void> {
  // One library per task: evaluating React and the app in a single task would block the main thread
  // for several hundred milliseconds on a phone (taps wait for it). The chunks download in parallel beforehand.
  await import('react-dom/client');
  await nextTask();
  const { boot } = await import('./boot');
  await nextTask();
  await boot();
}
