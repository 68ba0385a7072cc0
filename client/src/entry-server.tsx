/**
 * Server render entry (built by `vite build --ssr` into dist/ssr, loaded by server/src/app/render at run time):
 * the same routes and components as the browser, the route's data loaded first in-process (lib/server-queries.ts,
 * so the HTML carries the content), then rendered to a string at once. The results the render read go to the browser,
 * which hydrates from them (lib/shop-data.tsx).
 */
import { matchRoutes, StaticRouter } from 'react-router';
import { createStore } from 'jotai';
import type { ReactNode } from 'react';
import { ServerQueries } from './lib/server-queries';
import { ShopData } from './lib/shop-data';
import { routes, type RouteHandle } from './app/routes';
import { App } from './app/app';
import { ServerPageContext, type ServerPageRecord } from './lib/use-document-meta';
import { renderHtml } from './server-render';
import type { RenderResult, SsrEntry } from '#shared/ssr-contract.js';

export const render: SsrEntry['render'] = async ({ url, execute }): Promise<RenderResult> => {
  const location = new URL(url, 'http://localhost');
  const matches = matchRoutes(routes, location.pathname) ?? [];
  const handles = matches.map((m) => m.route.handle as RouteHandle | undefined).filter((h) => h !== undefined);
  const modules = [...new Set(handles.map((h) => h.module))];
  if (handles.some((h) => h.clientOnly)) {
    const head = handles.findLast((h) => h.head)?.head ?? {};
    return { kind: 'client-only', head, modules };
  }
  const client = new ServerQueries(execute);
  await Promise.all(handles.map((h) => h.preload()));
  let failed = false;
  await Promise.all(
    matches.map(async (m) => {
      const handle = m.route.handle as RouteHandle | undefined;
      try {
        await handle?.load?.({ client, params: m.params, searchParams: location.searchParams });
      } catch {
        // The page renders its error state (the query's error is in the cache); the response is not cached.
        failed = true;
      }
    }),
  );

  const record: ServerPageRecord = { head: {}, status: 200 };
  const shopData = ShopData.server(client);
  const router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={`${location.pathname}${location.search}`}>{children}</StaticRouter>
  );
  const tree = (
    <ServerPageContext value={record}>
      <App shopData={shopData} store={createStore()} router={router} />
    </ServerPageContext>
  );
  // Everything the page needs is loaded: the whole tree is written at once (server-render.ts).
  const html = await renderHtml(tree, location.pathname, (err) => {
    failed = true;
    console.error(err);
  });
  if (record.redirect) {
    return { kind: 'redirect', status: 301, location: record.redirect };
  }
  return {
    kind: 'page',
    status: failed && record.status === 200 ? 503 : record.status,
    head: record.head,
    modules,
    html,
    state: shopData.recorded(),
    failed,
  };
};
