/**
 * The browser's start-up, from the page's first script to a hydrated page (docs/decisions/0019-arranque-del-navegador.md):
 *
 *   page-start.ts   the first script, inlined in a server-rendered page's head (a bundle of its own): records taps,
 *                   imports the entry once the first pictures are painted;
 *   early-clicks.ts records taps before hydration and replays them after (the only code that touches
 *                   window.ENZO_EARLY_CLICKS, shared by the two bundles);
 *   start-app.ts    the entry's work: React, then the app, one task each;
 *   boot.tsx        hydrates from the server's query results (or renders a browser-only page);
 *   load-apollo.ts  when Apollo Client loads: the first interaction, or the first query that needs the network.
 *
 * The query store those results are read through is lib/shop-data.tsx: every layer reads it, for the page's whole
 * life. Code outside this folder imports only what this index exports (eslint.config.js).
 */
export { startApp } from './start-app';
